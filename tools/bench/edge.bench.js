#!/usr/bin/env node
/*
 * What the edge features of CONTRACT §7 cost a ticket-list request (issue 9):
 *   1. in this process, per request: the rate-limit counter (rate-limiter-flexible, in memory and in
 *      Redis) and the ETag (the interceptor's serialize + SHA-256) of a 10- and a 1,000-ticket list;
 *   2. end to end, in one run: the built API with counters in memory against the same API with
 *      counters in Redis (REDIS_URL), on the demo sandbox's ticket list, alternating rounds.
 *
 * Run: npm run build && node tools/bench/edge.bench.js   (REDIS_URL, default redis://127.0.0.1:6379)
 */
'use strict';

const { spawn, spawnSync } = require('node:child_process');
const { mkdtempSync, rmSync } = require('node:fs');
const { tmpdir } = require('node:os');
const path = require('node:path');
const { freePort } = require('./bench');
const autocannon = require('autocannon');
const Redis = require('ioredis');
const { RateLimiterMemory, RateLimiterRedis } = require('rate-limiter-flexible');

const root = path.resolve(__dirname, '../..');
const redisUrl = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const ROUNDS = Number(process.env.EDGE_ROUNDS ?? 3);
const SECONDS = Number(process.env.EDGE_SECONDS ?? 5);

let etag, ticketList;
try {
  ({ ticketList } = require('./ticket-lists'));
  etag = require(path.join(root, 'dist/apps/api/platform/entity-tag.js'));
} catch {
  console.error('Build first: npm run build');
  process.exit(1);
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

/** Median microseconds per call of `work` (sync or async), over `runs` batches of `calls`. */
async function microseconds(work, calls, runs = 7) {
  const samples = [];
  for (let run = 0; run < runs; run++) {
    const start = process.hrtime.bigint();
    for (let i = 0; i < calls; i++) await work(i);
    samples.push(Number(process.hrtime.bigint() - start) / 1e3 / calls);
  }
  return median(samples);
}

async function inProcess() {
  const limit = { points: 1e9, duration: 60, keyPrefix: `edge-bench-${process.pid}` };
  const memory = new RateLimiterMemory(limit);
  const redis = new Redis(redisUrl, { lazyConnect: true, maxRetriesPerRequest: 1 });
  await redis.connect();
  const shared = new RateLimiterRedis({ ...limit, storeClient: redis });
  const rows = [
    ['rate-limit counter, in memory', await microseconds(() => memory.consume('client'), 20_000)],
    ['rate-limit counter, in Redis (one round trip)', await microseconds(() => shared.consume('client'), 2_000)],
  ];
  for (const count of [10, 1_000]) {
    const body = ticketList(count);
    const bytes = Buffer.byteLength(JSON.stringify(body));
    rows.push([`ETag of a ${count}-ticket list (${bytes.toLocaleString('en')} B): serialize + SHA-256`, await microseconds(() => etag.entityTag(etag.serialize(body).untracked, 'json'), count === 10 ? 20_000 : 200)]);
    rows.push([`  the JSON.stringify it replaces`, await microseconds(() => JSON.stringify(body), count === 10 ? 20_000 : 200)]);
  }
  await redis.quit();
  return rows;
}


function cli(env, ...args) {
  const result = spawnSync(process.execPath, [path.join(root, 'dist/apps/admin-cli/main.js'), ...args], { env, encoding: 'utf8' });
  if (result.status !== 0) throw new Error(`cli ${args.join(' ')}: ${result.stderr}`);
  return JSON.parse(result.stdout);
}

async function startApi(name, env) {
  const port = String(await freePort());
  const child = spawn(process.execPath, [path.join(root, 'dist/apps/api/main.js')], { env: { ...env, PORT: port }, stdio: ['ignore', 'ignore', 'inherit'] });
  const url = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 600; i++) {
    if (await fetch(`${url}/health/ready`).then((r) => r.ok, () => false)) return { name, child, url };
    await new Promise((r) => setTimeout(r, 50));
  }
  child.kill();
  throw new Error(`${name} did not start`);
}

async function endToEnd() {
  const scratch = mkdtempSync(path.join(tmpdir(), 'curbside-edge-'));
  const env = {
    PATH: process.env.PATH,
    DATABASE_URL: `sqlite:${path.join(scratch, 'edge.sqlite')}`,
    TOKEN_SIGNING_KEY: 'edge-bench-signing-key-0123456789abcdef0123456789',
    LOG_LEVEL: 'warn',
    RATE_LIMIT_PER_MINUTE: '1000000000',
  };
  const apis = [];
  try {
    const demo = cli(env, 'seed', '--demo', '--json');
    const { access_token: token } = cli(env, 'tokens', 'issue', '--client-id', demo.client_id, '--json');
    const request = {
      path: `/api/v1/customers/${demo.customers[0]}/tickets`,
      headers: { Authorization: `Bearer ${token}`, ClientId: demo.client_id, 'Request-Tracking-Id': 'edge-bench' },
    };
    apis.push(await startApi('counters in memory', env));
    apis.push(await startApi('counters in Redis', { ...env, REDIS_URL: redisUrl, REDIS_KEY_PREFIX: `edge-bench-${process.pid}:` }));
    const rates = new Map(apis.map((api) => [api.name, []]));
    for (const api of apis) await run(api, request, 2); // warm-up, discarded
    for (let round = 0; round < ROUNDS; round++) for (const api of apis) rates.get(api.name).push(await run(api, request, SECONDS));
    return [...rates].map(([name, values]) => [name, median(values)]);
  } finally {
    for (const api of apis) api.child.kill('SIGTERM');
    rmSync(scratch, { recursive: true, force: true });
  }
}

async function run(api, request, seconds) {
  const result = await autocannon({ url: `${api.url}${request.path}`, headers: request.headers, connections: 10, duration: seconds });
  if (result.non2xx > 0 || result.errors > 0) throw new Error(`${api.name}: ${result.non2xx} non-2xx, ${result.errors} errors`);
  return result.requests.average;
}

async function main() {
  const micro = await inProcess();
  console.log('| per request, in this process | µs |\n|---|---:|');
  for (const [what, us] of micro) console.log(`| ${what} | ${us.toFixed(1)} |`);
  const [memory, shared] = await endToEnd();
  console.log(`\n| demo ticket list, ${ROUNDS} rounds of ${SECONDS} s, 10 connections | req/s (median) |\n|---|---:|`);
  console.log(`| ${memory[0]} | ${Math.round(memory[1])} |\n| ${shared[0]} | ${Math.round(shared[1])} |`);
  console.log(`| ratio Redis / memory | ${(shared[1] / memory[1]).toFixed(2)} |`);
  console.log(`| per-request time, memory (1 / req/s) | ${(1e6 / memory[1]).toFixed(0)} µs |`);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
