import { randomBytes, scrypt, timingSafeEqual } from 'node:crypto';

/** A new public client identifier, e.g. `cs_8Jq3...`. */
export function newClientId(): string {
  return `cs_${randomBytes(12).toString('base64url')}`;
}

/** A new client secret: 32 random bytes, base64url. Shown to the operator once, stored hashed. */
export function newClientSecret(): string {
  return randomBytes(32).toString('base64url');
}

// scrypt cost parameters; they are written into every hash so they can be raised later.
const COST = { N: 16384, r: 8, p: 1 };
const KEY_LENGTH = 32;
const SALT_LENGTH = 16;

/** `scrypt$N$r$p$<salt base64url>$<hash base64url>`. */
export async function hashSecret(secret: string): Promise<string> {
  const salt = randomBytes(SALT_LENGTH);
  const hash = await derive(secret, salt, KEY_LENGTH, COST);
  return ['scrypt', COST.N, COST.r, COST.p, salt.toString('base64url'), hash.toString('base64url')].join('$');
}

/** True when `secret` matches `stored` (a `hashSecret` result); false for any malformed hash. */
export async function verifySecret(secret: string, stored: string): Promise<boolean> {
  const parts = stored.split('$');
  if (parts.length !== 6 || parts[0] !== 'scrypt') return false;
  const [N, r, p] = parts.slice(1, 4).map(Number);
  const salt = Buffer.from(parts[4], 'base64url');
  const expected = Buffer.from(parts[5], 'base64url');
  if (![N, r, p].every(Number.isSafeInteger) || expected.length === 0) return false;
  const actual = await derive(secret, salt, expected.length, { N, r, p }).catch(() => null);
  return actual !== null && timingSafeEqual(actual, expected);
}

function derive(secret: string, salt: Buffer, length: number, cost: typeof COST): Promise<Buffer> {
  return new Promise((resolve, reject) =>
    scrypt(secret, salt, length, { ...cost, maxmem: 64 * 1024 * 1024 }, (error, key) => (error ? reject(error) : resolve(key))),
  );
}
