import { Injectable } from '@nestjs/common';
import type { Id } from '@curbside/domain';
import { AccessTokens, ApiClientRegistry, type IssuedToken, type RegisteredClient, type SigningKeyRotation } from './api-client-ports';

/** Registers an API client with its customer grants (CLI `clients create`); its secret is returned once. */
@Injectable()
export class CreateApiClient {
  constructor(private readonly clients: ApiClientRegistry) {}

  execute(name: string, customers: 'all' | Id[], resourceServer = false): Promise<RegisteredClient> {
    return this.clients.create(name, customers, resourceServer);
  }
}

/** Revokes an API client (CLI `clients revoke`): its tokens stop working at once. False when there is none. */
@Injectable()
export class RevokeApiClient {
  constructor(private readonly clients: ApiClientRegistry) {}

  execute(clientId: string): Promise<boolean> {
    return this.clients.revoke(clientId);
  }
}

/** What issuing a token to a client did: the token, or why none was issued. */
export type IssueTokenOutcome = { issued: IssuedToken } | { refused: 'no-such-client' | 'revoked' };

/** Issues an access token to a client without its secret (CLI `tokens issue`): only to a client that exists and is not revoked. */
@Injectable()
export class IssueAccessToken {
  constructor(
    private readonly clients: ApiClientRegistry,
    private readonly tokens: AccessTokens,
  ) {}

  async execute(clientId: string): Promise<IssueTokenOutcome> {
    const client = await this.clients.find(clientId);
    if (client === null) return { refused: 'no-such-client' };
    if (client.revokedAt !== null) return { refused: 'revoked' };
    return { issued: await this.tokens.issue(client.clientId) };
  }
}

/** Signs new access tokens with a new stored key (CLI `keys rotate`); the previous key verifies until its tokens expire. */
@Injectable()
export class RotateSigningKey {
  constructor(private readonly tokens: AccessTokens) {}

  execute(): Promise<SigningKeyRotation> {
    return this.tokens.rotate();
  }
}
