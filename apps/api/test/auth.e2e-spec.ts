import { ClientService, TokenService } from '@curbside/auth';
import { driverIndependentDatabases } from '@curbside/testing';
import type { Test } from 'supertest';
import { expectProblem, startTestApp, TestApp } from './support';

const tickets = (customerId: string): string => `/api/v1/customers/${customerId}/tickets`;

/** Customers that exist: one granted to the suite's client, one not. */
const GRANTED = '1000001';
const NOT_GRANTED = '1000002';
/** Customers that do not exist: one granted, one not. */
const GRANTED_MISSING = '1000009';
const NOT_GRANTED_MISSING = '9999999';

/** CONTRACT §2, on a real customer route. */
describe.each(driverIndependentDatabases())('customer access on $name', (database) => {
  let t: TestApp;

  beforeAll(async () => {
    t = await startTestApp(database, { customers: [GRANTED, GRANTED_MISSING] });
    await t.importFile({ customers: [GRANTED, NOT_GRANTED].map((id) => ({ id, currency: 'USD' })) });
  });
  afterAll(() => t.close());

  async function expectRefused(test: Test, status: number, code: string): Promise<void> {
    const response = await test;
    expectProblem(response, status, code);
    if (status === 401) expect(response.headers['www-authenticate']).toMatch(/^Bearer /);
  }

  it('lets a granted, existing customer through', async () => {
    await t.api.get(tickets(GRANTED)).expect(200);
  });

  describe('401', () => {
    it('without a token', () => expectRefused(t.api.get(tickets(GRANTED)).unset('Authorization'), 401, 'MISSING_TOKEN'));

    it('with another authorization scheme', () =>
      expectRefused(t.api.get(tickets(GRANTED)).set('Authorization', `Basic ${t.client.token}`), 401, 'MISSING_TOKEN'));

    it('with a malformed token', () =>
      expectRefused(t.api.get(tickets(GRANTED)).set('Authorization', 'Bearer not.a.jwt'), 401, 'INVALID_TOKEN'));

    it('with an expired token', async () => {
      const twoHoursAgo = new Date(Date.now() - 2 * 3600 * 1000);
      const expired = await t.app.get(TokenService).issue(t.client.clientId, twoHoursAgo);
      await expectRefused(t.as({ ...t.client, token: expired.access_token }).get(tickets(GRANTED)), 401, 'TOKEN_EXPIRED');
    });

    it('with a forged token (payload swapped to another client, signature kept)', async () => {
      const other = await t.registerClient('all');
      const [header, , signature] = t.client.token.split('.');
      const payload = other.token.split('.')[1];
      const forged = { ...other, token: `${header}.${payload}.${signature}` };
      await expectRefused(t.as(forged).get(tickets(GRANTED)), 401, 'INVALID_TOKEN');
    });

    it('with an unsigned (alg none) token', async () => {
      const [, payload] = t.client.token.split('.');
      const none = Buffer.from(JSON.stringify({ alg: 'none', typ: 'at+jwt' })).toString('base64url');
      await expectRefused(t.as({ ...t.client, token: `${none}.${payload}.` }).get(tickets(GRANTED)), 401, 'INVALID_TOKEN');
    });

    it('without a ClientId header', () => expectRefused(t.api.get(tickets(GRANTED)).unset('ClientId'), 401, 'MISSING_CLIENT_ID'));

    it('with a ClientId that is not the token\u2019s client', async () => {
      const other = await t.registerClient('all');
      await expectRefused(t.api.get(tickets(GRANTED)).set('ClientId', other.clientId), 401, 'CLIENT_ID_MISMATCH');
    });

    it('for a revoked client at once, with a token issued before', async () => {
      const client = await t.registerClient([GRANTED]);
      await t.as(client).get(tickets(GRANTED)).expect(200);
      expect(await t.app.get(ClientService).revoke(client.clientId)).toBe(true);
      await expectRefused(t.as(client).get(tickets(GRANTED)), 401, 'UNKNOWN_CLIENT');
    });

    it('before looking at the customer id', () =>
      expectRefused(t.api.get(tickets('abc')).unset('Authorization'), 401, 'MISSING_TOKEN'));
  });

  describe('400', () => {
    it.each(['abc', '12a', '-1', '1234567890123456789'])('for the malformed customerId %s', (customerId) =>
      expectRefused(t.api.get(tickets(customerId)), 400, 'INVALID_CUSTOMER_ID'),
    );
  });

  describe('403, whether or not the customer exists', () => {
    it.each([
      ['that exists', NOT_GRANTED],
      ['that does not exist', NOT_GRANTED_MISSING],
    ])('for a customer %s, not granted to the client', (_case, customerId) =>
      expectRefused(t.api.get(tickets(customerId)), 403, 'CUSTOMER_NOT_GRANTED'),
    );
  });

  describe('404', () => {
    it('for a granted customer that does not exist', () =>
      expectRefused(t.api.get(tickets(GRANTED_MISSING)), 404, 'CUSTOMER_NOT_FOUND'));

    it('for any missing customer, once the client is granted all of them', async () => {
      const all = await t.registerClient('all');
      await expectRefused(t.as(all).get(tickets(NOT_GRANTED_MISSING)), 404, 'CUSTOMER_NOT_FOUND');
      await t.as(all).get(tickets(NOT_GRANTED)).expect(200);
    });
  });
});
