import { signWebhook, verifyWebhookSignature } from '../src';

describe('webhook signatures', () => {
  const secret = 'whsec_test';
  const body = '{"id":"1","type":"ticket.created"}';
  const now = 1_800_000_000;

  it('signs "<t>.<raw body>" with HMAC-SHA256, and the helper accepts it', () => {
    const header = signWebhook(body, secret, now);
    expect(header).toMatch(/^t=1800000000,v1=[0-9a-f]{64}$/);
    expect(verifyWebhookSignature(body, header, secret, { now })).toBe(true);
    expect(verifyWebhookSignature(Buffer.from(body), header, secret, { now: now + 299 })).toBe(true);
  });

  it('rejects a changed body, another secret, an old or future timestamp, and malformed headers', () => {
    const header = signWebhook(body, secret, now);
    expect(verifyWebhookSignature(body.replace('1', '2'), header, secret, { now })).toBe(false);
    expect(verifyWebhookSignature(body, header, 'whsec_other', { now })).toBe(false);
    expect(verifyWebhookSignature(body, header, secret, { now: now + 301 })).toBe(false);
    expect(verifyWebhookSignature(body, header, secret, { now: now - 301 })).toBe(false);
    expect(verifyWebhookSignature(body, header, secret, { now: now + 60, toleranceSeconds: 30 })).toBe(false);
    expect(verifyWebhookSignature(body, header.replace(/t=\d+/, `t=${now + 1}`), secret, { now })).toBe(false);
    for (const bad of [undefined, '', 'v1=abc', `t=${now}`, `t=${now},v1=zz`, `t=x,v1=${'0'.repeat(64)}`]) {
      expect(verifyWebhookSignature(body, bad, secret, { now })).toBe(false);
    }
  });
});
