/** @slow `npm start` several times on each database: Jest starts it first (jest.sequencer.js). */
import { freePort, tempFolder, testDatabases } from '@curbside/testing';
import { demoImportFile, PROCESS_TEST_TIMEOUT_MS, runCli, startDemo, writeTempJson, type ImportFile, type RunningApi } from './support/cli';

/** An operator's own customer (not one of the demo's), without a holiday calendar. */
function ownCustomers(): ImportFile {
  const [model] = demoImportFile().customers;
  return { customers: [{ ...model, id: '5000001' }], holidays: [] };
}

const holidaysOf = async (databaseUrl: string, customerId: string) =>
  (await runCli(databaseUrl, ['export', customerId])).json<ImportFile>().holidays;

/** `npm start` as a newcomer runs it (CONTRACT §1): the demo sandbox only ever goes into an empty database. */
describe.each(testDatabases())('npm start and seed --demo on $name', (kind) => {
  let databaseUrl: string;
  let drop: () => Promise<void>;
  let cwd: string;
  const running: RunningApi[] = [];

  beforeEach(async () => {
    ({ url: databaseUrl, drop } = await kind.create());
    cwd = tempFolder('start');
  });
  afterEach(async () => {
    await Promise.all(running.splice(0).map((api) => api.stop()));
    await drop();
  });

  const start = async () => {
    const api = await startDemo(databaseUrl, await freePort(), cwd);
    running.push(api);
    return api;
  };
  const startAndStop = async () => {
    const api = await start();
    await api.stop();
    return api.stdout();
  };
  const credentialsIn = (stdout: string) => ({
    clientId: /ClientId: +(\S+)/.exec(stdout)?.[1],
    secret: /Client secret: +(\S+)/.exec(stdout)?.[1],
  });

  it(
    'import, then start: runs the API on the operator’s data, loads no demo customer and no holiday, says how to register a client',
    async () => {
      expect((await runCli(databaseUrl, ['import', writeTempJson(ownCustomers())])).status).toBe(0);

      const api = await start();
      expect(api.stdout()).toMatch(/no demo sandbox loaded/);
      expect(api.stdout()).toMatch(/clients create/);
      expect(api.stdout()).not.toMatch(/ClientId:/);
      expect((await fetch(`${api.url}/health/ready`)).status).toBe(200);
      await api.stop();

      expect((await runCli(databaseUrl, ['export', '1000001'])).status).toBe(4);
      expect(await holidaysOf(databaseUrl, '5000001')).toEqual([]);

      const refused = await runCli(databaseUrl, ['seed', '--demo']);
      expect(refused.status).toBe(3);
      expect(refused.stderr.trim().split('\n')).toHaveLength(1);
      expect(refused.stderr).toMatch(/holds customers or holidays of its own.*--force/);

      const forced = await runCli(databaseUrl, ['seed', '--demo', '--force', '--json']);
      expect(forced.json()).toMatchObject({ seeded: true, customers: ['1000001', '1000002', '2000001'] });
      expect((await runCli(databaseUrl, ['export', '1000001'])).status).toBe(0);
      expect(await holidaysOf(databaseUrl, '5000001')).toEqual([]);
    },
    PROCESS_TEST_TIMEOUT_MS,
  );

  it(
    'a database holding only a holiday calendar is not empty: nothing loaded, and seed --force leaves the calendar as it was',
    async () => {
      const calendar = [{ date: '2026-07-03', name: 'Company day', delay_days: '2' }];
      expect((await runCli(databaseUrl, ['import', writeTempJson({ customers: [], holidays: calendar })])).status).toBe(0);

      // What `npm start` runs: the first test shows how the start reports it.
      expect((await runCli(databaseUrl, ['seed', '--demo', '--if-empty', '--json'])).json()).toEqual({ seeded: false, customers: [] });
      expect((await runCli(databaseUrl, ['seed', '--demo', '--force'])).status).toBe(0);
      expect(await holidaysOf(databaseUrl, '1000001')).toEqual(calendar);
    },
    PROCESS_TEST_TIMEOUT_MS,
  );

  it(
    'start, start again, then import: the demo is loaded once, every start prints the same working client, none reloads it',
    async () => {
      const first = await startAndStop();
      expect(first).toMatch(/demo sandbox loaded: customers 1000001, 1000002, 2000001/);
      const demoHolidays = await holidaysOf(databaseUrl, '1000001');
      expect(demoHolidays).toHaveLength(22);

      const again = await start();
      expect(again.stdout()).toMatch(/demo sandbox ready/);
      const credentials = credentialsIn(again.stdout());
      expect(credentials).toEqual(credentialsIn(first));
      const token = await fetch(`${again.url}/oauth/token`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ grant_type: 'client_credentials', client_id: credentials.clientId, client_secret: credentials.secret }),
      });
      expect(token.status).toBe(200);
      await again.stop();

      // `seed --demo` over the demo's own database reloads its customers, and leaves its calendar alone.
      expect((await runCli(databaseUrl, ['seed', '--demo', '--json'])).json()).toMatchObject({ seeded: true });

      expect((await runCli(databaseUrl, ['import', writeTempJson(ownCustomers())])).status).toBe(0);
      const afterImport = await startAndStop();
      expect(afterImport).toMatch(/demo sandbox ready/);
      expect(credentialsIn(afterImport)).toEqual(credentials);
      expect(await holidaysOf(databaseUrl, '5000001')).toEqual(demoHolidays);
    },
    PROCESS_TEST_TIMEOUT_MS,
  );
});
