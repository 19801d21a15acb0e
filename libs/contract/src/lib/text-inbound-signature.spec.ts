import { signTextInbound, verifyTextInbound } from './text-inbound-signature';

/* Twilio's scheme (CONTRACT §10); the expected value was computed apart, with Python's hmac module. */
const URL = 'https://notices.prairie.example/webhooks/text-inbound';
const MEMBERS = { From: '+15550100150', To: '+15550009999', Body: 'STOP', MessageSid: 'SM0123' };

describe('the inbound text signature', () => {
  it('is base64 HMAC-SHA1 of the URL and the members sorted by name, each name then value', () => {
    expect(signTextInbound(URL, MEMBERS, 'twilio-auth-token')).toBe('RKMn1PscJ+0cMvABAS//B5WbK4w=');
  });

  it('verifies only the same URL, members and token', () => {
    const signature = signTextInbound(URL, MEMBERS, 'twilio-auth-token');
    expect(verifyTextInbound(URL, MEMBERS, signature, 'twilio-auth-token')).toBe(true);
    expect(verifyTextInbound(URL, { ...MEMBERS, Body: 'START' }, signature, 'twilio-auth-token')).toBe(false);
    expect(verifyTextInbound(`${URL}/`, MEMBERS, signature, 'twilio-auth-token')).toBe(false);
    expect(verifyTextInbound(URL, MEMBERS, signature, 'another-token')).toBe(false);
    expect(verifyTextInbound(URL, MEMBERS, undefined, 'twilio-auth-token')).toBe(false);
    expect(verifyTextInbound(URL, MEMBERS, 'short', 'twilio-auth-token')).toBe(false);
  });
});
