import { signWebhook } from '@curbside/contract';
import { SIGNATURE_HEADER, verifyWebhookSignature } from '../src';

/** The notifier signs with `signWebhook` (libs/notifications channels.ts); an integrator verifies with the SDK. */
describe('verifyWebhookSignature', () => {
  const secret = 'whsec_test_0123456789';
  const body = JSON.stringify({ event: 'ticket.closed', customer_id: '1000001', ticket_id: '1005001' });
  const now = 1_780_000_000;

  it('names the header the notifier sends', () => {
    expect(SIGNATURE_HEADER).toBe('Curbside-Signature');
  });

  it('accepts the notifier\u2019s signature of the raw body', () => {
    expect(verifyWebhookSignature(body, signWebhook(body, secret, now), secret, { now })).toBe(true);
    expect(verifyWebhookSignature(Buffer.from(body), signWebhook(body, secret, now), secret, { now: now + 299 })).toBe(true);
  });

  it('refuses a tampered body, a wrong secret, an altered or replayed header, and none', () => {
    const header = signWebhook(body, secret, now);
    expect(verifyWebhookSignature(body.replace('1005001', '1005002'), header, secret, { now })).toBe(false);
    expect(verifyWebhookSignature(body, header, 'whsec_other', { now })).toBe(false);
    expect(verifyWebhookSignature(body, header.replace(`t=${now}`, `t=${now + 1}`), secret, { now })).toBe(false);
    expect(verifyWebhookSignature(body, header, secret, { now: now + 301 })).toBe(false);
    expect(verifyWebhookSignature(body, undefined, secret, { now })).toBe(false);
  });
});
