import { createHash, createHmac, randomBytes, randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { SigningKeyRepository } from '@curbside/persistence';
import { AuthErrorCode, AuthException } from './auth.exception';
import { AUTH_OPTIONS, AuthOptions } from './auth.options';

/** The token endpoint's success body (RFC 6749 §5.1). */
export interface AccessTokenResponse {
  access_token: string;
  token_type: 'Bearer';
  expires_in: number;
}

const ISSUER = 'curbside';
const AUDIENCE = 'curbside-api';
const ALGORITHM = 'HS256';
/** RFC 9068 JWT access tokens. */
const TOKEN_TYPE = 'at+jwt';

// jose ships ES modules only; this CommonJS build reaches it through a dynamic import.
type Jose = typeof import('jose', { with: { 'resolution-mode': 'import' } });
let jose: Promise<Jose> | null = null;
const loadJose = (): Promise<Jose> => (jose ??= import('jose'));

interface SigningKey {
  secret: Uint8Array;
  kid: string;
}

/** Issues and verifies the API's access tokens: HS256 JWTs, nothing else accepted. */
@Injectable()
export class TokenService {
  private signingKey: Promise<SigningKey> | null = null;

  constructor(
    @Inject(AUTH_OPTIONS) private readonly options: AuthOptions,
    private readonly signingKeys: SigningKeyRepository,
  ) {}

  async issue(clientId: string, issuedAt: Date = new Date()): Promise<AccessTokenResponse> {
    const { SignJWT } = await loadJose();
    const { secret, kid } = await this.key();
    const ttl = this.options.tokenTtlSeconds;
    const iat = Math.floor(issuedAt.getTime() / 1000);
    const accessToken = await new SignJWT({ client_id: clientId })
      .setProtectedHeader({ alg: ALGORITHM, typ: TOKEN_TYPE, kid })
      .setIssuer(ISSUER)
      .setAudience(AUDIENCE)
      .setSubject(clientId)
      .setIssuedAt(iat)
      .setExpirationTime(iat + ttl)
      .setJti(randomUUID())
      .sign(secret);
    return { access_token: accessToken, token_type: 'Bearer', expires_in: ttl };
  }

  /** The client id the token was issued to; throws AuthException (INVALID_TOKEN or TOKEN_EXPIRED). */
  async verify(token: string): Promise<string> {
    const { errors, jwtVerify } = await loadJose();
    const { secret, kid } = await this.key();
    try {
      const { payload, protectedHeader } = await jwtVerify(token, secret, {
        algorithms: [ALGORITHM],
        issuer: ISSUER,
        audience: AUDIENCE,
        typ: TOKEN_TYPE,
        requiredClaims: ['sub', 'client_id', 'iat', 'exp', 'jti'],
      });
      if (protectedHeader.kid !== kid || payload.client_id !== payload.sub || typeof payload.sub !== 'string') {
        throw new AuthException(AuthErrorCode.INVALID_TOKEN);
      }
      return payload.sub;
    } catch (error) {
      if (error instanceof errors.JWTExpired) throw new AuthException(AuthErrorCode.TOKEN_EXPIRED);
      throw new AuthException(AuthErrorCode.INVALID_TOKEN);
    }
  }

  /**
   * A key for another purpose (e.g. signing list cursors), derived from the token signing key
   * so that no second secret has to be configured or stored. Each purpose gets its own key.
   */
  async derivedKey(purpose: string): Promise<Buffer> {
    const { secret } = await this.key();
    return createHmac('sha256', secret).update(`curbside derived key: ${purpose}`).digest();
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

/** A key id derived from the key, so a token signed with another key is told apart by its header. */
function kidOf(key: string): string {
  return createHash('sha256').update(key).digest('base64url').slice(0, 16);
}
