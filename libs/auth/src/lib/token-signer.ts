import { createHash, createHmac, randomBytes, randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { SigningKeyRepository, SigningKeys } from '@curbside/persistence';
import { AUTH_OPTIONS, AuthOptions } from './auth.options';

// jose ships ES modules only; this CommonJS build reaches it through a dynamic import.
type Jose = typeof import('jose', { with: { 'resolution-mode': 'import' } });
type JWTPayload = import('jose', { with: { 'resolution-mode': 'import' } }).JWTPayload;
let jose: Promise<Jose> | null = null;
const loadJose = (): Promise<Jose> => (jose ??= import('jose'));

const ISSUER = 'curbside';
const ALGORITHM = 'HS256';

/**
 * How long an instance signs with the keys it loaded before reading them again: after a
 * rotation, an instance may sign with the previous key for up to this long.
 */
export const KEY_REFRESH_MS = 30_000;
/**
 * A token naming a key this instance does not know reloads the keys, at most this often: a token that comes sooner
 * waits for the next reload, which every such token shares, rather than being refused.
 */
const UNKNOWN_KID_RELOAD_MS = 250;
/** How many verified tokens an instance remembers (the oldest is forgotten first). */
const VERIFIED_TOKENS_KEPT = 10_000;
/** A token issued later than now by more than this (instances' clocks may differ a little) is not valid yet. */
const ISSUED_AT_TOLERANCE_SECONDS = 30;

/** What sets one kind of token apart: a token of one kind never verifies as another. */
export interface TokenKind {
  /** The `typ` header, e.g. `at+jwt`. */
  type: string;
  audience: string;
}

/** Thrown by `verify` for any token that is not of the kind, not signed with a key still accepted, or expired. */
export class TokenRejected extends Error {
  constructor(readonly expired: boolean) {
    super(expired ? 'the token has expired' : 'the token is not valid');
    this.name = 'TokenRejected';
  }
}

/** What `keys rotate` did. */
export interface KeyRotation {
  kid: string;
  previousKid: string;
  /** From then on, tokens signed with the previous key are refused. */
  previousRetiresAt: Date;
}

/** A rotation that cannot be done; the message says why and what to do instead. */
export class KeyRotationRefused extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'KeyRotationRefused';
  }
}

type Claims = JWTPayload & { sub: string };

/** A token whose signature and claims were checked once; its key and its times are checked on every use. */
interface VerifiedToken {
  kid: string;
  claims: Claims;
}

interface VerifyingKey {
  secret: Uint8Array;
  /** Epoch ms from which tokens signed with it are refused; null while it is the current key. */
  retiresAt: number | null;
}

/** The keys one instance works with: one to sign, and every key it still accepts, by kid. */
interface KeyRing {
  kid: string;
  secret: Uint8Array;
  verifying: Map<string, VerifyingKey>;
}

/**
 * The JWT mechanics every token of the API shares: HS256, issuer `curbside`, a key id (`kid`)
 * and a jti. The key is TOKEN_SIGNING_KEY, or one generated and stored in the database; a stored
 * key can be rotated, and the previous one then verifies only while an access token signed with
 * it could still be unexpired.
 */
@Injectable()
export class TokenSigner {
  private ring: Promise<KeyRing> | null = null;
  private loadStartedAt = 0;
  /** The reload that tokens naming an unknown key wait for, when one was made less than UNKNOWN_KID_RELOAD_MS ago. */
  private nextReload: Promise<KeyRing> | null = null;
  /** By kind, required claims and token: a client sends the same token for its whole life, so the HMAC is checked once. */
  private readonly verified = new Map<string, VerifiedToken>();

  constructor(
    @Inject(AUTH_OPTIONS) private readonly options: AuthOptions,
    private readonly signingKeys: SigningKeyRepository,
  ) {}

  now(): Date {
    return this.options.clock?.() ?? new Date();
  }

  /** Signs `claims` for `subject` with the current key; without `expiresAt` the token does not expire. */
  async sign(kind: TokenKind, subject: string, claims: JWTPayload, issuedAt: Date, expiresAt?: Date): Promise<string> {
    const { SignJWT } = await loadJose();
    const { secret, kid } = await this.keys();
    const jwt = new SignJWT(claims)
      .setProtectedHeader({ alg: ALGORITHM, typ: kind.type, kid })
      .setIssuer(ISSUER)
      .setAudience(kind.audience)
      .setSubject(subject)
      .setIssuedAt(seconds(issuedAt))
      .setJti(randomUUID());
    if (expiresAt !== undefined) jwt.setExpirationTime(seconds(expiresAt));
    return jwt.sign(secret);
  }

  /** The claims of a token of `kind` that carries `requiredClaims`; throws TokenRejected otherwise. */
  async verify(kind: TokenKind, token: string, requiredClaims: string[]): Promise<Claims> {
    const cacheKey = `${kind.type} ${kind.audience} ${requiredClaims.join(',')} ${token}`;
    const known = this.verified.get(cacheKey);
    if (known !== undefined) return this.stillValid(known, (await this.keys()).verifying.get(known.kid));
    const { errors, jwtVerify, decodeProtectedHeader } = await loadJose();
    const now = this.now();
    const key = await this.verifyingKey(token);
    if (key === null || (key.retiresAt !== null && now.getTime() >= key.retiresAt)) throw new TokenRejected(false);
    let claims: Claims;
    try {
      const { payload } = await jwtVerify(token, key.secret, {
        algorithms: [ALGORITHM],
        issuer: ISSUER,
        audience: kind.audience,
        typ: kind.type,
        currentDate: now,
        requiredClaims: ['sub', 'iat', 'jti', ...requiredClaims],
      });
      if (typeof payload.sub !== 'string' || this.issuedInFuture(payload)) throw new TokenRejected(false);
      claims = { ...payload, sub: payload.sub };
    } catch (error) {
      throw new TokenRejected(error instanceof errors.JWTExpired);
    }
    this.remember(cacheKey, { kid: decodeProtectedHeader(token).kid as string, claims });
    return claims;
  }

  /** A verified token's claims while its key still verifies and it has not expired; the same refusals as a first check. */
  private stillValid({ claims }: VerifiedToken, key: VerifyingKey | undefined): Claims {
    const now = this.now();
    if (key === undefined || (key.retiresAt !== null && now.getTime() >= key.retiresAt)) throw new TokenRejected(false);
    if (claims.exp !== undefined && claims.exp <= seconds(now)) throw new TokenRejected(true);
    if ((claims.nbf !== undefined && claims.nbf > seconds(now)) || this.issuedInFuture(claims)) throw new TokenRejected(false);
    return claims;
  }

  private issuedInFuture(payload: JWTPayload): boolean {
    return (payload.iat as number) > seconds(this.now()) + ISSUED_AT_TOLERANCE_SECONDS;
  }

  private remember(cacheKey: string, token: VerifiedToken): void {
    this.verified.set(cacheKey, token);
    if (this.verified.size > VERIFIED_TOKENS_KEPT) this.verified.delete(this.verified.keys().next().value as string);
  }

  /**
   * A key for another purpose (e.g. signing list cursors), derived from the current signing key
   * so that no second secret has to be configured or stored. Each purpose gets its own key; a
   * rotation changes it too (list cursors issued before then are refused, and the client starts over).
   */
  async derivedKey(purpose: string): Promise<Buffer> {
    const { secret } = await this.keys();
    return createHmac('sha256', secret).update(`curbside derived key: ${purpose}`).digest();
  }

  /**
   * Signs new tokens with a new stored key from now on; the current key keeps verifying until
   * every access token it signed has expired. Refused with TOKEN_SIGNING_KEY set, or while the
   * key before is still verifying (its tokens would be cut short).
   */
  async rotate(): Promise<KeyRotation> {
    if (this.options.tokenSigningKey !== null) {
      throw new KeyRotationRefused(
        'TOKEN_SIGNING_KEY is set, so the key is not stored: rotate it by changing the variable on every instance.',
      );
    }
    const now = this.now();
    const keys = await this.signingKeys.getOrCreate(generateKey, now);
    const previousRetiresAt = keys.previous && this.retirementOf(keys);
    if (previousRetiresAt !== null && now.getTime() < previousRetiresAt) {
      throw new KeyRotationRefused(
        `The previous key still verifies tokens until ${new Date(previousRetiresAt).toISOString()}; rotate again after that.`,
      );
    }
    const next = generateKey();
    if (!(await this.signingKeys.rotate(keys.current.kid, next, now))) {
      throw new KeyRotationRefused('Another rotation happened at the same time; nothing was changed.');
    }
    this.ring = null; // sign with the new key from now on
    const rotated = { current: { ...next, createdAt: now }, previous: keys.current };
    return { kid: next.kid, previousKid: keys.current.kid, previousRetiresAt: new Date(this.retirementOf(rotated)) };
  }

  /** The key the token's header names, reloading the keys once when it names one not known here. */
  private async verifyingKey(token: string): Promise<VerifyingKey | null> {
    const { decodeProtectedHeader } = await loadJose();
    let kid: unknown;
    try {
      kid = decodeProtectedHeader(token).kid;
    } catch {
      return null;
    }
    if (typeof kid !== 'string') return null;
    const ring = await this.keys();
    if (ring.verifying.has(kid) || this.options.tokenSigningKey !== null) return ring.verifying.get(kid) ?? null;
    return (await this.reloadForUnknownKey()).verifying.get(kid) ?? null;
  }

  /**
   * The keys read again for a token naming a key this instance does not know (one rotated in since it last read
   * them, or a forgery): at once, or when UNKNOWN_KID_RELOAD_MS have passed since the last read, one read for every
   * token waiting. Unknown keys cannot make an instance read more often than that, and a token signed with a key
   * rotated a moment ago is not refused for coming too soon.
   */
  private reloadForUnknownKey(): Promise<KeyRing> {
    const wait = Math.min(UNKNOWN_KID_RELOAD_MS, UNKNOWN_KID_RELOAD_MS - (this.now().getTime() - this.loadStartedAt));
    if (wait <= 0) return this.keys(true);
    this.nextReload ??= new Promise<void>((resolve) => setTimeout(resolve, wait)).then(() => {
      this.nextReload = null;
      return this.keys(true);
    });
    return this.nextReload;
  }

  /** The keys, loaded again when `reload` or when the stored ones may have been rotated meanwhile. */
  private keys(reload = false): Promise<KeyRing> {
    const refreshDue = this.options.tokenSigningKey === null && this.now().getTime() - this.loadStartedAt >= KEY_REFRESH_MS;
    if (this.ring === null || reload || refreshDue) {
      this.loadStartedAt = this.now().getTime();
      this.ring = this.loadKeys().catch((error: unknown) => {
        this.ring = null; // try again on the next request
        throw error;
      });
    }
    return this.ring;
  }

  private async loadKeys(): Promise<KeyRing> {
    const configured = this.options.tokenSigningKey;
    if (configured !== null) {
      const secret = encode(configured);
      return { kid: kidOf(configured), secret, verifying: new Map([[kidOf(configured), { secret, retiresAt: null }]]) };
    }
    const keys = await this.signingKeys.getOrCreate(generateKey, this.now());
    const verifying = new Map([[keys.current.kid, { secret: encode(keys.current.secret), retiresAt: null as number | null }]]);
    if (keys.previous) verifying.set(keys.previous.kid, { secret: encode(keys.previous.secret), retiresAt: this.retirementOf(keys) });
    return { kid: keys.current.kid, secret: encode(keys.current.secret), verifying };
  }

  /**
   * When the previous key's last access token expires: tokens are signed with it until the
   * rotation, and by instances that have not reloaded their keys yet for up to KEY_REFRESH_MS after.
   */
  private retirementOf(keys: SigningKeys): number {
    return keys.current.createdAt.getTime() + KEY_REFRESH_MS + this.options.tokenTtlSeconds * 1000;
  }
}

const seconds = (date: Date): number => Math.floor(date.getTime() / 1000);

function generateKey(): { kid: string; secret: string } {
  const secret = randomBytes(32).toString('base64url');
  return { kid: kidOf(secret), secret };
}

const encode = (text: string): Uint8Array => new TextEncoder().encode(text);

/** A key id derived from the key, so a token signed with another key is told apart by its header. */
function kidOf(key: string): string {
  return createHash('sha256').update(key).digest('base64url').slice(0, 16);
}
