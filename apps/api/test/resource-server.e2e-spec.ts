import { Controller, Get, UseGuards } from '@nestjs/common';
import { FastifyAdapter, type NestFastifyApplication } from '@nestjs/platform-fastify';
import { Test } from '@nestjs/testing';
import request from 'supertest';
import { ClientService, TokenService } from '@curbside/auth';
import { CurbsideAccessGuard, CurbsideCaller, type CurbsideCallerInfo, CurbsideResourceServerModule } from '@curbside/auth/resource-server';
import { httpBehaviourDatabases } from '@curbside/testing';
import { startTestApp, TestApp, TestClient } from './support';

@Controller('reports')
@UseGuards(CurbsideAccessGuard)
class ReportsController {
  @Get('whoami')
  whoami(@CurbsideCaller() caller: CurbsideCallerInfo): { client_id: string } {
    return { client_id: caller.clientId };
  }
}

/**
 * Another team's service behind `@curbside/auth/resource-server`: it checks Curbside's tokens by introspection
 * against this API (no signing key of its own) and refuses with the contract's problems. What is published of it
 * is tested from outside the repository by `npm run test:publish`.
 */
describe.each(httpBehaviourDatabases())('another service behind CurbsideAccessGuard, against the API on $name', (database) => {
  let t: TestApp;
  let service: TestClient;
  let outside: NestFastifyApplication;

  beforeAll(async () => {
    t = await startTestApp(database, { customers: ['1000001'] });
    service = await t.registerClient([]);
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
    await expectRefused(await whoami(`${t.client.token.slice(0, -4)}AAAA`, t.client.clientId), 'INVALID_TOKEN');
    const { access_token: expired } = await t.app.get(TokenService).issue(t.client.clientId, new Date(Date.now() - 2 * 3600_000));
    await expectRefused(await whoami(expired, t.client.clientId), 'TOKEN_EXPIRED');
  });

  it("refuses a revoked client's token at once (INVALID_TOKEN: introspection tells no one why)", async () => {
    const revoked = await t.registerClient(['1000001']);
    expect((await whoami(revoked.token, revoked.clientId)).status).toBe(200);
    await t.app.get(ClientService).revoke(revoked.clientId);
    await expectRefused(await whoami(revoked.token, revoked.clientId), 'INVALID_TOKEN');
  });

  it('lets in tokens signed before and after keys rotate', async () => {
    const before = await t.registerClient(['1000001']);
    await t.app.get(TokenService).rotate();
    const { access_token: after } = await t.app.get(TokenService).issue(before.clientId);
    expect((await whoami(before.token, before.clientId)).status).toBe(200);
    expect((await whoami(after, before.clientId)).status).toBe(200);
  });
});
