import { createHmac, timingSafeEqual } from 'node:crypto';

/*
 * The signature of a text provider's inbound webhook (CONTRACT §10), in Twilio's scheme:
 * `X-Twilio-Signature` = base64 of HMAC-SHA1, keyed by the account's auth token
 * (TEXT_PROVIDER_AUTH_TOKEN), of the full URL the provider posts to followed by each POST
 * member's name and value, sorted by name, concatenated. A member sent more than once adds
 * each of its values, in the order sent.
 */

export const TEXT_INBOUND_SIGNATURE_HEADER = 'X-Twilio-Signature';

/** The decoded members of a form-encoded POST body. */
export type FormMembers = Record<string, string | readonly string[] | undefined>;

export function signTextInbound(url: string, members: FormMembers, authToken: string): string {
  const signed = Object.keys(members)
    .sort()
    .map((name) => {
      const value = members[name];
      return (typeof value === 'string' ? [value] : (value ?? [])).map((item) => `${name}${item}`).join('');
    })
    .join('');
  return createHmac('sha1', authToken).update(`${url}${signed}`, 'utf8').digest('base64');
}

/** Whether `signature` is that of the members posted to `url` (compared in constant time). */
export function verifyTextInbound(url: string, members: FormMembers, signature: string | undefined, authToken: string): boolean {
  if (signature === undefined || signature === '') return false;
  const expected = Buffer.from(signTextInbound(url, members, authToken));
  const given = Buffer.from(signature);
  return given.length === expected.length && timingSafeEqual(given, expected);
}
