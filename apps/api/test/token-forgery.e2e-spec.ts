import { randomUUID } from 'node:crypto';
import { ClientService } from '@curbside/auth';
import { SigningKeyRepository, StoredSigningKey } from '@curbside/persistence';
import { driverIndependentDatabases } from '@curbside/testing';
import { expectProblem, ProbeModule, probeHits, startTestApp, TestApp, TestClient } from './support';

const PROBE = '/api/test/customers/1000001/probe';
const TTL = 600;
const jose = () => import('jose');
const now = () => Math.floor(Date.now() / 1000);
const b64 = (value: object): string => Buffer.from(JSON.stringify(value)).toString('base64url');

interface Forgery {
  token: string;
  /** The ClientId header; the suite's client when absent. */
  clientId?: string;
}

/** What a row needs: the app, its client and the key tokens are signed with now. */
interface Context {
  t: TestApp;
  client: TestClient;
  key: StoredSigningKey;
}

const validClaims = (clientId: string) => ({
  iss: 'curbside',
  aud: 'curbside-api',
  sub: clientId,
  client_id: clientId,
  iat: now(),
  exp: now() + TTL,
  jti: randomUUID(),
});

/** A token signed with `secret` (HS256 unless told), with claims and header as the row wants them. */
async function signed(key: { kid: string; secret: string }, claims: Record<string, unknown>, header: Record<string, unknown> = {}, alg = 'HS256'): Promise<string> {
  const { SignJWT } = await jose();
  return new SignJWT(claims).setProtectedHeader({ alg, typ: 'at+jwt', kid: key.kid, ...header }).sign(new TextEncoder().encode(key.secret));
}

const currentKey = async (t: TestApp): Promise<StoredSigningKey> =>
  (await t.app.get(SigningKeyRepository).getOrCreate(() => ({ kid: 'unused', secret: 'unused' }))).current;

/** Every way a token can be forged, stale or someone else's, built against the live app. */
/** Each row: the case, the error code of the 401, and how to build the request's credentials. */
const FORGERIES: Array<[string, string, (context: Context) => Promise<Forgery>]> = [
  ['alg none', 'INVALID_TOKEN', async ({ client, key }) => ({ token: `${b64({ alg: 'none', typ: 'at+jwt', kid: key.kid })}.${b64(validClaims(client.clientId))}.` })],
  ['HS512 with the right key', 'INVALID_TOKEN', async ({ client, key }) => ({ token: await signed(key, validClaims(client.clientId), {}, 'HS512') })],
  [
    'RS256 with a made-up key',
    'INVALID_TOKEN',
    async ({ client, key }) => {
      const { generateKeyPair, SignJWT } = await jose();
      const { privateKey } = await generateKeyPair('RS256');
      return { token: await new SignJWT(validClaims(client.clientId)).setProtectedHeader({ alg: 'RS256', typ: 'at+jwt', kid: key.kid }).sign(privateKey) };
    },
  ],
  ['HS256 with another key', 'INVALID_TOKEN', async ({ client, key }) => ({ token: await signed({ kid: key.kid, secret: 'x'.repeat(43) }, validClaims(client.clientId)) })],
  ['typ JWT', 'INVALID_TOKEN', async ({ client, key }) => ({ token: await signed(key, validClaims(client.clientId), { typ: 'JWT' }) })],
  ['another issuer', 'INVALID_TOKEN', async ({ client, key }) => ({ token: await signed(key, { ...validClaims(client.clientId), iss: 'evil' }) })],
  ['another audience (a feed token)', 'INVALID_TOKEN', async ({ client, key }) => ({ token: await signed(key, { ...validClaims(client.clientId), aud: 'curbside-feed' }) })],
  ['expired', 'TOKEN_EXPIRED', async ({ client, key }) => ({ token: await signed(key, { ...validClaims(client.clientId), iat: now() - 2 * TTL, exp: now() - TTL }) })],
  ['not valid before a future nbf', 'INVALID_TOKEN', async ({ client, key }) => ({ token: await signed(key, { ...validClaims(client.clientId), nbf: now() + 3600 }) })],
  ['issued in the future (iat)', 'INVALID_TOKEN', async ({ client, key }) => ({ token: await signed(key, { ...validClaims(client.clientId), iat: now() + 3600, exp: now() + 3600 + TTL }) })],
  [
    'tampered payload (another client, signature kept)',
    'INVALID_TOKEN',
    async ({ t, client }) => {
      const other = await t.registerClient('all');
      const [header, , signature] = client.token.split('.');
      return { token: `${header}.${other.token.split('.')[1]}.${signature}`, clientId: other.clientId };
    },
  ],
  [
    'tampered signature',
    'INVALID_TOKEN',
    async ({ client }) => {
      const [header, payload, signature] = client.token.split('.');
      const flipped = (signature[0] === 'A' ? 'B' : 'A') + signature.slice(1);
      return { token: `${header}.${payload}.${flipped}` };
    },
  ],
  [
    'a revoked client',
    'UNKNOWN_CLIENT',
    async ({ t }) => {
      const revoked = await t.registerClient('all');
      await t.app.get(ClientService).revoke(revoked.clientId);
      return { token: revoked.token, clientId: revoked.clientId };
    },
  ],
  [
    'a ClientId other than the token\u2019s',
    'CLIENT_ID_MISMATCH',
    async ({ t, client }) => ({ token: client.token, clientId: (await t.registerClient('all')).clientId }),
  ],
  [
    // Last: it rotates the stored keys (twice, in the past), so the suite's key becomes unknown.
    'the previous key after its retirement',
    'INVALID_TOKEN',
    async ({ t, client, key }) => {
      const keys = t.app.get(SigningKeyRepository);
      const hoursAgo = (hours: number) => new Date(Date.now() - hours * 3600 * 1000);
      const retired = { kid: `retired-${randomUUID()}`, secret: randomUUID() };
      await keys.rotate(key.kid, retired, hoursAgo(2));
      await keys.rotate(retired.kid, { kid: `current-${randomUUID()}`, secret: randomUUID() }, hoursAgo(1));
      // Unexpired by its own claims: only the key's retirement refuses it.
      return { token: await signed(retired, validClaims(client.clientId)) };
    },
  ],
];

describe.each(driverIndependentDatabases())('forged and stale tokens on $name', (database) => {
  let t: TestApp;

  beforeAll(async () => {
    t = await startTestApp(database, { customers: ['1000001'], imports: [ProbeModule], env: { TOKEN_TTL_SECONDS: String(TTL) } });
  });
  afterAll(() => t.close());

  it('lets a valid token reach the probe handler (the matrix below is not vacuous)', async () => {
    const before = probeHits.count;
    await t.api.get(PROBE).expect(200);
    expect(probeHits.count).toBe(before + 1);
  });

  it.each(FORGERIES)('refuses %s with 401 %s before any handler runs', async (_case, code, forge) => {
    const { token, clientId } = await forge({ t, client: t.client, key: await currentKey(t) });
    const before = probeHits.count;
    const response = await t.http().get(PROBE).set('Authorization', `Bearer ${token}`).set('ClientId', clientId ?? t.client.clientId).set('Request-Tracking-Id', randomUUID());
    expectProblem(response, 401, code);
    expect(response.headers['www-authenticate']).toMatch(/^Bearer /);
    expect(probeHits.count).toBe(before);
  });
});
