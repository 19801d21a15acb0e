import { Injectable } from '@nestjs/common';
import { canAccessCustomer, Id, ID_PATTERN } from '@curbside/domain';
import { AuthErrorCode } from '@curbside/contract';
import { AuthException } from './auth.exception';
import { ClientService } from './client.service';
import { TokenKind, TokenRejected, TokenSigner } from './token-signer';

/** Who a calendar feed is for: the client that asked for the link, and the customer it shows. */
export interface FeedGrant {
  clientId: string;
  customerId: Id;
}

/** Not the access tokens' audience and type: neither kind of token passes for the other. */
const FEED_TOKEN: TokenKind = { type: 'feed+jwt', audience: 'curbside-calendar-feed' };

/**
 * Issues and verifies the tokens of calendar feed links: the link must work with no headers
 * (calendar apps cannot send them), so the token in it is the credential. It does not expire
 * (a subscribed calendar keeps polling for months); it dies with its client: every
 * verification checks that the client still exists, is not revoked and is granted the customer.
 */
@Injectable()
export class FeedTokenService {
  constructor(
    private readonly signer: TokenSigner,
    private readonly clients: ClientService,
  ) {}

  issue(grant: FeedGrant, issuedAt: Date = this.signer.now()): Promise<string> {
    return this.signer.sign(FEED_TOKEN, grant.clientId, { customer_id: grant.customerId }, issuedAt);
  }

  /** The grant of a valid token whose client may still see the customer; else AuthException(INVALID_FEED_TOKEN). */
  async verify(token: string): Promise<FeedGrant> {
    const grant = await this.grantOf(token);
    const client = await this.clients.findForCustomer(grant.clientId, grant.customerId);
    if (client === null || !canAccessCustomer(client, grant.customerId)) throw new AuthException(AuthErrorCode.INVALID_FEED_TOKEN);
    return grant;
  }

  private async grantOf(token: string): Promise<FeedGrant> {
    try {
      const { sub: clientId, customer_id: customerId } = await this.signer.verify(FEED_TOKEN, token, ['customer_id']);
      if (typeof customerId === 'string' && ID_PATTERN.test(customerId)) return { clientId, customerId };
    } catch (error) {
      if (!(error instanceof TokenRejected)) throw error;
    }
    throw new AuthException(AuthErrorCode.INVALID_FEED_TOKEN);
  }
}
