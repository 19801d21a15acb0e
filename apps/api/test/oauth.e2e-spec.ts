import { ClientService } from '@curbside/auth';
import { driverIndependentDatabases } from '@curbside/testing';
import { startTestApp, TestApp } from './support';

const basic = (id: string, secret: string): string => `Basic ${Buffer.from(`${id}:${secret}`).toString('base64')}`;
/** A token request body with the credentials in it. */
const credentials = (client_id: string, client_secret: string, grant_type = 'client_credentials') => ({ grant_type, client_id, client_secret });

describe.each(driverIndependentDatabases())('POST /oauth/token on $name', (database) => {
  let t: TestApp;

  beforeAll(async () => {
    t = await startTestApp(database, { customers: ['1000001'] });
  });
  afterAll(() => t.close());

  const token = () => t.http().post('/oauth/token');

  /** The token works on a customer route. */
  async function expectUsable(accessToken: string): Promise<void> {
    await t
      .as({ ...t.client, token: accessToken })
      .get('/api/v1/customers/1000001/no-such-resource')
      .expect((response) => expect(response.status).toBe(404));
  }

  it('issues a token for form-encoded credentials', async () => {
    const response = await token()
      .type('form')
      .send(credentials(t.client.clientId, t.client.clientSecret))
      .expect(200);
    expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.body).toEqual({ access_token: expect.any(String), token_type: 'Bearer', expires_in: 3600 });
    await expectUsable(response.body.access_token);
  });

  it('issues a token for a JSON body', async () => {
    const response = await token()
      .send(credentials(t.client.clientId, t.client.clientSecret))
      .expect(200);
    expect(response.body.token_type).toBe('Bearer');
  });

  it('issues a token for HTTP Basic credentials, whatever Accept says', async () => {
    const response = await token()
      .set('Authorization', basic(t.client.clientId, t.client.clientSecret))
      .set('Accept', 'application/xml')
      .type('form')
      .send({ grant_type: 'client_credentials' })
      .expect(200);
    expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(response.body.token_type).toBe('Bearer');
  });

  it('answers a wrong secret with 401 invalid_client', async () => {
    const response = await token()
      .type('form')
      .send(credentials(t.client.clientId, 'wrong'))
      .expect(401);
    expect(response.body).toEqual({ error: 'invalid_client', error_description: expect.any(String) });
    expect(response.headers['www-authenticate']).toBeUndefined();
    expect(response.headers['cache-control']).toBe('no-store');
  });

  it('challenges with WWW-Authenticate: Basic when Basic credentials are wrong', async () => {
    const response = await token()
      .set('Authorization', basic(t.client.clientId, 'wrong'))
      .type('form')
      .send({ grant_type: 'client_credentials' })
      .expect(401);
    expect(response.body.error).toBe('invalid_client');
    expect(response.headers['www-authenticate']).toMatch(/^Basic /);
  });

  it('answers an unknown client with 401 invalid_client', async () => {
    const response = await token()
      .send(credentials('cs_nobody', t.client.clientSecret))
      .expect(401);
    expect(response.body.error).toBe('invalid_client');
  });

  it('answers a revoked client with 401 invalid_client', async () => {
    const revoked = await t.registerClient(['1000001']);
    expect(await t.app.get(ClientService).revoke(revoked.clientId)).toBe(true);
    const response = await token()
      .send(credentials(revoked.clientId, revoked.clientSecret))
      .expect(401);
    expect(response.body.error).toBe('invalid_client');
  });

  it('answers missing parameters with 400 invalid_request', async () => {
    const response = await token().type('form').send({ grant_type: 'client_credentials', client_id: t.client.clientId }).expect(400);
    expect(response.body.error).toBe('invalid_request');
    const empty = await token().expect(400);
    expect(empty.body.error).toBe('invalid_request');
  });

  it('answers another grant type with 400 unsupported_grant_type', async () => {
    const response = await token()
      .type('form')
      .send(credentials(t.client.clientId, t.client.clientSecret, 'password'))
      .expect(400);
    expect(response.body.error).toBe('unsupported_grant_type');
  });
});
