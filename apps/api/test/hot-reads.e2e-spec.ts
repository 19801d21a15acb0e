import { CustomerAccessGuard } from '@curbside/auth';
import { ROUTES } from '@curbside/contract';
import { testDatabases } from '@curbside/testing';
import { HOT_READS } from '../src/hot-reads';
import { expectProblem, startTestApp, TestApp } from './support';

const CUSTOMER = '1000001';
/** A path of each route, its parameters filled in (a record id that does not exist answers a 404 problem, as in Nest). */
const pathOf = (path: string): string => path.replace('{customerId}', CUSTOMER).replace(/\{\w+\}/g, '123');

describe('the hot reads table', () => {
  it('holds customer GETs of the contract, each once', () => {
    const paths = HOT_READS.map((read) => `${read.route.method} ${read.route.path}`);
    expect(new Set(paths).size).toBe(paths.length);
    for (const read of HOT_READS) {
      expect(Object.values(ROUTES)).toContain(read.route);
      expect(read.route.method).toBe('GET');
      expect(read.route.customerScoped).toBe(true);
    }
  });
});

describe.each(testDatabases())('hot reads on $name', (database) => {
  let t: TestApp;
  let viaNest: jest.SpyInstance;

  beforeAll(async () => {
    viaNest = jest.spyOn(CustomerAccessGuard.prototype, 'canActivate');
    t = await startTestApp(database, { customers: [CUSTOMER], fixture: true });
  });
  afterAll(async () => {
    viaNest.mockRestore();
    await t.close();
  });
  beforeEach(() => viaNest.mockClear());

  it.each(HOT_READS.map((read) => [read.route.operationId, pathOf(read.route.path)]))(
    '%s is answered by its own handler, without the Nest route (%s)',
    async (_operationId, path) => {
      const response = await t.api.get(path);
      expect([200, 404]).toContain(response.status);
      expect(response.headers['ratelimit-limit']).toBeDefined();
      expect(viaNest).not.toHaveBeenCalled();
    },
  );

  it('refuses as Nest does, by the same guards: 401 without a token, before anything else', async () => {
    const response = await t.api.get(pathOf(ROUTES.listTickets.path)).unset('Authorization');
    expectProblem(response, 401, 'MISSING_TOKEN');
    expect(response.headers['www-authenticate']).toBe('Bearer realm="curbside"');
    expect(viaNest).not.toHaveBeenCalled();
  });

  it('leaves the other customer GETs to Nest (version 1 of the invoice list)', async () => {
    await t.api.get(pathOf(ROUTES.listInvoicesV1.path)).expect(200);
    expect(viaNest).toHaveBeenCalledTimes(1);
  });
});
