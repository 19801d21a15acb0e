import { Injectable } from '@nestjs/common';
import type { TokenIntrospectionBody } from '@curbside/contract';
import { AuthException } from './auth.exception';
import { ClientService } from './client.service';
import { TokenService } from './token.service';

const INACTIVE: TokenIntrospectionBody = { active: false };

/**
 * Token introspection (RFC 7662) for other services: the same checks as the access guard's (the
 * signature by any key still accepted, so a rotation changes nothing for them; the expiry; the
 * client not revoked, read on every call), so another service never holds the signing key.
 */
@Injectable()
export class TokenIntrospection {
  constructor(
    private readonly tokens: TokenService,
    private readonly clients: ClientService,
  ) {}

  async introspect(token: string): Promise<TokenIntrospectionBody> {
    const claims = await this.tokens.claims(token).catch((error: unknown) => {
      if (error instanceof AuthException) return null;
      throw error;
    });
    if (claims === null) return INACTIVE;
    const client = await this.clients.find(claims.clientId);
    if (client === null || client.revokedAt !== null) return INACTIVE;
    return {
      active: true,
      client_id: claims.clientId,
      sub: claims.clientId,
      iss: claims.issuer,
      aud: claims.audience,
      token_type: 'Bearer',
      exp: claims.expiresAt,
      iat: claims.issuedAt,
      jti: claims.jti,
      // What the token may reach, as the API's guard checks it (CONTRACT §2), for a service guarding a customer's data.
      ...(client.customers === 'all' ? { all_customers: true } : { customers: [...client.customers] }),
    };
  }
}
