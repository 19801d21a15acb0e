import { openDatabase, SigningKeyRepository } from '@curbside/persistence';
import { testDatabases, type TestDatabase } from '@curbside/testing';
import type { DataSource } from 'typeorm';
import { AuthErrorCode } from '@curbside/contract';
import { AuthException } from './auth.exception';
import { KEY_REFRESH_MS, KeyRotationRefused, TokenSigner } from './token-signer';
import { TokenService } from './token.service';

const KEY = 'a-configured-signing-key-of-32-chars-or-more';
const encode = (text: string): Uint8Array => new TextEncoder().encode(text);
const jose = () => import('jose');

describe.each(testDatabases())('TokenService on $name', (kind) => {
  let database: TestDatabase;
  let dataSource: DataSource;
  /** The key id TokenService derives from KEY. */
  let keyId: string;
  const service = (tokenSigningKey: string | null, tokenTtlSeconds = 3600, clock?: () => Date): TokenService => {
    const options = { tokenSigningKey, tokenTtlSeconds, clock };
    return new TokenService(options, new TokenSigner(options, new SigningKeyRepository(dataSource)));
  };

  beforeAll(async () => {
    database = await kind.create();
    dataSource = await openDatabase(database.url);
    const { decodeProtectedHeader } = await jose();
    keyId = decodeProtectedHeader((await service(KEY).issue('cs_a')).access_token).kid as string;
  });
  afterAll(async () => {
    await dataSource.destroy();
    await database.drop();
  });

  async function refusal(tokens: TokenService, token: string): Promise<AuthErrorCode> {
    try {
      await tokens.verify(token);
    } catch (error) {
      if (error instanceof AuthException) return error.code;
      throw error;
    }
    throw new Error('the token was accepted');
  }

  /** A token signed with the configured key, with claims and header as a test wants them. */
  async function signed(claims: Record<string, unknown>, header: Record<string, unknown> = {}, alg = 'HS256'): Promise<string> {
    const { SignJWT } = await jose();
    const now = Math.floor(Date.now() / 1000);
    const valid = { iss: 'curbside', aud: 'curbside-api', sub: 'cs_a', client_id: 'cs_a', iat: now, exp: now + 600, jti: 'j' };
    return new SignJWT({ ...valid, ...claims })
      .setProtectedHeader({ alg, typ: 'at+jwt', kid: keyId, ...header })
      .sign(encode(KEY));
  }

  it('issues an RFC 9068 access token that verifies to its client', async () => {
    const tokens = service(KEY, 900);
    const issued = await tokens.issue('cs_a', new Date());
    expect(issued).toEqual({ access_token: expect.any(String), token_type: 'Bearer', expires_in: 900 });
    const { decodeJwt, decodeProtectedHeader } = await jose();
    expect(decodeProtectedHeader(issued.access_token)).toEqual({ alg: 'HS256', typ: 'at+jwt', kid: expect.any(String) });
    const claims = decodeJwt(issued.access_token);
    expect(claims).toEqual({
      iss: 'curbside',
      aud: 'curbside-api',
      sub: 'cs_a',
      client_id: 'cs_a',
      iat: expect.any(Number),
      exp: (claims.iat as number) + 900,
      jti: expect.any(String),
    });
    await expect(tokens.verify(issued.access_token)).resolves.toBe('cs_a');
  });

  it('gives every token its own jti', async () => {
    const { decodeJwt } = await jose();
    const tokens = service(KEY);
    const [first, second] = await Promise.all([tokens.issue('cs_a'), tokens.issue('cs_a')]);
    expect(decodeJwt(first.access_token).jti).not.toBe(decodeJwt(second.access_token).jti);
  });

  it('refuses an expired token as TOKEN_EXPIRED', async () => {
    const tokens = service(KEY, 3600);
    const { access_token } = await tokens.issue('cs_a', new Date(Date.now() - 2 * 3600 * 1000));
    expect(await refusal(tokens, access_token)).toBe(AuthErrorCode.TOKEN_EXPIRED);
  });

  it('accepts a token built by hand with the right claims (the test helper itself is sound)', async () => {
    await expect(service(KEY).verify(await signed({}))).resolves.toBe('cs_a');
  });

  it.each([
    ['another audience', { aud: 'someone-else' }, {}],
    ['another issuer', { iss: 'evil' }, {}],
    ['another type', {}, { typ: 'JWT' }],
    ['no type', {}, { typ: undefined }],
    ['another key id', {}, { kid: 'other' }],
    ['no client_id', { client_id: undefined }, {}],
    ['a client_id other than sub', { client_id: 'cs_b' }, {}],
    ['no jti', { jti: undefined }, {}],
  ])('refuses a token with %s as INVALID_TOKEN', async (_case, claims, header) => {
    expect(await refusal(service(KEY), await signed(claims, header))).toBe(AuthErrorCode.INVALID_TOKEN);
  });

  it('refuses another HMAC algorithm with the same key (algorithms pinned)', async () => {
    expect(await refusal(service(KEY), await signed({}, {}, 'HS512'))).toBe(AuthErrorCode.INVALID_TOKEN);
  });

  it('refuses an unsigned (alg none) token', async () => {
    const { UnsecuredJWT } = await jose();
    const payload = (await service(KEY).issue('cs_a')).access_token.split('.')[1];
    const unsecured = new UnsecuredJWT({ client_id: 'cs_a', sub: 'cs_a' }).encode();
    const header = Buffer.from(JSON.stringify({ alg: 'none', typ: 'at+jwt' })).toString('base64url');
    expect(await refusal(service(KEY), unsecured)).toBe(AuthErrorCode.INVALID_TOKEN);
    expect(await refusal(service(KEY), `${header}.${payload}.`)).toBe(AuthErrorCode.INVALID_TOKEN);
  });

  it('refuses a tampered token', async () => {
    const { access_token } = await service(KEY).issue('cs_a');
    const [header, payload, signature] = access_token.split('.');
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString());
    const tampered = Buffer.from(JSON.stringify({ ...claims, sub: 'cs_b', client_id: 'cs_b' })).toString('base64url');
    expect(await refusal(service(KEY), `${header}.${tampered}.${signature}`)).toBe(AuthErrorCode.INVALID_TOKEN);
  });

  it('refuses a token signed with another key', async () => {
    const { access_token } = await service('another-signing-key-that-is-32-chars-long').issue('cs_a');
    expect(await refusal(service(KEY), access_token)).toBe(AuthErrorCode.INVALID_TOKEN);
  });

  it.each(['', 'garbage', 'a.b.c'])('refuses the malformed token %j', async (token) => {
    expect(await refusal(service(KEY), token)).toBe(AuthErrorCode.INVALID_TOKEN);
  });

  it('without a configured key, generates one once and stores it for every instance', async () => {
    const { access_token } = await service(null).issue('cs_a');
    await expect(service(null).verify(access_token)).resolves.toBe('cs_a');
    expect(await refusal(service(KEY), access_token)).toBe(AuthErrorCode.INVALID_TOKEN);
  });

  it('derives a key per purpose from the signing key: stable, distinct per purpose and per signing key, never the key itself', async () => {
    const cursors = await service(KEY).derivedKey('list cursors');
    expect(await service(KEY).derivedKey('list cursors')).toEqual(cursors);
    expect(await service(KEY).derivedKey('another purpose')).not.toEqual(cursors);
    expect(await service('another-signing-key-that-is-32-chars-long').derivedKey('list cursors')).not.toEqual(cursors);
    expect(cursors.toString('utf8')).not.toContain(KEY);
    expect(cursors).toHaveLength(32);
  });

  describe('key rotation (stored key)', () => {
    const TTL = 60;
    /** The clock of every instance below; tests move it instead of sleeping. */
    let now: Date;
    const clock = () => now;
    const at = (ms: number) => (now = new Date(ms));
    const kidOf = async (token: string) => (await jose()).decodeProtectedHeader(token).kid;

    // The tests share one database: each starts a day after the one before, past any retirement.
    let day = 0;
    beforeEach(() => at(Date.parse('2030-03-01T12:00:00.000Z') + day++ * 86_400_000));

    it('signs with the new key at once, keeps the old tokens valid until they expire, then retires the old key', async () => {
      const tokens = service(null, TTL, clock);
      const before = (await tokens.issue('cs_a')).access_token;
      const rotation = await tokens.rotate();
      const rotatedAt = now.getTime();
      expect(rotation).toEqual({
        kid: expect.any(String),
        previousKid: await kidOf(before),
        previousRetiresAt: new Date(rotatedAt + TTL * 1000 + KEY_REFRESH_MS),
      });

      const after = (await tokens.issue('cs_a')).access_token;
      expect(await kidOf(after)).toBe(rotation.kid);
      expect(rotation.kid).not.toBe(rotation.previousKid);
      await expect(tokens.verify(before)).resolves.toBe('cs_a');
      await expect(tokens.verify(after)).resolves.toBe('cs_a');

      at(rotatedAt + TTL * 1000 - 1000);
      await expect(tokens.verify(before)).resolves.toBe('cs_a');
      at(rotatedAt + TTL * 1000);
      expect(await refusal(tokens, before)).toBe(AuthErrorCode.TOKEN_EXPIRED);
    });

    it('accepts the previous key only while one of its tokens could be unexpired (another instance may sign with it briefly)', async () => {
      const tokens = service(null, TTL, clock);
      const { previousRetiresAt } = await tokens.rotate();
      const { previous } = await new SigningKeyRepository(dataSource).getOrCreate(() => ({ kid: 'unused', secret: 'unused' }));
      if (previous === null) throw new Error('no previous key after a rotation');
      // Signed by an instance that had not reloaded its keys yet, as late as it could be.
      const { SignJWT } = await jose();
      const iat = Math.floor(previousRetiresAt.getTime() / 1000) - TTL;
      const late = await new SignJWT({ client_id: 'cs_a' })
        .setProtectedHeader({ alg: 'HS256', typ: 'at+jwt', kid: previous.kid })
        .setIssuer('curbside')
        .setAudience('curbside-api')
        .setSubject('cs_a')
        .setIssuedAt(iat)
        .setExpirationTime(iat + TTL)
        .setJti('late')
        .sign(encode(previous.secret));

      at(previousRetiresAt.getTime() - 1);
      await expect(tokens.verify(late)).resolves.toBe('cs_a');
      at(previousRetiresAt.getTime());
      expect(await refusal(tokens, late)).toBe(AuthErrorCode.INVALID_TOKEN);
    });

    it('verifies a token of a key rotated in the moment after it read its keys: it waits for its next read', async () => {
      const first = service(null, TTL, clock);
      const second = service(null, TTL, clock);
      await second.verify((await second.issue('cs_a')).access_token);
      await first.rotate();
      // The clock stands still: the second instance read its keys "just now", and reads them again shortly.
      await expect(second.verify((await first.issue('cs_a')).access_token)).resolves.toBe('cs_a');
    });

    it('reads its keys once for any number of tokens naming keys it does not know at once', async () => {
      const tokens = service(null, TTL, clock);
      await tokens.verify((await tokens.issue('cs_a')).access_token);
      const reads = jest.spyOn(SigningKeyRepository.prototype, 'getOrCreate');
      try {
        const { SignJWT } = await jose();
        const forged = (n: number) =>
          new SignJWT({ client_id: 'cs_a' })
            .setProtectedHeader({ alg: 'HS256', typ: 'at+jwt', kid: `unknown-${n}` })
            .setIssuer('curbside')
            .setAudience('curbside-api')
            .setSubject('cs_a')
            .setIssuedAt(Math.floor(now.getTime() / 1000))
            .setJti(`forged-${n}`)
            .sign(encode('a forger does not know any stored key, 32+ chars'));
        // Forged first, then presented together: signing 50 tokens can take longer than the reload's wait on a
        // loaded machine, and tokens arriving after a reload rightly cause another.
        const forgeries = await Promise.all(Array.from({ length: 50 }, (_, n) => forged(n)));
        const refusals = await Promise.all(forgeries.map((token) => refusal(tokens, token)));
        expect(new Set(refusals)).toEqual(new Set([AuthErrorCode.INVALID_TOKEN]));
        expect(reads).toHaveBeenCalledTimes(1);
      } finally {
        reads.mockRestore();
      }
    });

    it('lets another instance verify the new key at once and sign with it once it reloads its keys', async () => {
      const first = service(null, TTL, clock);
      const second = service(null, TTL, clock);
      const old = (await second.issue('cs_a')).access_token;
      const { kid } = await first.rotate();
      now = new Date(now.getTime() + 1000);
      await expect(second.verify((await first.issue('cs_a')).access_token)).resolves.toBe('cs_a');
      await expect(second.verify(old)).resolves.toBe('cs_a');
      now = new Date(now.getTime() + KEY_REFRESH_MS);
      expect(await kidOf((await second.issue('cs_a')).access_token)).toBe(kid);
    });

    it('refuses a second rotation while the previous key still verifies, and allows it after', async () => {
      const tokens = service(null, TTL, clock);
      await tokens.issue('cs_a');
      const { previousRetiresAt } = await tokens.rotate();
      await expect(tokens.rotate()).rejects.toThrow(KeyRotationRefused);
      await expect(tokens.rotate()).rejects.toThrow(`until ${previousRetiresAt.toISOString()}`);
      at(previousRetiresAt.getTime());
      await expect(tokens.rotate()).resolves.toMatchObject({ kid: expect.any(String) });
    });

    it('is refused with TOKEN_SIGNING_KEY set: the operator rotates the variable', async () => {
      await expect(service(KEY, TTL, clock).rotate()).rejects.toThrow(/TOKEN_SIGNING_KEY is set/);
    });
  });
});
