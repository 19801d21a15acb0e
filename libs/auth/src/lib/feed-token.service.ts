import { hkdfSync, randomBytes, randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { canAccessCustomer, Id, ID_PATTERN } from '@curbside/domain';
import { AuthErrorCode } from '@curbside/contract';
import { ApiClientRepository, SigningKeyRepository } from '@curbside/persistence';
import { AuthException } from './auth.exception';
import { ClientService } from './client.service';
import { TokenKind, TokenRejected, TokenSigner } from './token-signer';

// jose ships ES modules only; this CommonJS build reaches it through a dynamic import.
type Jose = typeof import('jose', { with: { 'resolution-mode': 'import' } });
let jose: Promise<Jose> | null = null;
const loadJose = (): Promise<Jose> => (jose ??= import('jose'));

/** Who a calendar feed is for: the client that asked for the link, and the customer it shows. */
export interface FeedGrant {
  clientId: string;
  customerId: Id;
}

/**
 * The subject of the feed links a resident's own page gives (CONTRACT §12): no API client stands
 * behind them, so they live until an operator revokes them (`feeds revoke`), like a client's.
 */
export const RESIDENT_FEED_CLIENT = 'RESIDENT';

/** A feed link as an operator revokes it: its id (the token's `jti`) and its grant. */
export interface FeedLinkOf extends FeedGrant {
  linkId: string;
}

/** Not the access tokens' audience and type: neither kind of token passes for the other. */
const FEED_TOKEN: TokenKind = { type: 'feed+jwt', audience: 'curbside-calendar-feed' };
/**
 * The feed links' own stored key (its slot and its `kid`): generated once and never rotated, so
 * `keys rotate` (which retires the access tokens' key) leaves every subscribed calendar working.
 */
const FEED_KEY = 'calendar-feed-links';
const ISSUER = 'curbside';
const ALGORITHM = 'HS256';
/** Links are sealed (JWE, direct AES-256-GCM): their token is opaque, naming no client and no customer. */
const SEALING = { alg: 'dir', enc: 'A256GCM' } as const;
/** The sealing key is derived from the feed key, never the signing bytes themselves: one key, one algorithm. */
const SEALING_INFO = 'curbside calendar feed links: A256GCM';

/**
 * Issues and verifies the tokens of calendar feed links: the link must work with no headers
 * (calendar apps cannot send them), so the token in it is the credential. It is sealed, so that
 * whoever sees a link (a shared calendar, a proxy's log) learns no client id from it. It does not expire
 * (a subscribed calendar keeps polling for months) and is signed with a key of its own; it dies
 * when an operator revokes it (`feeds revoke`) and with its client: every verification checks
 * that the link is not revoked and that the client still exists, is not revoked and is granted
 * the customer. Links issued before links were sealed (signed, readable JWTs) verify as they
 * did: those signed with the feed key for good, older ones signed with the access tokens' key
 * until that key is rotated out.
 */
@Injectable()
export class FeedTokenService {
  private key: Promise<Uint8Array> | null = null;
  private sealingKey: Promise<Uint8Array> | null = null;

  constructor(
    private readonly signer: TokenSigner,
    private readonly clients: ClientService,
    private readonly signingKeys: SigningKeyRepository,
    private readonly revocations: ApiClientRepository,
  ) {}

  async issue(grant: FeedGrant, issuedAt: Date = this.signer.now()): Promise<string> {
    const { EncryptJWT } = await loadJose();
    return new EncryptJWT({ customer_id: grant.customerId })
      .setProtectedHeader({ ...SEALING, typ: FEED_TOKEN.type, kid: FEED_KEY })
      .setIssuer(ISSUER)
      .setAudience(FEED_TOKEN.audience)
      .setSubject(grant.clientId)
      .setIssuedAt(Math.floor(issuedAt.getTime() / 1000))
      .setJti(randomUUID())
      .encrypt(await this.sealingKeyBytes());
  }

  /** The grant of a valid, unrevoked token whose client may still see the customer; else AuthException(INVALID_FEED_TOKEN). */
  async verify(token: string): Promise<FeedGrant> {
    const { linkId, clientId, customerId } = await this.linkOf(token);
    if (!(await this.clientStillSees(clientId, customerId)) || (await this.revocations.isFeedLinkRevoked(linkId))) {
      throw new AuthException(AuthErrorCode.INVALID_FEED_TOKEN);
    }
    return { clientId, customerId };
  }

  private async clientStillSees(clientId: string, customerId: string): Promise<boolean> {
    if (clientId === RESIDENT_FEED_CLIENT) return true;
    const client = await this.clients.findForCustomer(clientId, customerId);
    return client !== null && canAccessCustomer(client, customerId);
  }

  /** The link a token names, when its signature holds (revoked or not); else AuthException(INVALID_FEED_TOKEN). */
  async linkOf(token: string): Promise<FeedLinkOf> {
    try {
      const { sub: clientId, customer_id: customerId, jti: linkId } = await this.claimsOf(token);
      if (typeof clientId === 'string' && typeof linkId === 'string' && typeof customerId === 'string' && ID_PATTERN.test(customerId)) {
        return { linkId, clientId, customerId };
      }
    } catch (error) {
      if (!(error instanceof TokenRejected)) throw error;
    }
    throw new AuthException(AuthErrorCode.INVALID_FEED_TOKEN);
  }

  private async claimsOf(token: string): Promise<Record<string, unknown>> {
    const { decodeProtectedHeader, jwtDecrypt, jwtVerify } = await loadJose();
    let header: { kid?: unknown; enc?: unknown };
    try {
      header = decodeProtectedHeader(token);
    } catch {
      throw new TokenRejected(false);
    }
    if (header.enc === undefined && header.kid !== FEED_KEY) return this.signer.verify(FEED_TOKEN, token, ['customer_id']);
    const checks = { issuer: ISSUER, audience: FEED_TOKEN.audience, typ: FEED_TOKEN.type, requiredClaims: ['sub', 'iat', 'jti', 'customer_id'] };
    try {
      if (header.enc === undefined) return (await jwtVerify(token, await this.keyBytes(), { ...checks, algorithms: [ALGORITHM] })).payload;
      const sealing = { keyManagementAlgorithms: [SEALING.alg], contentEncryptionAlgorithms: [SEALING.enc] };
      return (await jwtDecrypt(token, await this.sealingKeyBytes(), { ...checks, ...sealing })).payload;
    } catch {
      throw new TokenRejected(false);
    }
  }

  private sealingKeyBytes(): Promise<Uint8Array> {
    this.sealingKey ??= this.keyBytes()
      .then((key) => new Uint8Array(hkdfSync('sha256', key, new Uint8Array(0), SEALING_INFO, 32)))
      .catch((error: unknown) => {
        this.sealingKey = null; // try again on the next call
        throw error;
      });
    return this.sealingKey;
  }

  private keyBytes(): Promise<Uint8Array> {
    this.key ??= this.signingKeys
      .keyFor(FEED_KEY, () => ({ kid: FEED_KEY, secret: randomBytes(32).toString('base64url') }))
      .then(({ secret }) => new TextEncoder().encode(secret))
      .catch((error: unknown) => {
        this.key = null; // try again on the next call
        throw error;
      });
    return this.key;
  }
}
