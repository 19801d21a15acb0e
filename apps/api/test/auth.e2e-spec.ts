import { ClientService, TokenService } from '@curbside/auth';
import { testDatabases } from '@curbside/testing';
import type { Test } from 'supertest';
import { ProbeModule, startTestApp, TestApp } from './support';

const probe = (customerId: string): string => `/api/test/customers/${customerId}/probe`;

/** CONTRACT §2, on a customer route. */
describe.each(testDatabases())('customer access on $name', (database) => {
  let t: TestApp;

  beforeAll(async () => {
    t = await startTestApp(database, { customers: ['1000001', '1000002'], imports: [ProbeModule] });
  });
  afterAll(() => t.close());

  async function expectRefused(test: Test, status: number, code: string): Promise<void> {
    const response = await test.expect(status);
    expect(response.headers['content-type']).toBe('application/problem+json; charset=utf-8');
    expect(response.body).toMatchObject({ status, error: { code } });
    if (status === 401) expect(response.headers['www-authenticate']).toMatch(/^Bearer /);
  }

  it('lets a granted customer through', async () => {
    await t.api.get(probe('1000001')).expect(200);
    await t.api.get(probe('1000002')).expect(200);
  });

  describe('401', () => {
    it('without a token', () => expectRefused(t.api.get(probe('1000001')).unset('Authorization'), 401, 'MISSING_TOKEN'));

    it('with another authorization scheme', () =>
      expectRefused(t.api.get(probe('1000001')).set('Authorization', `Basic ${t.client.token}`), 401, 'MISSING_TOKEN'));

    it('with a malformed token', () =>
      expectRefused(t.api.get(probe('1000001')).set('Authorization', 'Bearer not.a.jwt'), 401, 'INVALID_TOKEN'));

    it('with an expired token', async () => {
      const twoHoursAgo = new Date(Date.now() - 2 * 3600 * 1000);
      const expired = await t.app.get(TokenService).issue(t.client.clientId, twoHoursAgo);
      await expectRefused(t.as({ ...t.client, token: expired.access_token }).get(probe('1000001')), 401, 'TOKEN_EXPIRED');
    });

    it('with a forged token (payload swapped to another client, signature kept)', async () => {
      const other = await t.registerClient('all');
      const [header, , signature] = t.client.token.split('.');
      const payload = other.token.split('.')[1];
      const forged = { ...other, token: `${header}.${payload}.${signature}` };
      await expectRefused(t.as(forged).get(probe('1000001')), 401, 'INVALID_TOKEN');
    });

    it('with an unsigned (alg none) token', async () => {
      const [, payload] = t.client.token.split('.');
      const none = Buffer.from(JSON.stringify({ alg: 'none', typ: 'at+jwt' })).toString('base64url');
      await expectRefused(t.as({ ...t.client, token: `${none}.${payload}.` }).get(probe('1000001')), 401, 'INVALID_TOKEN');
    });

    it('without a ClientId header', () => expectRefused(t.api.get(probe('1000001')).unset('ClientId'), 401, 'MISSING_CLIENT_ID'));

    it('with a ClientId that is not the token\u2019s client', async () => {
      const other = await t.registerClient('all');
      await expectRefused(t.api.get(probe('1000001')).set('ClientId', other.clientId), 401, 'CLIENT_ID_MISMATCH');
    });

    it('for a revoked client, at once, with a token issued before', async () => {
      const client = await t.registerClient(['1000001']);
      await t.as(client).get(probe('1000001')).expect(200);
      await t.app.get(ClientService).revoke(client.clientId);
      await expectRefused(t.as(client).get(probe('1000001')), 401, 'UNKNOWN_CLIENT');
    });
  });

  describe('400', () => {
    it.each(['abc', '12a', '-1', '1234567890123456789'])('for the malformed customerId %s', (customerId) =>
      expectRefused(t.api.get(probe(customerId)), 400, 'INVALID_CUSTOMER_ID'),
    );
  });

  describe('403, whether or not the customer exists', () => {
    it.each(['1000003', '999999999'])('for the customer %s not granted to the client', (customerId) =>
      expectRefused(t.api.get(probe(customerId)), 403, 'CUSTOMER_NOT_GRANTED'),
    );

    it('but not for a client granted all customers', async () => {
      const all = await t.registerClient('all');
      await t.as(all).get(probe('999999999')).expect(200);
    });
  });

  it('checks authentication before the customer id', () =>
    expectRefused(t.api.get(probe('abc')).unset('Authorization'), 401, 'MISSING_TOKEN'));
});
