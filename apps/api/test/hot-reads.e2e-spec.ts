import { CustomerAccessGuard } from '@curbside/auth';
import { ROUTES } from '@curbside/contract';
import { testDatabases } from '@curbside/testing';
import { DataSource } from 'typeorm';
import { HOT_READS } from '../src/hot-reads';
import { expectProblem, recordQueries, startTestApp, TestApp } from './support';
import { fixtureCustomer } from './support/fixtures';

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

  /** The statements one request sends, each the start of its text. */
  async function statementsOf(send: () => PromiseLike<unknown>): Promise<string[]> {
    const recording = recordQueries(t.app.get(DataSource));
    try {
      await send();
    } finally {
      recording.stop();
    }
    return recording.sent.map(({ sql }) => sql.slice(0, 40));
  }

  // What a small read pays beside the least a server can: on PostgreSQL each statement is a round trip;
  // on SQLite a call into the library, where the client and the customer, or the ticket and its lines, cost less
  // read apart than joined.
  it('reads a ticket with its client and customer in one statement, then the ticket and its lines (one statement on PostgreSQL)', async () => {
    const ticket = fixtureCustomer(CUSTOMER).tickets.find((candidate: { services_info: unknown[] }) => candidate.services_info.length > 1);
    const statements = await statementsOf(() => t.api.get(`${pathOf(ROUTES.listTickets.path)}/${ticket?.id}`).expect(200));
    const postgres = t.app.get(DataSource).options.type === 'postgres';
    expect(statements.map((sql) => sql.split(' ')[0])).toEqual(postgres ? ['SELECT', 'SELECT'] : ['SELECT', 'SELECT', 'BEGIN', 'SELECT', 'SELECT', 'COMMIT']);
  });

  it('refuses a customer not granted (403) from the client\'s one statement, and one that does not exist (404) from it (PostgreSQL) or the customer\'s', async () => {
    const everyone = t.as(await t.registerClient('all'));
    const postgres = t.app.get(DataSource).options.type === 'postgres';
    expect(await statementsOf(() => t.api.get(pathOf(ROUTES.getTicket.path).replace(CUSTOMER, '1000002')).expect(403))).toHaveLength(1);
    expect(await statementsOf(() => everyone.get(pathOf(ROUTES.getTicket.path).replace(CUSTOMER, '3999999')).expect(404))).toHaveLength(postgres ? 1 : 2);
    expect(await statementsOf(() => t.api.get(pathOf(ROUTES.getTicket.path)).expect(404))).toHaveLength(postgres ? 2 : 5);
  });

  it('leaves the other customer GETs to Nest (version 1 of the invoice list)', async () => {
    await t.api.get(pathOf(ROUTES.listInvoicesV1.path)).expect(200);
    expect(viaNest).toHaveBeenCalledTimes(1);
  });
});
