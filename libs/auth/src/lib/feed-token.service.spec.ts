import { ApiClientRepository, inTransaction, openDatabase, revokeFeedLink, SigningKeyRepository } from '@curbside/persistence';
import { tampered, testDatabases, type TestDatabase } from '@curbside/testing';
import type { DataSource } from 'typeorm';
import { AuthErrorCode } from '@curbside/contract';
import { AuthException } from './auth.exception';
import { ClientService } from './client.service';
import { FeedTokenService } from './feed-token.service';
import { TokenSigner } from './token-signer';
import { TokenService } from './token.service';

const KEY = 'a-configured-signing-key-of-32-chars-or-more';

describe.each(testDatabases())('FeedTokenService on $name', (kind) => {
  let database: TestDatabase;
  let dataSource: DataSource;
  let clients: ClientService;
  let feeds: FeedTokenService;
  let accessTokens: TokenService;

  beforeAll(async () => {
    database = await kind.create();
    dataSource = await openDatabase(database.url);
    const signer = new TokenSigner({ tokenSigningKey: KEY, tokenTtlSeconds: 3600 }, new SigningKeyRepository(dataSource));
    clients = new ClientService(new ApiClientRepository(dataSource));
    feeds = new FeedTokenService(signer, clients, new SigningKeyRepository(dataSource), new ApiClientRepository(dataSource));
    accessTokens = new TokenService({ tokenTtlSeconds: 3600 }, signer);
  });
  afterAll(async () => {
    await dataSource.destroy();
    await database.drop();
  });

  async function refusal(verification: Promise<unknown>): Promise<AuthErrorCode> {
    try {
      await verification;
    } catch (error) {
      if (error instanceof AuthException) return error.code;
      throw error;
    }
    throw new Error('the token was accepted');
  }

  it('issues a URL-safe token that verifies to its client and customer', async () => {
    const { clientId } = await clients.create('Portal', ['1000001']);
    const token = await feeds.issue({ clientId, customerId: '1000001' });
    expect(token).toMatch(/^[\w-]+\.\.[\w-]+\.[\w-]+\.[\w-]+$/); // a sealed JWT (JWE, direct key)
    await expect(feeds.verify(token)).resolves.toEqual({ clientId, customerId: '1000001' });
  });

  it('is opaque: no part of the token, decoded, names the client or the customer', async () => {
    const { clientId } = await clients.create('Portal', ['1000001']);
    const token = await feeds.issue({ clientId, customerId: '1000001' });
    const decoded = token.split('.').map((part) => Buffer.from(part, 'base64url').toString('latin1'));
    for (const part of [token, ...decoded]) {
      expect(part).not.toContain(clientId);
      expect(part).not.toContain('1000001');
    }
  });

  it('refuses an altered token', async () => {
    const { clientId } = await clients.create('Portal', ['1000001', '1000002']);
    const token = await feeds.issue({ clientId, customerId: '1000001' });
    // A compact JWE's parts: header.key.iv.ciphertext.tag; the ciphertext, the tag and the iv altered in turn.
    for (const part of [3, 4, 2]) expect(await refusal(feeds.verify(tampered(token, part)))).toBe(AuthErrorCode.INVALID_FEED_TOKEN);
  });

  it('keeps verifying the readable links issued before links were sealed, and refuses them altered', async () => {
    const { SignJWT } = await import('jose');
    const { clientId } = await clients.create('Portal', ['1000001', '1000002']);
    await feeds.issue({ clientId, customerId: '1000001' }); // the feed key exists
    const { secret } = await new SigningKeyRepository(dataSource).keyFor('calendar-feed-links', () => {
      throw new Error('the feed key should exist');
    });
    const signed = (customerId: string) =>
      new SignJWT({ customer_id: customerId })
        .setProtectedHeader({ alg: 'HS256', typ: 'feed+jwt', kid: 'calendar-feed-links' })
        .setIssuer('curbside')
        .setAudience('curbside-calendar-feed')
        .setSubject(clientId)
        .setIssuedAt()
        .setJti('an-old-link')
        .sign(new TextEncoder().encode(secret));
    const old = await signed('1000001');
    await expect(feeds.verify(old)).resolves.toEqual({ clientId, customerId: '1000001' });
    const [header, , signature] = old.split('.');
    const otherCustomer = (await signed('1000002')).split('.')[1];
    expect(await refusal(feeds.verify(`${header}.${otherCustomer}.${signature}`))).toBe(AuthErrorCode.INVALID_FEED_TOKEN);
    expect(await refusal(feeds.verify(tampered(old)))).toBe(AuthErrorCode.INVALID_FEED_TOKEN);
  });

  it('dies when its client is revoked', async () => {
    const { clientId } = await clients.create('Portal', ['1000001']);
    const token = await feeds.issue({ clientId, customerId: '1000001' });
    await clients.revoke(clientId);
    expect(await refusal(feeds.verify(token))).toBe(AuthErrorCode.INVALID_FEED_TOKEN);
  });

  it('refuses a customer the client is not granted, and a client that does not exist', async () => {
    const { clientId } = await clients.create('Portal', ['1000001']);
    expect(await refusal(feeds.verify(await feeds.issue({ clientId, customerId: '1000002' })))).toBe(AuthErrorCode.INVALID_FEED_TOKEN);
    expect(await refusal(feeds.verify(await feeds.issue({ clientId: 'cs_gone', customerId: '1000001' })))).toBe(
      AuthErrorCode.INVALID_FEED_TOKEN,
    );
  });

  it('is not an access token, and an access token is not a feed token', async () => {
    const { clientId } = await clients.create('Portal', 'all');
    const feedToken = await feeds.issue({ clientId, customerId: '1000001' });
    const { access_token: accessToken } = await accessTokens.issue(clientId);
    expect(await refusal(accessTokens.verify(feedToken))).toBe(AuthErrorCode.INVALID_TOKEN);
    expect(await refusal(feeds.verify(accessToken))).toBe(AuthErrorCode.INVALID_FEED_TOKEN);
  });

  it('dies when an operator revokes it, and only that link', async () => {
    const { clientId } = await clients.create('Portal', ['1000001']);
    const [revoked, kept] = [await feeds.issue({ clientId, customerId: '1000001' }), await feeds.issue({ clientId, customerId: '1000001' })];
    const link = await feeds.linkOf(revoked);
    expect(link).toEqual({ linkId: expect.any(String), clientId, customerId: '1000001' });
    await inTransaction(dataSource, (manager) => revokeFeedLink(manager, { ...link, revokedAt: '2026-11-28T05:00:00.000' }));
    expect(await refusal(feeds.verify(revoked))).toBe(AuthErrorCode.INVALID_FEED_TOKEN);
    await expect(feeds.verify(kept)).resolves.toEqual({ clientId, customerId: '1000001' });
  });

  it('is sealed with a key of its own, which keys rotate does not touch', async () => {
    const keys = new SigningKeyRepository(dataSource);
    const stored = new TokenSigner({ tokenSigningKey: null, tokenTtlSeconds: 3600, clock: () => new Date('2026-11-28T05:00:00Z') }, keys);
    const rotating = new FeedTokenService(stored, clients, keys, new ApiClientRepository(dataSource));
    const { clientId } = await clients.create('Portal', ['1000001']);
    const token = await rotating.issue({ clientId, customerId: '1000001' });
    expect(JSON.parse(Buffer.from(token.split('.')[0], 'base64url').toString())).toMatchObject({ kid: 'calendar-feed-links' });
    await stored.rotate();
    const later = new TokenSigner({ tokenSigningKey: null, tokenTtlSeconds: 3600, clock: () => new Date('2026-11-29T05:00:00Z') }, keys);
    await later.rotate(); // the key the link would have been signed with is gone now
    const afterwards = new FeedTokenService(later, clients, keys, new ApiClientRepository(dataSource));
    await expect(afterwards.verify(token)).resolves.toEqual({ clientId, customerId: '1000001' });
  });

  it.each(['', 'garbage', 'a.b.c'])('refuses the malformed token %j', async (token) => {
    expect(await refusal(feeds.verify(token))).toBe(AuthErrorCode.INVALID_FEED_TOKEN);
  });
});
