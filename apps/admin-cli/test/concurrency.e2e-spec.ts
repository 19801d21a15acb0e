import { testDatabases } from '@curbside/testing';
import {
  demoImportFile,
  PROCESS_TEST_TIMEOUT_MS,
  registerClient,
  runCli,
  spawnCli,
  startApi,
  writeTempJson,
  type ImportFile,
  type RunningApi,
} from './support/cli';

const TICKETS_PER_CUSTOMER = 600;
/** PUTs sent at least, and at most while the import still runs: the load is bounded either way. */
const MIN_PUTS = 400;
const MAX_PUTS = 3000;
const PUTS_IN_FLIGHT_PER_API = 8;

interface Outcome {
  status: number;
  body: string;
}

/**
 * PUT communication-preferences from both APIs at once, round robin over the customers,
 * PUTS_IN_FLIGHT_PER_API at a time per API, until MIN_PUTS are done and `busy()` is false
 * (or MAX_PUTS are done).
 */
async function putLoad(apis: RunningApi[], customerIds: string[], auth: Record<string, string>, busy: () => boolean): Promise<Outcome[]> {
  const outcomes: Outcome[] = [];
  let sent = 0;
  const more = () => sent < MAX_PUTS && (sent < MIN_PUTS || busy());
  const worker = async (api: RunningApi) => {
    while (more()) {
      const n = sent++;
      const customerId = customerIds[n % customerIds.length];
      const response = await fetch(`${api.url}/api/v1/customers/${customerId}/communication-preferences`, {
        method: 'PUT',
        headers: { ...auth, 'Request-Tracking-Id': `load-${n}`, 'Content-Type': 'application/json' },
        body: JSON.stringify({
          preferences: [
            {
              category: 'Service Notification',
              channels: [{ name: 'Text', selections: [{ value: `602-555-${String(n % 10_000).padStart(4, '0')}`, type: 'SMOBILE', is_opt_in: 'Y' }] }],
            },
          ],
          audit_info: { modified_by: `load-${n}` },
        }),
      });
      outcomes.push({ status: response.status, body: await response.text() });
    }
  };
  await Promise.all(apis.flatMap((api) => Array.from({ length: PUTS_IN_FLIGHT_PER_API }, () => worker(api))));
  return outcomes;
}

describe.each(testDatabases())('writers at once on $name', (kind) => {
  it('two API processes under PUT load and a CLI import of thousands of records: no failed request, the import complete', async () => {
    const { url: databaseUrl, drop } = await kind.create();
    const apis: RunningApi[] = [];
    try {
      const demo = demoImportFile();
      const customerIds = demo.customers.map((customer) => customer.id);
      const file = demoImportFile(Object.fromEntries(customerIds.map((id) => [id, TICKETS_PER_CUSTOMER])));
      expect((await runCli(databaseUrl, ['import', writeTempJson(demo)])).status).toBe(0);
      apis.push(...(await Promise.all([startApi(databaseUrl), startApi(databaseUrl)])));
      const { clientId, token } = await registerClient(databaseUrl, apis[0]);

      let importing = true;
      const importDone = spawnCli(databaseUrl, ['import', writeTempJson(file)]).finally(() => (importing = false));
      const outcomes = await putLoad(apis, customerIds, { Authorization: `Bearer ${token}`, ClientId: clientId }, () => importing);
      const imported = await importDone;

      const failed = outcomes.filter((outcome) => outcome.status < 200 || outcome.status > 299);
      expect({ puts: outcomes.length >= MIN_PUTS, failedPuts: failed.length, aFailure: failed[0], importExit: imported.status, importStderr: imported.stderr })
        .toEqual({ puts: true, failedPuts: 0, aFailure: undefined, importExit: 0, importStderr: '' });
      const exports = await Promise.all(file.customers.map((customer) => spawnCli(databaseUrl, ['export', customer.id])));
      const ticketIds = (customer: ImportFile['customers'][number]) => customer.tickets.map((ticket) => ticket.id);
      exports.forEach((exported, n) => {
        // The second import adds its tickets to those of the first (import replaces by id).
        const expected = [...ticketIds(demo.customers[n]), ...ticketIds(file.customers[n])].sort();
        expect(ticketIds(exported.json<ImportFile>().customers[0]).sort()).toEqual(expected);
      });
      for (const api of apis) expect(api.stderr()).toBe('');
    } finally {
      await Promise.all(apis.map((api) => api.stop()));
      await drop();
    }
  }, PROCESS_TEST_TIMEOUT_MS);
});
