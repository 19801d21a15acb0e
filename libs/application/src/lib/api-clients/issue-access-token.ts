import { Injectable } from '@nestjs/common';
import { AccessTokens, ApiClientRegistry, type IssuedToken } from './api-client-ports';

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
