import { connect } from 'node:net';
import { setTimeout as delay } from 'node:timers/promises';
import { testDatabases } from '@curbside/testing';
import { demoImportFile, PROCESS_TEST_TIMEOUT_MS, registerClient, runCli, startApi, writeTempJson, type RunningApi } from './support/cli';

const BIG_CUSTOMER = '1000001';
const BIG_TICKETS = 10_000;
const IN_FLIGHT = 200;
const BIG_REQUESTS = 4;
const DRAIN_MS = 1500;

interface Answer {
  status: number;
  contentLength: string | null;
  body: string;
}

/**
 * The real API process is sent SIGTERM with IN_FLIGHT requests under way (BIG_REQUESTS of them
 * multi-megabyte ticket lists): every one is answered whole, readiness says 503 during the
 * drain, and the process exits 0 (within the timeout, so idle keep-alive connections were closed).
 */
describe.each(testDatabases())('API shutdown on $name', (kind) => {
  it(`finishes ${IN_FLIGHT} requests in flight, whole, answers 503 on readiness while draining, and exits 0`, async () => {
    const { url: databaseUrl, drop } = await kind.create();
    let api: RunningApi | null = null;
    try {
      expect((await runCli(databaseUrl, ['import', writeTempJson(demoImportFile({ [BIG_CUSTOMER]: BIG_TICKETS }))])).status).toBe(0);
      // LIST_MAX_ITEMS: so that the list stays whole once lists page (CONTRACT §7).
      api = await startApi(databaseUrl, { SHUTDOWN_DRAIN_MS: String(DRAIN_MS), SHUTDOWN_TIMEOUT_MS: '50000', LIST_MAX_ITEMS: '100000' });
      const { url } = api;
      const { clientId, token } = await registerClient(databaseUrl, api);

      const paths = Array.from({ length: IN_FLIGHT }, (_, n) =>
        n % Math.floor(IN_FLIGHT / BIG_REQUESTS) === 0
          ? `/api/v1/customers/${BIG_CUSTOMER}/tickets`
          : `/api/v1/customers/1000002/${n % 2 === 0 ? 'tickets' : 'communication-preferences'}`,
      );
      const answers = paths.map((path, n) =>
        fetch(`${url}${path}`, { headers: { Authorization: `Bearer ${token}`, ClientId: clientId, 'Request-Tracking-Id': `in-flight-${n}` } }).then(
          async (response): Promise<Answer> => ({ status: response.status, contentLength: response.headers.get('content-length'), body: await response.text() }),
          (error: Error): Answer => ({ status: 0, contentLength: null, body: String(error.cause ?? error) }),
        ),
      );
      await delay(100);
      api.process.kill('SIGTERM');
      const readinessWhileDraining = await firstNotOk(`${url}/health/ready`);

      const settled = await Promise.all(answers);
      const exitCode = await api.exited;

      const broken = settled.filter((answer) => answer.status !== 200 || !isWholeJson(answer));
      expect(broken.map((answer) => `${answer.status} ${answer.body.slice(0, 200)}`)).toEqual([]);
      const bigLists = settled.filter((_, n) => paths[n].startsWith(`/api/v1/customers/${BIG_CUSTOMER}/`));
      expect(bigLists).toHaveLength(BIG_REQUESTS);
      for (const answer of bigLists) {
        expect(Buffer.byteLength(answer.body)).toBeGreaterThan(2_000_000);
        expect((JSON.parse(answer.body) as { tickets: unknown[] }).tickets).toHaveLength(BIG_TICKETS);
      }
      expect(readinessWhileDraining).toBe(503);
      expect({ exitCode, stderr: api.stderr() }).toEqual({ exitCode: 0, stderr: '' });
    } finally {
      await api?.stop();
      await drop();
    }
  }, PROCESS_TEST_TIMEOUT_MS);
});

describe('API shutdown that cannot finish', () => {
  it('exits 1 after SHUTDOWN_TIMEOUT_MS, saying why in one line', async () => {
    const { url: databaseUrl, drop } = await testDatabases()[0].create();
    let api: RunningApi | null = null;
    try {
      api = await startApi(databaseUrl, { SHUTDOWN_DRAIN_MS: '0', SHUTDOWN_TIMEOUT_MS: '1500' });
      // A request whose body never comes stays in flight.
      const socket = connect(api.port, '127.0.0.1');
      socket.on('error', () => undefined);
      socket.write('POST /oauth/token HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{');
      await delay(300);
      api.process.kill('SIGTERM');
      expect(await api.exited).toBe(1);
      expect(api.stderr()).toMatch(/^curbside-api: shutdown on SIGTERM did not finish within SHUTDOWN_TIMEOUT_MS \(1500 ms\): 1 connection\(s\) still open; exiting\n$/);
      socket.destroy();
    } finally {
      await api?.stop();
      await drop();
    }
  }, PROCESS_TEST_TIMEOUT_MS);
});

/** Polls `url` (bounded: the drain lasts DRAIN_MS) until it answers other than 200; that status. */
async function firstNotOk(url: string): Promise<number> {
  for (let attempt = 0; attempt < DRAIN_MS / 50; attempt++) {
    const status = await fetch(url).then((response) => response.status);
    if (status !== 200) return status;
    await delay(50);
  }
  return 200;
}

function isWholeJson({ contentLength, body }: Answer): boolean {
  if (contentLength !== null && Number(contentLength) !== Buffer.byteLength(body)) return false;
  try {
    JSON.parse(body);
    return true;
  } catch {
    return false;
  }
}
