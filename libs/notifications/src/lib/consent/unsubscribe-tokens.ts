import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { PREFERENCE_CATEGORIES, type Id, type PreferenceCategory } from '@curbside/domain';
import type { SigningKeyRepository } from '@curbside/persistence';

/** What an unsubscribe link stops: one customer's emails of one category to one address (CONTRACT §10). */
export interface UnsubscribeGrant {
  customerId: Id;
  category: PreferenceCategory;
  address: string;
}

/** The stored key's slot: generated once, never rotated (the links in sent emails must keep working). */
const KEY_PURPOSE = 'unsubscribe-links';
const VERSION = 1;
const NONCE_BYTES = 12;
const TAG_BYTES = 16;
/** Bound into every token: a ciphertext made for another purpose with the same key never reads as one. */
const ASSOCIATED_DATA = Buffer.from('curbside unsubscribe link v1');

/**
 * The unsubscribe links' tokens: AES-256-GCM over the customer, the category and the address,
 * so a token is opaque (the address cannot be read from a URL in a log), unforgeable and
 * tamper-evident (the tag), and needs no row per email. They do not expire. The key is
 * generated once and stored in the database, so every API instance and every notifier shares it.
 */
export class UnsubscribeTokens {
  private key: Promise<Buffer> | null = null;

  constructor(private readonly keys: SigningKeyRepository) {}

  /** A token naming `grant`, made with the stored key (a new nonce each time). */
  async issue(grant: UnsubscribeGrant): Promise<string> {
    return seal(await this.keyBytes(), grant);
  }

  /** A function that makes tokens without waiting: for planning a batch of emails at once. */
  async issuer(): Promise<(grant: UnsubscribeGrant) => string> {
    const key = await this.keyBytes();
    return (grant) => seal(key, grant);
  }

  /** What a token names; null for anything not made by `issue` with this key (altered, cut, re-encoded, made up). */
  async read(token: string): Promise<UnsubscribeGrant | null> {
    const sealed = decodeCanonical(token);
    if (sealed === null || sealed.length <= 1 + NONCE_BYTES + TAG_BYTES || sealed[0] !== VERSION) return null;
    const nonce = sealed.subarray(1, 1 + NONCE_BYTES);
    const tag = sealed.subarray(sealed.length - TAG_BYTES);
    try {
      const decipher = createDecipheriv('aes-256-gcm', await this.keyBytes(), nonce).setAAD(ASSOCIATED_DATA).setAuthTag(tag);
      const plain = Buffer.concat([decipher.update(sealed.subarray(1 + NONCE_BYTES, sealed.length - TAG_BYTES)), decipher.final()]);
      return parseGrant(plain.toString('utf8'));
    } catch {
      return null;
    }
  }

  private keyBytes(): Promise<Buffer> {
    this.key ??= this.keys
      .keyFor(KEY_PURPOSE, () => ({ kid: KEY_PURPOSE, secret: randomBytes(32).toString('base64url') }))
      .then(({ secret }) => Buffer.from(secret, 'base64url'))
      .catch((error: unknown) => {
        this.key = null; // try again on the next call
        throw error;
      });
    return this.key;
  }
}

/** Nonces drawn from the CSPRNG a few thousand at a time: a daily run seals a token per email, millions of them. */
const NONCES_PER_DRAW = 4096;
let nonces = Buffer.alloc(0);
let nextNonce = 0;

function freshNonce(): Buffer {
  if (nextNonce === nonces.length) {
    nonces = randomBytes(NONCE_BYTES * NONCES_PER_DRAW);
    nextNonce = 0;
  }
  nextNonce += NONCE_BYTES;
  return nonces.subarray(nextNonce - NONCE_BYTES, nextNonce);
}

function seal(key: Buffer, { customerId, category, address }: UnsubscribeGrant): string {
  const nonce = freshNonce();
  const cipher = createCipheriv('aes-256-gcm', key, nonce).setAAD(ASSOCIATED_DATA);
  const plain = JSON.stringify([customerId, PREFERENCE_CATEGORIES.indexOf(category), address]);
  const sealed = Buffer.concat([Buffer.from([VERSION]), nonce, cipher.update(plain, 'utf8'), cipher.final(), cipher.getAuthTag()]);
  return sealed.toString('base64url');
}

/** The bytes of a base64url token, only when it is written exactly as `seal` writes them (no unused bits set, no padding). */
function decodeCanonical(token: string): Buffer | null {
  if (!/^[\w-]{1,1000}$/.test(token)) return null;
  const bytes = Buffer.from(token, 'base64url');
  return bytes.toString('base64url') === token ? bytes : null;
}

function parseGrant(plain: string): UnsubscribeGrant | null {
  const [customerId, categoryIndex, address] = JSON.parse(plain) as [unknown, unknown, unknown];
  const category = typeof categoryIndex === 'number' ? PREFERENCE_CATEGORIES[categoryIndex] : undefined;
  if (typeof customerId !== 'string' || category === undefined || typeof address !== 'string') return null;
  return { customerId, category, address };
}
