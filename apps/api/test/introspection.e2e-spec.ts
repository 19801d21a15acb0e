import { ClientService, TokenService } from '@curbside/auth';
import { driverIndependentDatabases } from '@curbside/testing';
import { startTestApp, TestApp, type TestClient } from './support';

const basic = (id: string, secret: string): string => `Basic ${Buffer.from(`${id}:${secret}`).toString('base64')}`;

/** POST /oauth/introspect (RFC 7662): another service asks whether a token is active, as a client of its own. */
describe.each(driverIndependentDatabases())('POST /oauth/introspect on $name', (database) => {
  let t: TestApp;
  let now = new Date('2026-06-01T12:00:00Z');

  beforeAll(async () => {
    t = await startTestApp(database, { customers: ['1000001'], now: () => now });
  });
  afterAll(() => t.close());

  let server: TestClient;
  beforeAll(async () => {
    server = await t.registerClient([], { resourceServer: true });
  });

  const introspect = (token: string, asker = server) =>
    t.http().post('/oauth/introspect').set('Authorization', basic(asker.clientId, asker.clientSecret)).type('form').send({ token });

  it("says an access token is active, with its client and times, to another client; the API's own checks, made on every call", async () => {
    const response = await introspect(t.client.token).expect(200);
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.body).toEqual({
      active: true,
      client_id: t.client.clientId,
      sub: t.client.clientId,
      iss: 'curbside',
      aud: 'curbside-api',
      token_type: 'Bearer',
      exp: expect.any(Number),
      iat: expect.any(Number),
      jti: expect.any(String),
      customers: ['1000001'],
    });
    expect(response.body.exp - response.body.iat).toBe(3600);
  });

  it('names what an active token reaches, as the API checks it: its customers, or all_customers', async () => {
    const service = await t.registerClient([], { resourceServer: true });
    const everyone = await t.registerClient('all');
    const nobody = await t.registerClient([]);
    const reach = ({ customers, all_customers }: { customers?: unknown; all_customers?: unknown }) => ({ customers, all_customers });
    expect(reach((await introspect(everyone.token, service).expect(200)).body)).toEqual({ customers: undefined, all_customers: true });
    expect(reach((await introspect(nobody.token, service).expect(200)).body)).toEqual({ customers: [], all_customers: undefined });
  });

  it('says only {active: false} for a forged token, an expired one and a revoked client\u2019s', async () => {
    expect((await introspect('not.a.token').expect(200)).body).toEqual({ active: false });
    const revoked = await t.registerClient(['1000001']);
    await t.app.get(ClientService).revoke(revoked.clientId);
    expect((await introspect(revoked.token).expect(200)).body).toEqual({ active: false });
    const { access_token: old } = await t.app.get(TokenService).issue(t.client.clientId, new Date(now.getTime() - 2 * 3600_000));
    expect((await introspect(old).expect(200)).body).toEqual({ active: false });
  });

  it('keeps a token signed with the previous key active after a rotation', async () => {
    const before = t.client.token;
    await t.app.get(TokenService).rotate();
    now = new Date(now.getTime() + 1000);
    expect((await introspect(before).expect(200)).body.active).toBe(true);
  });

  it('answers bad credentials with 401 invalid_client and a missing token with 400 invalid_request, RFC 6749 \u00a75.2', async () => {
    const wrong = await t.http().post('/oauth/introspect').set('Authorization', basic(server.clientId, 'wrong')).type('form').send({ token: 'x' });
    expect(wrong.status).toBe(401);
    expect(wrong.body.error).toBe('invalid_client');
    const missing = await t.http().post('/oauth/introspect').type('form').send({ client_id: server.clientId, client_secret: server.clientSecret });
    expect(missing.status).toBe(400);
    expect(missing.body.error).toBe('invalid_request');
  });

  it('answers only clients registered as resource servers: any other client gets 403 unauthorized_client, and learns nothing of the token', async () => {
    const other = await t.registerClient('all');
    const refused = await introspect(t.client.token, other);
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual({ error: 'unauthorized_client', error_description: expect.any(String) });
    expect(refused.headers['cache-control']).toBe('no-store');
  });

  it('refuses an over-long token as 400 invalid_request, RFC 6749 \u00a75.2', async () => {
    const response = await introspect('t'.repeat(4097));
    expect([response.status, response.body.error]).toEqual([400, 'invalid_request']);
  });
});

describe('POST /oauth/introspect: a resource server\u2019s rate limit', () => {
  let t: TestApp;
  const LIMIT = 3;

  beforeAll(async () => {
    t = await startTestApp(driverIndependentDatabases()[0], { customers: ['1000001'], env: { INTROSPECTIONS_PER_MINUTE: String(LIMIT) } });
  });
  afterAll(() => t.close());

  it('lets INTROSPECTIONS_PER_MINUTE through a minute, then 429 temporarily_unavailable with Retry-After; another resource server has its own count', async () => {
    const server = await t.registerClient([], { resourceServer: true });
    const introspect = (asker: TestClient) =>
      t.http().post('/oauth/introspect').set('Authorization', basic(asker.clientId, asker.clientSecret)).type('form').send({ token: t.client.token });
    const statuses: number[] = [];
    for (let i = 0; i < LIMIT + 2; i++) statuses.push((await introspect(server)).status);
    expect(statuses).toEqual([200, 200, 200, 429, 429]);
    const refused = await introspect(server);
    expect(refused.body.error).toBe('temporarily_unavailable');
    expect(Number(refused.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    expect(Number(refused.headers['retry-after'])).toBeLessThanOrEqual(60);
    expect((await introspect(await t.registerClient([], { resourceServer: true }))).status).toBe(200);
  });
});
