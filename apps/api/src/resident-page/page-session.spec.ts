import { formTokenOf, isFormTokenOf, sessionCookie, sessionCookieOf } from './page-session';

const NOW = new Date('2026-11-30T15:00:00.000Z');
const IN_30_DAYS = new Date('2026-12-30T15:00:00.000Z');

describe("the page session's cookie (CONTRACT §12)", () => {
  it('is HttpOnly, SameSite=Lax, Path=/my, and Secure if and only if the public address is https', () => {
    const plain = sessionCookie('token', IN_30_DAYS, NOW, false).split('; ');
    expect(plain).toEqual(['curbside_my=token', 'Path=/my', 'Max-Age=2592000', 'Expires=Wed, 30 Dec 2026 15:00:00 GMT', 'HttpOnly', 'SameSite=Lax']);
    expect(sessionCookie('token', IN_30_DAYS, NOW, true).split('; ')).toEqual([...plain, 'Secure']);
  });

  it('is read back from a Cookie header among others', () => {
    expect(sessionCookieOf('a=1; curbside_my=abc; b=2')).toBe('abc');
    expect(sessionCookieOf('a=1')).toBeNull();
    expect(sessionCookieOf(undefined)).toBeNull();
  });
});

describe('the form token', () => {
  it("is the session's own: another session's, a missing or a forged one does not pass", () => {
    const token = formTokenOf('session-a');
    expect(isFormTokenOf(token, 'session-a')).toBe(true);
    expect(isFormTokenOf(token, 'session-b')).toBe(false);
    expect(isFormTokenOf(undefined, 'session-a')).toBe(false);
    expect(isFormTokenOf(`${token}x`, 'session-a')).toBe(false);
    expect(token).not.toContain('session-a');
  });
});
