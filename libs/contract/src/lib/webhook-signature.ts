import { createHmac, timingSafeEqual } from 'node:crypto';

/*
 * Webhook signatures (CONTRACT §5), part of the wire contract: the notifier signs with `signWebhook`,
 * integrators (and @curbside/client) verify with `verifyWebhookSignature`.
 * Format: `Curbside-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256
 * of "<t>.<raw body>" with the webhook's secret>`. The timestamp is signed too, so an old
 * request cannot be replayed with a fresh one.
 */

export const SIGNATURE_HEADER = 'Curbside-Signature';
export const EVENT_ID_HEADER = 'Curbside-Event-Id';

const hmac = (secret: string, timestamp: number, rawBody: string | Buffer): string =>
  createHmac('sha256', secret).update(`${timestamp}.`).update(rawBody).digest('hex');

/** The header value for `rawBody` signed at `timestamp` (unix seconds). */
export function signWebhook(rawBody: string | Buffer, secret: string, timestamp = Math.floor(Date.now() / 1000)): string {
  return `t=${timestamp},v1=${hmac(secret, timestamp, rawBody)}`;
}

export interface VerifyOptions {
  /** How old (or how far in the future) a signature may be; default 300 seconds. */
  toleranceSeconds?: number;
  /** Unix seconds; default now. */
  now?: number;
}

/**
 * For integrators: true when `header` is a valid signature of exactly `rawBody` (the bytes
 * received, before any JSON parsing) with `secret`, made within the tolerance. Compares in
 * constant time.
 */
export function verifyWebhookSignature(
  rawBody: string | Buffer,
  header: string | undefined | null,
  secret: string,
  { toleranceSeconds = 300, now = Math.floor(Date.now() / 1000) }: VerifyOptions = {},
): boolean {
  if (!header) return false;
  const parts = new Map<string, string[]>();
  for (const part of header.split(',')) {
    const [key, ...value] = part.trim().split('=');
    parts.set(key, [...(parts.get(key) ?? []), value.join('=')]);
  }
  const timestamp = Number(parts.get('t')?.[0]);
  if (!Number.isInteger(timestamp) || Math.abs(now - timestamp) > toleranceSeconds) return false;
  const expected = Buffer.from(hmac(secret, timestamp, rawBody), 'hex');
  return (parts.get('v1') ?? []).some((candidate) => {
    const given = Buffer.from(candidate, 'hex');
    return given.length === expected.length && timingSafeEqual(given, expected);
  });
}
