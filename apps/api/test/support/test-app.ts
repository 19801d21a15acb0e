import { randomUUID } from 'node:crypto';
import { CustomerImport } from '@curbside/application';
import type { AddressInfo } from 'node:net';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { ClientService, TokenService } from '@curbside/auth';
import { decodeImportFile } from '@curbside/codecs';
import { type Config, loadConfig } from '@curbside/config';
import { CONFIG } from '@curbside/runtime';
import type { Id } from '@curbside/domain';
import { HolidayRepository, openDatabase } from '@curbside/persistence';
import type { TestDatabase, TestDatabaseKind } from '@curbside/testing';
import type { DestinationStream } from 'pino';
import request from 'supertest';
import type { ModuleImports } from '../../src/app.module';
import { createApp } from '../../src/app';
import { fixture } from './fixtures';
import { ResponseValidator } from './openapi-responses';

/** A registered client and a token for it. */
export interface TestClient {
  clientId: string;
  clientSecret: string;
  token: string;
}

/** Requests with `Authorization`, `ClientId` and a fresh `Request-Tracking-Id` already set. */
export interface AuthorizedRequests {
  get(path: string): request.Test;
  put(path: string): request.Test;
  post(path: string): request.Test;
  delete(path: string): request.Test;
}

export interface TestApp {
  app: NestFastifyApplication;
  /** Base URL of the listening app, e.g. `http://127.0.0.1:41234`. */
  url: string;
  /** The client registered at start (granted `customers`). */
  client: TestClient;
  /** Requests as `client`, e.g. `await api.get('/api/v1/customers/1000001/tickets').expect(200)`. */
  api: AuthorizedRequests;
  /** Requests without any preset header. */
  http(): ReturnType<typeof request>;
  /** Loads an import file (CONTRACT §3) into the app's database, as `npm run cli -- import` does. */
  importFile(file: unknown): Promise<void>;
  /** Registers another client and gets it a token. */
  /** `resourceServer`: it may introspect tokens. */
  registerClient(customers: 'all' | Id[], options?: { resourceServer?: boolean }): Promise<TestClient>;
  /** Requests as another client. */
  as(client: TestClient): AuthorizedRequests;
  /**
   * Starts another API instance on the same database and configuration, as a second process
   * would be, with the same `client`; its `close()` leaves the database to this one.
   */
  startPeer(): Promise<TestApp>;
  close(): Promise<void>;
}

export interface TestAppOptions {
  /** Customers granted to `client`; default `'all'`. */
  customers?: 'all' | Id[];
  /** Extra modules, e.g. a test-only controller. */
  imports?: ModuleImports;
  /** Extra environment variables (CONTRACT §1), e.g. `{ TOKEN_TTL_SECONDS: '60' }`. */
  env?: Record<string, string>;
  /** The API's clock: a fixed instant, or a function of the test's; default the system's. */
  now?: Date | (() => Date);
  /** Loads the e2e fixture (`./fixtures`) once started; default false. */
  fixture?: boolean;
  /** Where the JSON log goes (set LOG_LEVEL in `env` too: the default is silent). */
  logDestination?: DestinationStream;
}

/**
 * Starts the API on a fresh database of `kind`, listening on a free port, with one client
 * registered. Use once per suite:
 *
 * ```ts
 * describe.each(testDatabases())('tickets on $name', (database) => {
 *   let t: TestApp;
 *   beforeAll(async () => (t = await startTestApp(database, { customers: ['1000001'], fixture: true })));
 *   afterAll(() => t.close());
 *   it('lists', () => t.api.get('/api/v1/customers/1000001/tickets').expect(200));
 * });
 * ```
 */
export async function startTestApp(kind: TestDatabaseKind, options: TestAppOptions = {}): Promise<TestApp> {
  const database = await kind.createMigrated(migrateSchema);
  let app: NestFastifyApplication | null = null;
  try {
    const config = loadConfig({ DATABASE_URL: database.url, LOG_LEVEL: 'silent', SHUTDOWN_DRAIN_MS: '0', ...options.env });
    const { now } = options;
    const start = async (): Promise<NestFastifyApplication> => {
      const started = await createApp(config, {
        imports: options.imports,
        logDestination: options.logDestination,
        now: now instanceof Date ? () => new Date(now) : now,
      });
      await started.listen(0, '127.0.0.1');
      return started;
    };
    app = await start();
    const startPeer = async (): Promise<TestApp> => {
      const peer = await start();
      return { ...(await describeTestApp(peer, database, testApp.client, startPeer)), close: () => peer.close() };
    };
    const registered = await app.get(ClientService).create('test client', options.customers ?? 'all');
    const testApp = await describeTestApp(app, database, registered, startPeer);
    if (options.fixture) await testApp.importFile(fixture);
    return testApp;
  } catch (error) {
    await app?.close();
    await database.drop();
    throw error;
  }
}

/** The schema of the database at `url`, brought up to date as the API does at start. */
async function migrateSchema(url: string): Promise<void> {
  await (await openDatabase(url)).destroy();
}

/** `registered` is the suite's client: a new one with a token, or the first instance's. */
async function describeTestApp(
  app: NestFastifyApplication,
  database: TestDatabase,
  registered: { clientId: string; clientSecret: string; token?: string },
  startPeer: () => Promise<TestApp>,
): Promise<TestApp> {
  const { port } = app.getHttpServer().address() as AddressInfo;
  const url = `http://127.0.0.1:${port}`;
  const withToken = async ({ clientId, clientSecret }: { clientId: string; clientSecret: string }): Promise<TestClient> => {
    const { access_token: token } = await app.get(TokenService).issue(clientId);
    return { clientId, clientSecret, token };
  };
  const registerClient = async (granted: 'all' | Id[], options: { resourceServer?: boolean } = {}): Promise<TestClient> =>
    withToken(await app.get(ClientService).create('test client', granted, options.resourceServer === true));
  const validator = await ResponseValidator.of(app);
  const checked = (test: request.Test): request.Test => test.expect((response) => validator.check(test.method, test.url, response));
  const as = (client: TestClient): AuthorizedRequests => authorizedRequests(url, client, checked);
  const client = registered.token === undefined ? await withToken(registered) : { ...registered, token: registered.token };
  return {
    app,
    url,
    client,
    api: as(client),
    http: () => checkedAgent(url, checked),
    importFile: async (file) => {
      const { customers: bundles, holidays } = decodeImportFile(file, { languages: app.get<Config>(CONFIG).languages.offered });
      await app.get(HolidayRepository).importHolidays(holidays);
      for (const bundle of bundles) await app.get(CustomerImport).importBundle(bundle);
    },
    registerClient,
    as,
    startPeer,
    close: async () => {
      await app.close();
      await database.drop();
    },
  };
}

/** Every request's response is checked against the OpenAPI document (see `ResponseValidator`). */
function checkedAgent(url: string, checked: (test: request.Test) => request.Test): ReturnType<typeof request> {
  const agent = request(url);
  for (const method of ['get', 'put', 'post', 'delete', 'patch', 'head', 'options'] as const) {
    const open = agent[method].bind(agent);
    agent[method] = (path: string) => checked(open(path));
  }
  return agent;
}

function authorizedRequests(url: string, client: TestClient, checked: (test: request.Test) => request.Test): AuthorizedRequests {
  const preset = (test: request.Test): request.Test =>
    test.set('Authorization', `Bearer ${client.token}`).set('ClientId', client.clientId).set('Request-Tracking-Id', randomUUID());
  const agent = checkedAgent(url, checked);
  return {
    get: (path) => preset(agent.get(path)),
    put: (path) => preset(agent.put(path)),
    post: (path) => preset(agent.post(path)),
    delete: (path) => preset(agent.delete(path)),
  };
}
