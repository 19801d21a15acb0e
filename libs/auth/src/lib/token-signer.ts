import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { SigningKeyRepository } from '@curbside/persistence';
import { AUTH_OPTIONS, AuthOptions } from './auth.options';

// jose ships ES modules only; this CommonJS build reaches it through a dynamic import.
type Jose = typeof import('jose', { with: { 'resolution-mode': 'import' } });
type JWTPayload = import('jose', { with: { 'resolution-mode': 'import' } }).JWTPayload;
let jose: Promise<Jose> | null = null;
const loadJose = (): Promise<Jose> => (jose ??= import('jose'));

const ISSUER = 'curbside';
const ALGORITHM = 'HS256';

/** What sets one kind of token apart: a token of one kind never verifies as another. */
export interface TokenKind {
  /** The `typ` header, e.g. `at+jwt`. */
  type: string;
  audience: string;
}

interface SigningKey {
  secret: Uint8Array;
  kid: string;
}

/** Thrown by `verify` for any token that is not of the kind, not signed with the current key, or expired. */
export class TokenRejected extends Error {
  constructor(readonly expired: boolean) {
    super(expired ? 'the token has expired' : 'the token is not valid');
    this.name = 'TokenRejected';
  }
}

/**
 * The JWT mechanics every token of the API shares: HS256 with one key (the configured one, else
 * one generated once and stored in the database), issuer `curbside`, a key id and a jti.
 */
@Injectable()
export class TokenSigner {
  private signingKey: Promise<SigningKey> | null = null;

  constructor(
    @Inject(AUTH_OPTIONS) private readonly options: Pick<AuthOptions, 'tokenSigningKey'>,
    private readonly signingKeys: SigningKeyRepository,
  ) {}

  /** Signs `claims` for `subject`; without `expiresAt` the token does not expire. */
  async sign(kind: TokenKind, subject: string, claims: JWTPayload, issuedAt: Date, expiresAt?: Date): Promise<string> {
    const { SignJWT } = await loadJose();
    const { secret, kid } = await this.key();
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
  async verify(kind: TokenKind, token: string, requiredClaims: string[]): Promise<JWTPayload & { sub: string }> {
    const { errors, jwtVerify } = await loadJose();
    const { secret, kid } = await this.key();
    try {
      const { payload, protectedHeader } = await jwtVerify(token, secret, {
        algorithms: [ALGORITHM],
        issuer: ISSUER,
        audience: kind.audience,
        typ: kind.type,
        requiredClaims: ['sub', 'iat', 'jti', ...requiredClaims],
      });
      if (protectedHeader.kid !== kid || typeof payload.sub !== 'string') throw new TokenRejected(false);
      return { ...payload, sub: payload.sub };
    } catch (error) {
      throw new TokenRejected(error instanceof errors.JWTExpired);
    }
  }

  private key(): Promise<SigningKey> {
    this.signingKey ??= this.loadKey().catch((error: unknown) => {
      this.signingKey = null; // try again on the next request
      throw error;
    });
    return this.signingKey;
  }

  private async loadKey(): Promise<SigningKey> {
    const configured = this.options.tokenSigningKey;
    const { kid, secret } =
      configured !== null
        ? { kid: kidOf(configured), secret: configured }
        : await this.signingKeys.getOrCreate(() => {
            const generated = randomBytes(32).toString('base64url');
            return { kid: kidOf(generated), secret: generated };
          });
    return { kid, secret: new TextEncoder().encode(secret) };
  }
}

const seconds = (date: Date): number => Math.floor(date.getTime() / 1000);

/** A key id derived from the key, so a token signed with another key is told apart by its header. */
function kidOf(key: string): string {
  return createHash('sha256').update(key).digest('base64url').slice(0, 16);
}
