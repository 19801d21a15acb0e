import type { LocalDateTime } from './values';

/* The account's portal logins and notes: shown as imported (CONTRACT §6). */

/** A login of the customer's portal. */
export interface Profile {
  /** Text, not an `Id`: the published pages type it String (e.g. `1041279930086984565|E`). */
  id: string;
  paperlessInvoice: boolean | null;
  autoPay: boolean | null;
  logonStatus: boolean | null;
  firstName: string | null;
  lastName: string | null;
  email: string | null;
  /** ISO-8601 with an offset, e.g. `2026-05-21T15:41:52.000-05:00`, kept as written. */
  lastLoginDate: string | null;
}

/**
 * A note on the account. Notes have no id: a note is identified by all it says (`noteKey`),
 * so importing the same note twice keeps one.
 */
export interface Note {
  comment: string | null;
  createdAt: LocalDateTime;
  audit: { createdAt: LocalDateTime | null; createdBy: string | null };
}

export const noteKey = (note: Note): string =>
  JSON.stringify([note.createdAt, note.comment, note.audit.createdAt, note.audit.createdBy]);
