import { Inject, Injectable } from '@nestjs/common';
import { AuthErrorCode } from '@curbside/contract';
import { AuthException } from './auth.exception';
import { AUTH_OPTIONS, AuthOptions } from './auth.options';
import { KeyRotation, TokenKind, TokenRejected, TokenSigner } from './token-signer';

/** The token endpoint's success body (RFC 6749 §5.1). */
export interface AccessTokenResponse {
  access_token: string;
  token_type: 'Bearer';
  expires_in: number;
}

/** RFC 9068 JWT access tokens. */
const ACCESS_TOKEN: TokenKind = { type: 'at+jwt', audience: 'curbside-api' };

/** What a verified access token says (RFC 9068 §2.2), times in seconds since the epoch. */
export interface AccessTokenClaims {
  clientId: string;
  issuer: string;
  audience: string;
  issuedAt: number;
  expiresAt: number;
  jti: string;
}

/** Issues and verifies the API's access tokens: HS256 JWTs, nothing else accepted; rotates their key. */
@Injectable()
export class TokenService {
  constructor(
    @Inject(AUTH_OPTIONS) private readonly options: Pick<AuthOptions, 'tokenTtlSeconds'>,
    private readonly signer: TokenSigner,
  ) {}

  async issue(clientId: string, issuedAt: Date = this.signer.now()): Promise<AccessTokenResponse> {
    const ttl = this.options.tokenTtlSeconds;
    const expiresAt = new Date(issuedAt.getTime() + ttl * 1000);
    const accessToken = await this.signer.sign(ACCESS_TOKEN, clientId, { client_id: clientId }, issuedAt, expiresAt);
    return { access_token: accessToken, token_type: 'Bearer', expires_in: ttl };
  }

  /** The client id the token was issued to; throws AuthException (INVALID_TOKEN or TOKEN_EXPIRED). */
  async verify(token: string): Promise<string> {
    return (await this.claims(token)).clientId;
  }

  /** The claims of a valid access token; throws AuthException (INVALID_TOKEN or TOKEN_EXPIRED). */
  async claims(token: string): Promise<AccessTokenClaims> {
    let payload: Awaited<ReturnType<TokenSigner['verify']>>;
    try {
      payload = await this.signer.verify(ACCESS_TOKEN, token, ['client_id', 'exp']);
    } catch (error) {
      if (!(error instanceof TokenRejected)) throw error;
      throw new AuthException(error.expired ? AuthErrorCode.TOKEN_EXPIRED : AuthErrorCode.INVALID_TOKEN);
    }
    if (payload.client_id !== payload.sub) throw new AuthException(AuthErrorCode.INVALID_TOKEN);
    return {
      clientId: payload.sub,
      issuer: payload.iss as string,
      audience: ACCESS_TOKEN.audience,
      issuedAt: payload.iat as number,
      expiresAt: payload.exp as number,
      jti: payload.jti as string,
    };
  }

  /** See `TokenSigner.derivedKey`. */
  derivedKey(purpose: string): Promise<Buffer> {
    return this.signer.derivedKey(purpose);
  }

  /** See `TokenSigner.rotate`: new tokens (of every kind) are signed with a new key from now on. */
  rotate(): Promise<KeyRotation> {
    return this.signer.rotate();
  }
}
