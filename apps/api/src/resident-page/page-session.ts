import { createHash, timingSafeEqual } from 'node:crypto';
import { RESIDENT_PAGE_PATH } from '@curbside/contract';

/*
 * The page session's cookie and the form token bound to it (CONTRACT §12). The cookie holds the
 * session token (only its hash is stored); the form token is derived from it, so only a page
 * shown in this session carries it, and a form sent from elsewhere (CSRF) does not.
 */

export const SESSION_COOKIE = 'curbside_my';

/** The session cookie's value in a `Cookie` header, if any. */
export function sessionCookieOf(header: string | undefined): string | null {
  for (const part of (header ?? '').split(';')) {
    const [name, ...value] = part.trim().split('=');
    if (name === SESSION_COOKIE) return value.join('=');
  }
  return null;
}

/** `Set-Cookie` for a session ending at `expires`: HttpOnly, SameSite=Lax, Path=/my, Secure over https. */
export function sessionCookie(token: string, expires: Date, now: Date, secure: boolean): string {
  const maxAge = Math.max(0, Math.floor((expires.getTime() - now.getTime()) / 1000));
  const attributes = [`${SESSION_COOKIE}=${token}`, `Path=${RESIDENT_PAGE_PATH}`, `Max-Age=${maxAge}`, `Expires=${expires.toUTCString()}`, 'HttpOnly', 'SameSite=Lax'];
  return (secure ? [...attributes, 'Secure'] : attributes).join('; ');
}

/** The form token of a session: a hash of its token under a purpose of its own (not the session token, not its stored hash). */
export const formTokenOf = (sessionToken: string): string => createHash('sha256').update(`resident-page-form\u0000${sessionToken}`).digest('base64url');

/** Whether a form carries this session's token. */
export function isFormTokenOf(sent: unknown, sessionToken: string): boolean {
  if (typeof sent !== 'string') return false;
  const expected = Buffer.from(formTokenOf(sessionToken));
  const given = Buffer.from(sent);
  return given.length === expected.length && timingSafeEqual(given, expected);
}
