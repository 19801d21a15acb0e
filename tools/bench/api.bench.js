#!/usr/bin/env node
/*
 * API throughput and latency: the built API as its own process (one core), autocannon as
 * the load (the other core), over loopback only, bounded in time.
 *
 *   npm run build && node tools/bench/api.bench.js [--seconds=5] [--connections=10]
 *   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/bench node tools/bench/api.bench.js
 *   BENCH_REDIS_URL=redis://127.0.0.1:6379 node tools/bench/api.bench.js   (rate-limit counters in Redis)
 *
 * It loads the demo sandbox into a scratch SQLite file (or the database you name, which it
 * fills), registers a client, then measures one route after another and prints a Markdown
 * table: requests/s, latency p50/p99, and the API process's resident memory at the end.
 */
const { spawn, spawnSync } = require('node:child_process');
const { mkdtempSync, readFileSync, rmSync } = require('node:fs');
const { tmpdir } = require('node:os');
const path = require('node:path');
const { freePort } = require('./bench');
const autocannon = require('autocannon');

const root = path.resolve(__dirname, '../..');
const option = (name, fallback) => Number(process.argv.find((a) => a.startsWith(`--${name}=`))?.split('=')[1] ?? fallback);
const seconds = option('seconds', 5);
const connections = option('connections', 10);


function cli(env, ...args) {
  const result = spawnSync(process.execPath, [path.join(root, 'dist/apps/admin-cli/main.js'), ...args], { env, encoding: 'utf8' });
  if (result.status !== 0) throw new Error(`cli ${args.join(' ')}: ${result.stderr}`);
  return JSON.parse(result.stdout);
}

async function startApi(env) {
  const api = spawn(process.execPath, [path.join(root, 'dist/apps/api/main.js')], { env, stdio: 'ignore' });
  const url = `http://127.0.0.1:${env.PORT}`;
  for (let i = 0; i < 200; i++) {
    if (await fetch(`${url}/health/ready`).then((r) => r.ok, () => false)) return { api, url };
    await new Promise((r) => setTimeout(r, 50));
  }
  api.kill();
  throw new Error('the API did not start');
}

const residentMiB = (pid) => {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return Math.round(Number(/VmRSS:\s+(\d+)/.exec(status)[1]) / 1024);
};

async function main() {
  const scratch = mkdtempSync(path.join(tmpdir(), 'curbside-bench-'));
  const databaseUrl = process.env.BENCH_DATABASE_URL ?? `sqlite:${path.join(scratch, 'bench.sqlite')}`;
  // The rate limit is counted on every request (in memory, or in Redis with BENCH_REDIS_URL) but set
  // out of reach: the bench measures serving, not refusing.
  const redis = process.env.BENCH_REDIS_URL ? { REDIS_URL: process.env.BENCH_REDIS_URL, REDIS_KEY_PREFIX: `curbside-bench-${process.pid}:` } : {};
  const env = {
    PATH: process.env.PATH,
    DATABASE_URL: databaseUrl,
    PORT: String(await freePort()),
    LOG_LEVEL: 'warn',
    RATE_LIMIT_PER_MINUTE: '1000000000',
    ...redis,
  };
  const demo = cli(env, 'seed', '--demo', '--json');
  const { access_token: token } = cli(env, 'tokens', 'issue', '--client-id', demo.client_id, '--json');
  const { tickets, disposal_tickets: disposal, invoices } = cli(env, 'export', '1000002').customers[0];
  const { api, url } = await startApi(env);

  const headers = { Authorization: `Bearer ${token}`, ClientId: demo.client_id, 'Request-Tracking-Id': 'bench' };
  const customer = `${url}/api/v1/customers/1000002`;
  const routes = [
    ['op 1 ticket list, JSON', `${customer}/tickets`, {}],
    ['op 1 ticket list, XML', `${customer}/tickets`, { Accept: 'application/xml' }],
    ['op 2 ticket detail', `${customer}/tickets/${tickets[0].id}`, {}],
    ['op 4 disposal detail, XML', `${customer}/tickets/${disposal[0].id}?ticket_type=disposal`, { Accept: 'application/xml' }],
    ['op 5 invoice list (v2)', `${url}/api/v2/customers/1000002/invoices`, {}],
    ['op 6 invoice detail', `${customer}/invoices/${invoices[1].id}`, {}],
    ['op 9 preferences', `${customer}/communication-preferences`, {}],
    ['health/ready (no auth)', `${url}/health/ready`, {}],
  ];

  const rows = [];
  try {
    // Warm-up, so that the first route measured does not pay for the JIT and cold caches.
    for (const [, target, extra] of routes) await autocannon({ url: target, connections, duration: 1, headers: { ...headers, ...extra } });
    for (const [name, target, extra] of routes) {
      const result = await autocannon({ url: target, connections, duration: seconds, headers: { ...headers, ...extra } });
      const failures = result.non2xx + result.errors + result.timeouts;
      if (failures > 0) throw new Error(`${name}: ${failures} failed requests`);
      rows.push(`| ${name} | ${Math.round(result.requests.average)} | ${result.latency.p50} | ${result.latency.p99} |`);
    }
    rows.push(await duringTokenFlood(`${customer}/tickets`, headers, url, demo.client_id));
    rows.push('', `API resident memory after the run: ${residentMiB(api.pid)} MiB`);
  } finally {
    api.kill('SIGTERM');
    rmSync(scratch, { recursive: true, force: true });
  }
  const database = databaseUrl.startsWith('sqlite:') ? 'SQLite' : 'PostgreSQL';
  process.stdout.write(
    `\n${database}, rate-limit counters ${redis.REDIS_URL ? 'in Redis' : 'in memory'}, ${connections} connections, ${seconds} s per route, Node ${process.version}\n\n` +
      '| route | requests/s | p50 ms | p99 ms |\n|---|---|---|---|\n' +
      `${rows.join('\n')}\n`,
  );
}

/**
 * The ticket list measured while 2,000 token requests with a wrong secret arrive for one client id
 * (10 connections): after TOKEN_FAILURES_PER_15_MIN failures they are refused before any scrypt work.
 */
async function duringTokenFlood(target, headers, url, clientId) {
  const flood = autocannon({
    url: `${url}/oauth/token`,
    method: 'POST',
    connections: 10,
    amount: 2000,
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ grant_type: 'client_credentials', client_id: clientId, client_secret: 'wrong' }).toString(),
  });
  const [result, refused] = await Promise.all([autocannon({ url: target, connections, duration: seconds, headers }), flood]);
  if (result.non2xx + result.errors + result.timeouts > 0) throw new Error('ticket list during the flood: failed requests');
  const count = (status) => refused.statusCodeStats?.[status]?.count ?? 0;
  const flooded = `2,000 wrong secrets (${count(401)} × 401, then ${count(429)} × 429)`;
  return `| op 1 ticket list during ${flooded} | ${Math.round(result.requests.average)} | ${result.latency.p50} | ${result.latency.p99} |`;
}

main().catch((error) => {
  process.stderr.write(`bench failed: ${error.message}\n`);
  process.exit(1);
});
