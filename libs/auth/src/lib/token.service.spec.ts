import { openDatabase, SigningKeyRepository } from '@curbside/persistence';
import { testDatabases, type TestDatabase } from '@curbside/testing';
import type { DataSource } from 'typeorm';
import { AuthErrorCode, AuthException } from './auth.exception';
import { TokenSigner } from './token-signer';
import { TokenService } from './token.service';

const KEY = 'a-configured-signing-key-of-32-chars-or-more';
const encode = (text: string): Uint8Array => new TextEncoder().encode(text);
const jose = () => import('jose');

describe.each(testDatabases())('TokenService on $name', (kind) => {
  let database: TestDatabase;
  let dataSource: DataSource;
  /** The key id TokenService derives from KEY. */
  let keyId: string;
  const service = (tokenSigningKey: string | null, tokenTtlSeconds = 3600): TokenService =>
    new TokenService({ tokenTtlSeconds }, new TokenSigner({ tokenSigningKey }, new SigningKeyRepository(dataSource)));

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
});
