import { Controller, Get, Param, UseGuards } from '@nestjs/common';
import { FastifyAdapter, type NestFastifyApplication } from '@nestjs/platform-fastify';
import { Test } from '@nestjs/testing';
import request from 'supertest';
import { ClientService, TokenService } from '@curbside/auth';
import { CurbsideAccessGuard, CurbsideCaller, type CurbsideCallerInfo, CurbsideResourceServerModule } from '@curbside/auth/resource-server';
import { driverIndependentDatabases, tampered } from '@curbside/testing';
import { startTestApp, TestApp, TestClient } from './support';

@Controller('reports')
@UseGuards(CurbsideAccessGuard)
class ReportsController {
  @Get('whoami')
  whoami(@CurbsideCaller() caller: CurbsideCallerInfo): { client_id: string } {
    return { client_id: caller.clientId };
  }

  @Get('customers/:customerId/summary')
  summary(@Param('customerId') customerId: string, @CurbsideCaller() caller: CurbsideCallerInfo): { customer_id: string; request_tracking_id: string } {
    return { customer_id: customerId, request_tracking_id: caller.trackingId };
  }
}

/**
 * Another team's service behind `@curbside/auth/resource-server`: it checks Curbside's tokens by introspection
 * against this API (no signing key of its own) and refuses with the contract's problems. What is published of it
 * is tested from outside the repository by `npm run test:publish`.
 */
describe.each(driverIndependentDatabases())('another service behind CurbsideAccessGuard, against the API on $name', (database) => {
  let t: TestApp;
  let service: TestClient;
  let outside: NestFastifyApplication;

  beforeAll(async () => {
    t = await startTestApp(database, { customers: ['1000001', '1000002'] });
    service = await t.registerClient([], { resourceServer: true });
    const module = await Test.createTestingModule({
      imports: [CurbsideResourceServerModule.forRoot({ curbsideUrl: t.url, clientId: service.clientId, clientSecret: service.clientSecret })],
      controllers: [ReportsController],
    }).compile();
    outside = module.createNestApplication<NestFastifyApplication>(new FastifyAdapter(), { logger: false });
    await outside.init();
    await outside.getHttpAdapter().getInstance().ready();
  });
  afterAll(async () => {
    await outside?.close();
    await t?.close();
  });

  const whoami = (token: string | null, clientId: string) => {
    const call = request(outside.getHttpServer()).get('/reports/whoami').set('ClientId', clientId).set('Request-Tracking-Id', 'rs-1');
    return token === null ? call : call.set('Authorization', `Bearer ${token}`);
  };

  async function expectRefused(response: request.Response, code: string): Promise<void> {
    expect(response.status).toBe(401);
    expect(response.headers['content-type']).toBe('application/problem+json; charset=utf-8');
    expect(response.headers['www-authenticate']).toBe('Bearer realm="curbside"');
    expect(JSON.parse(response.text)).toEqual({
      type: 'about:blank',
      title: 'Unauthorized',
      status: 401,
      detail: expect.any(String),
      instance: '/reports/whoami',
      request_tracking_id: 'rs-1',
      error: { code, message: expect.any(String), errors: [] },
    });
  }

  it('lets in a token the API issued, naming its client', async () => {
    const response = await whoami(t.client.token, t.client.clientId);
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ client_id: t.client.clientId });
  });

  it('refuses as the contract says: no token, another ClientId, a forged token, an expired one', async () => {
    await expectRefused(await whoami(null, t.client.clientId), 'MISSING_TOKEN');
    await expectRefused(await whoami(t.client.token, service.clientId), 'CLIENT_ID_MISMATCH');
    await expectRefused(await whoami(tampered(t.client.token), t.client.clientId), 'INVALID_TOKEN');
    const { access_token: expired } = await t.app.get(TokenService).issue(t.client.clientId, new Date(Date.now() - 2 * 3600_000));
    await expectRefused(await whoami(expired, t.client.clientId), 'TOKEN_EXPIRED');
  });

  it("refuses a revoked client's token at once (INVALID_TOKEN: introspection tells no one why)", async () => {
    const revoked = await t.registerClient(['1000001']);
    expect((await whoami(revoked.token, revoked.clientId)).status).toBe(200);
    await t.app.get(ClientService).revoke(revoked.clientId);
    await expectRefused(await whoami(revoked.token, revoked.clientId), 'INVALID_TOKEN');
  });

  const summary = (customerId: string, client: TestClient, headers: Record<string, string> = { 'Request-Tracking-Id': 'rs-2' }) =>
    request(outside.getHttpServer())
      .get(`/reports/customers/${customerId}/summary`)
      .set({ Authorization: `Bearer ${client.token}`, ClientId: client.clientId, ...headers });

  it("checks the route's customer against what the token reaches: 403 with one body whether or not the customer exists", async () => {
    const one = await t.registerClient(['1000001']);
    expect((await summary('1000001', one)).body).toEqual({ customer_id: '1000001', request_tracking_id: 'rs-2' });
    const ofAnother = await summary('1000002', one);
    const ofNobody = await summary('9999999', one);
    expect(ofAnother.status).toBe(403);
    expect(JSON.parse(ofAnother.text)).toMatchObject({ status: 403, request_tracking_id: 'rs-2', error: { code: 'CUSTOMER_NOT_GRANTED' } });
    expect(ofNobody.text).toBe(ofAnother.text.replace('/1000002/', '/9999999/'));
    expect((await summary('10x', one)).body).toMatchObject({ status: 400, error: { code: 'INVALID_CUSTOMER_ID' } });
    // The API refuses the same caller for the same customer with the same code.
    const api = await request(t.url).get('/api/v1/customers/1000002/profiles').set({ Authorization: `Bearer ${one.token}`, ClientId: one.clientId, 'Request-Tracking-Id': 'rs-2' });
    expect([api.status, api.body.error.code]).toEqual([403, 'CUSTOMER_NOT_GRANTED']);
    const everyone = await t.registerClient('all');
    expect((await summary('1000002', everyone)).status).toBe(200);
  });

  it('requires Request-Tracking-Id as the API does (400 before the token is looked at), and answers in XML when asked', async () => {
    const missing = await summary('1000001', t.client, {});
    expect(missing.status).toBe(400);
    expect(missing.headers['request-tracking-id']).toMatch(/^[0-9a-f-]{36}$/);
    expect(missing.body).toMatchObject({ status: 400, request_tracking_id: missing.headers['request-tracking-id'], error: { code: 'MISSING_TRACKING_ID' } });
    expect((await summary('1000001', t.client, { 'Request-Tracking-Id': '   ' })).body.error.code).toBe('MISSING_TRACKING_ID');
    expect((await summary('1000001', t.client, { 'Request-Tracking-Id': 'x'.repeat(201) })).body.error.code).toBe('INVALID_TRACKING_ID');
    const xml = await summary('1000002', t.client, { 'Request-Tracking-Id': 'rs-xml', Accept: 'application/xml' }).set('ClientId', 'someone-else');
    expect(xml.status).toBe(401);
    expect(xml.headers['content-type']).toBe('application/problem+xml; charset=utf-8');
    expect(xml.text).toContain('<request_tracking_id>rs-xml</request_tracking_id>');
    expect(xml.text).toContain('<code>CLIENT_ID_MISMATCH</code>');
    // Byte for byte what the API answers the same request.
    const api = await request(t.url)
      .get('/api/v1/customers/1000002/profiles')
      .set({ Authorization: `Bearer ${t.client.token}`, ClientId: 'someone-else', 'Request-Tracking-Id': 'rs-xml', Accept: 'application/xml' });
    expect(xml.text.replace('/reports/customers/1000002/summary', '')).toBe(api.text.replace('/api/v1/customers/1000002/profiles', ''));
  });

  it('lets in tokens signed before and after keys rotate', async () => {
    const before = await t.registerClient(['1000001']);
    await t.app.get(TokenService).rotate();
    const { access_token: after } = await t.app.get(TokenService).issue(before.clientId);
    expect((await whoami(before.token, before.clientId)).status).toBe(200);
    expect((await whoami(after, before.clientId)).status).toBe(200);
  });
});
