import { ClientService, TokenService } from '@curbside/auth';
import { httpBehaviourDatabases } from '@curbside/testing';
import { startTestApp, TestApp } from './support';

const basic = (id: string, secret: string): string => `Basic ${Buffer.from(`${id}:${secret}`).toString('base64')}`;

/** POST /oauth/introspect (RFC 7662): another service asks whether a token is active, as a client of its own. */
describe.each(httpBehaviourDatabases())('POST /oauth/introspect on $name', (database) => {
  let t: TestApp;
  let now = new Date('2026-06-01T12:00:00Z');

  beforeAll(async () => {
    t = await startTestApp(database, { customers: ['1000001'], now: () => now });
  });
  afterAll(() => t.close());

  const introspect = (token: string, asker = t.client) =>
    t.http().post('/oauth/introspect').set('Authorization', basic(asker.clientId, asker.clientSecret)).type('form').send({ token });

  it("says an access token is active, with its client and times, to another client; the API's own checks, made on every call", async () => {
    const service = await t.registerClient([]);
    const response = await introspect(t.client.token, service).expect(200);
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
    });
    expect(response.body.exp - response.body.iat).toBe(3600);
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
    const wrong = await t.http().post('/oauth/introspect').set('Authorization', basic(t.client.clientId, 'wrong')).type('form').send({ token: 'x' });
    expect(wrong.status).toBe(401);
    expect(wrong.body.error).toBe('invalid_client');
    const missing = await t.http().post('/oauth/introspect').type('form').send({ client_id: t.client.clientId, client_secret: t.client.clientSecret });
    expect(missing.status).toBe(400);
    expect(missing.body.error).toBe('invalid_request');
  });
});
