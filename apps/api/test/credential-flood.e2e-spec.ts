/** @slow a flood of token requests: Jest starts it first (jest.sequencer.js). */
import { Agent, request as httpRequest } from 'node:http';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { testDatabases } from '@curbside/testing';
import { startTestApp, TestApp } from './support';

/** V8's full GC, reached as Jest's leak detector reaches it: the flag set for a moment, the `gc` of a context made meanwhile. */
function fullGc(): () => void {
  setFlagsFromString('--expose-gc');
  const gc = runInNewContext('gc') as () => void;
  setFlagsFromString('--no-expose-gc');
  return gc;
}

/** Live heap and RSS after full collections (twice: weak references and finalizers free more on the second). */
function settledMemory(gc: () => void): { heap: number; rss: number } {
  gc();
  gc();
  return { heap: process.memoryUsage().heapUsed, rss: process.memoryUsage.rss() };
}

const MiB = 1024 * 1024;
/** Few, so that few secrets are hashed: the test is about what the refused requests leave. */
const ADDRESS_FAILURES = 20;

/**
 * Requests without credentials that the API refuses must leave nothing behind: a flood of distinct
 * client ids, over-long or not, from one address. Before this held, the failed-attempt limiter kept a
 * counter keyed by each raw client id for its 15 minutes (1,000 ids of 60 KB kept some 60 MB).
 */
describe('a flood of token requests with unknown client ids', () => {
  let t: TestApp;
  const agents: Agent[] = [];

  beforeAll(async () => {
    t = await startTestApp(testDatabases()[0], { customers: ['1000001'], env: { TOKEN_FAILURES_PER_ADDRESS_PER_15_MIN: String(ADDRESS_FAILURES) } });
  });
  afterAll(async () => {
    for (const agent of agents) agent.destroy();
    await t.close();
  });

  /** The statuses of `count` token requests from the loopback address `from`, 16 at a time, each with its own client id. */
  async function flood(from: string, count: number, clientId: (i: number) => string): Promise<Map<number, number>> {
    const agent = new Agent({ keepAlive: true, maxSockets: 16, localAddress: from });
    agents.push(agent);
    const statuses = new Map<number, number>();
    let next = 0;
    const send = (i: number): Promise<number> =>
      new Promise((resolve, reject) => {
        const body = `grant_type=client_credentials&client_id=${clientId(i)}&client_secret=wrong`;
        const request = httpRequest(`${t.url}/oauth/token`, { method: 'POST', agent, headers: { 'Content-Type': 'application/x-www-form-urlencoded' } }, (response) => {
          response.resume();
          response.on('end', () => resolve(response.statusCode ?? 0));
        });
        request.on('error', reject);
        request.end(body);
      });
    const worker = async (): Promise<void> => {
      while (next < count) {
        const status = await send(next++);
        statuses.set(status, (statuses.get(status) ?? 0) + 1);
      }
    };
    await Promise.all(Array.from({ length: 16 }, worker));
    return statuses;
  }

  it('refuses 10,000 over-long ids 400 and 10,000 in-bounds ones 401 then 429, and memory is back within a few MiB', async () => {
    const gc = fullGc();
    // Warm up: the first requests load code and fill caches that stay whatever comes next.
    await flood('127.0.0.40', 200, (i) => `cs_warm_${i}_${'w'.repeat(2_000 * (i % 2))}`);
    const before = settledMemory(gc);

    const overLong = await flood('127.0.0.41', 10_000, (i) => `${i}_${'x'.repeat(4_096)}`);
    const inBounds = await flood('127.0.0.42', 10_000, (i) => `cs_unknown_${i}_${'y'.repeat(40)}`.slice(0, 64));
    const after = settledMemory(gc);

    expect(Object.fromEntries(overLong)).toEqual({ 400: 10_000 });
    // Failures count once they failed: up to 16 in flight may pass the address's limit before it shuts.
    const failed = inBounds.get(401) ?? 0;
    expect(failed).toBeGreaterThanOrEqual(ADDRESS_FAILURES);
    expect(failed).toBeLessThan(ADDRESS_FAILURES + 16);
    expect(Object.fromEntries(inBounds)).toEqual({ 401: failed, 429: 10_000 - failed });
    const grown = { heapMiB: (after.heap - before.heap) / MiB, rssMiB: (after.rss - before.rss) / MiB };
    process.stdout.write(`credential flood: heap ${grown.heapMiB.toFixed(1)} MiB, RSS ${grown.rssMiB.toFixed(1)} MiB\n`);
    expect(grown.heapMiB).toBeLessThan(3);
  }, 120_000);
});
