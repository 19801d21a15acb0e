/*
 * A resident's page (CONTRACT §12): how long its link and its session work. Instants are
 * `Date`s; the door's clock says what "now" is.
 */

/** A page session lasts at most this long. */
export const RESIDENT_SESSION_DAYS = 30;

const DAY_MS = 24 * 60 * 60 * 1000;

/** A page link made now works until this instant (`RESIDENT_LINK_DAYS`). */
export const residentLinkExpiry = (now: Date, linkDays: number): Date => new Date(now.getTime() + linkDays * DAY_MS);

/** A session opened now from a link: at most 30 days, and never beyond the link's own end. */
export function residentSessionExpiry(now: Date, linkExpires: Date): Date {
  const longest = now.getTime() + RESIDENT_SESSION_DAYS * DAY_MS;
  return new Date(Math.min(longest, linkExpires.getTime()));
}

/** Whether a link or session that ends at `expires` still works at `now`. */
export const isResidentTokenLive = (expires: Date, now: Date): boolean => now.getTime() < expires.getTime();
