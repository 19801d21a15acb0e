#!/usr/bin/env node
/*
 * A soak: does the API's memory level off under a long mixed load, at the
 * response cache's bound plus a constant? Two built APIs on one database, side by side, each under
 * the same mixed load at a fixed rate (autocannon's `overallRate`) for SOAK_MINUTES: one keeps
 * answers (RESPONSE_CACHE_MAX_BYTES = SOAK_CACHE_BYTES), one keeps none (0). Each one's RSS is
 * sampled every SOAK_SAMPLE_SECONDS. The report gives RSS over the run, the slope of its second
 * half, and the kept-answers API's plateau over the other's next to the bound.
 *
 *   npm run bench -- soak [--json=file]
 *   SOAK_MINUTES=30 (default)  SOAK_RATE=20 (requests/s to each API: what two APIs on 2 cores both keep)  SOAK_SAMPLE_SECONDS=5
 *   SOAK_CACHE_BYTES=8388608 (the kept-answers API's bound; small, so that minutes fill it)
 *   BENCH_POSTGRES_URL=postgres://postgres@127.0.0.1:5432/postgres   PostgreSQL (a scratch database
 *   made there and dropped after); unset: SQLite (a file in a scratch directory)
 *
 * The mix (per request, at random): a ticket of the 10,000-ticket customer (10,000 distinct
 * answers), the 10-row list, the 1,000-row list with a random `limit` (hundreds of distinct answers
 * of up to 250 KB), its XML, the first page of 1,000 of the 10,000, the invoice list, and a PUT of
 * preferences (a write: the customer's kept answers are dropped). Nothing is pinned: the two APIs
 * on one CPU could not both keep the rate (a soak measures memory, not speed); the report gives the
 * rate each one kept. Any answer but 2xx is counted and reported.
 */
const { randomBytes } = require('node:crypto');
const { readFileSync, rmSync, writeFileSync } = require('node:fs');
const path = require('node:path');
const autocannon = require('autocannon');
const { environment, prepare } = require('../fixtures/api');
const { preferencesChange } = require('../fixtures/data');
const { option: argument } = require('../harness/args');
const { freePort } = require('../harness/ports');
const { root, startServer } = require('../harness/processes');
const { progress } = require('../harness/report');
const number = (name, fallback) => {
  const value = Number(process.env[name] ?? fallback);
  if (!Number.isFinite(value) || value <= 0) throw new Error(`${name} must be a positive number`);
  return value;
};
const settings = {
  minutes: number('SOAK_MINUTES', 30),
  rate: number('SOAK_RATE', 20),
  sampleSeconds: number('SOAK_SAMPLE_SECONDS', 5),
  cacheBytes: number('SOAK_CACHE_BYTES', 8 * 1024 * 1024),
  postgres: process.env.BENCH_POSTGRES_URL ?? null,
  json: argument('json'),
};

const MiB = 1024 * 1024;
const rssMiB = (pid) => Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0) / 1024;

/** A PostgreSQL database of the soak's own on BENCH_POSTGRES_URL's server; dropped by `drop`. */
async function scratchPostgres(serverUrl) {
  const { Client } = require('pg');
  const admin = new Client({ connectionString: serverUrl });
  await admin.connect();
  const name = `curbside_soak_${randomBytes(4).toString('hex')}`;
  await admin.query(`CREATE DATABASE "${name}"`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      await admin.end();
    },
  };
}

/** The mixed load's requests, drawn at random per request. */
function mix(customers, headers) {
  const base = (customer) => `/api/v1/customers/${customer.id}`;
  const { small, medium, large } = customers;
  const json = { ...headers };
  const put = { method: 'PUT', body: JSON.stringify(preferencesChange(medium)), headers: { ...headers, 'Content-Type': 'application/json' } };
  const pick = (items) => items[Math.floor(Math.random() * items.length)];
  const weighted = [
    [40, () => ({ method: 'GET', path: `${base(large)}/tickets/${pick(large.tickets).id}`, headers: json })],
    [20, () => ({ method: 'GET', path: `${base(small)}/tickets`, headers: json })],
    [12, () => ({ method: 'GET', path: `${base(medium)}/tickets?limit=${1 + Math.floor(Math.random() * 1000)}`, headers: json })],
    [5, () => ({ method: 'GET', path: `${base(medium)}/tickets`, headers: { ...json, Accept: 'application/xml' } })],
    [8, () => ({ method: 'GET', path: `${base(large)}/tickets?limit=1000`, headers: json })],
    [10, () => ({ method: 'GET', path: `/api/v2/customers/${medium.id}/invoices`, headers: json })],
    [5, () => ({ path: `${base(medium)}/communication-preferences`, ...put })],
  ];
  const total = weighted.reduce((sum, [weight]) => sum + weight, 0);
  return () => {
    let draw = Math.random() * total;
    for (const [weight, make] of weighted) if ((draw -= weight) < 0) return make();
    return weighted[0][1]();
  };
}

/** Drives `server` at the fixed rate for the soak's length; counts answers by status class. */
function load(server, next) {
  const counts = { '2xx': 0, other: 0, errors: 0 };
  const instance = autocannon({
    url: server.url,
    connections: 10,
    overallRate: settings.rate,
    duration: Math.round(settings.minutes * 60),
    requests: [{ setupRequest: (request) => ({ ...request, ...next() }) }],
  });
  instance.on('response', (_client, status) => (status >= 200 && status < 300 ? counts['2xx']++ : counts.other++));
  instance.on('reqError', () => counts.errors++);
  return instance.then((result) => ({ counts, requests: result.requests.total, rate: result.requests.total / result.duration, p99: result.latency.p99 }));
}

/** Least-squares slope of RSS (MiB) over time (minutes). */
function slope(points) {
  const n = points.length;
  if (n < 2) return 0;
  const mx = points.reduce((s, p) => s + p.minutes, 0) / n;
  const my = points.reduce((s, p) => s + p.mib, 0) / n;
  const sxy = points.reduce((s, p) => s + (p.minutes - mx) * (p.mib - my), 0);
  const sxx = points.reduce((s, p) => s + (p.minutes - mx) ** 2, 0);
  return sxx === 0 ? 0 : sxy / sxx;
}

const mean = (values) => values.reduce((s, v) => s + v, 0) / Math.max(values.length, 1);

/** What one API's samples say: RSS at tenths of the run, its peak, the second half's mean and slope. */
function summary(samples, key) {
  const points = samples.map((sample) => ({ minutes: sample.seconds / 60, mib: sample[key] }));
  const half = points.filter((point) => point.minutes >= settings.minutes / 2);
  const at = (fraction) => points[Math.min(points.length - 1, Math.round(fraction * (points.length - 1)))]?.mib ?? 0;
  const first = points.filter((point) => point.minutes < settings.minutes / 2);
  return {
    tenths: Array.from({ length: 11 }, (_, i) => Math.round(at(i / 10))),
    peak: Math.round(Math.max(...points.map((p) => p.mib))),
    firstHalfPeak: Math.max(...first.map((p) => p.mib)),
    secondHalfPeak: Math.max(...half.map((p) => p.mib)),
    plateau: mean(half.map((p) => p.mib)),
    slopePerMinute: slope(half),
  };
}

async function main() {
  const pin = () => [];
  const { scratch, env } = environment();
  const database = settings.postgres === null ? null : await scratchPostgres(settings.postgres);
  if (database !== null) env.DATABASE_URL = database.url;
  const servers = [];
  const samples = [];
  let sampler = null;
  try {
    const { customers, headers } = prepare(env, scratch);
    const api = path.join(root, 'dist/apps/api/main.js');
    const kept = await startServer('kept answers', pin, api, { ...env, RESPONSE_CACHE_MAX_BYTES: String(settings.cacheBytes), PORT: String(await freePort()) });
    servers.push(kept);
    const none = await startServer('no kept answers', pin, api, { ...env, RESPONSE_CACHE_MAX_BYTES: '0', PORT: String(await freePort()) });
    servers.push(none);
    progress(`soak: ${settings.minutes} min at ${settings.rate} req/s to each API (${database === null ? 'SQLite' : 'PostgreSQL'}), RSS every ${settings.sampleSeconds} s`);
    const started = Date.now();
    const sample = () => {
      const seconds = (Date.now() - started) / 1000;
      samples.push({ seconds, kept: rssMiB(kept.child.pid), none: rssMiB(none.child.pid) });
      if (samples.length % Math.max(1, Math.round(60 / settings.sampleSeconds)) === 0) {
        const last = samples.at(-1);
        progress(`${(seconds / 60).toFixed(1)} min: RSS kept ${last.kept.toFixed(0)} MiB, none ${last.none.toFixed(0)} MiB`);
      }
    };
    sample();
    sampler = setInterval(sample, settings.sampleSeconds * 1000);
    const [keptLoad, noneLoad] = await Promise.all([load(kept, mix(customers, headers)), load(none, mix(customers, headers))]);
    clearInterval(sampler);
    sample();

    const k = summary(samples, 'kept');
    const n = summary(samples, 'none');
    const bound = settings.cacheBytes / MiB;
    const report = {
      takenAt: new Date().toISOString(),
      database: database === null ? 'SQLite' : 'PostgreSQL',
      settings: { minutes: settings.minutes, rate: settings.rate, sampleSeconds: settings.sampleSeconds, cacheBytes: settings.cacheBytes },
      kept: { ...k, load: keptLoad },
      none: { ...n, load: noneLoad },
      samples,
    };
    const row = (name, s, l) =>
      `| ${name} | ${s.tenths.join(' / ')} | ${s.peak} | ${s.plateau.toFixed(0)} | ${s.slopePerMinute.toFixed(2)} | ${l.requests} (${l.rate.toFixed(1)}/s; ${l.counts.other} non-2xx, ${l.counts.errors} errors) | ${l.p99} |`;
    process.stdout.write(
      [
        `Soak, ${report.database}: ${settings.minutes} min, ${settings.rate} req/s to each API (mixed load), RSS every ${settings.sampleSeconds} s; kept answers bounded at ${bound.toFixed(1)} MiB`,
        '',
        '| API | RSS MiB at 0, 10 … 100 % of the run | peak MiB | second half mean MiB | second half slope MiB/min | requests | p99 ms |',
        '|---|---|---:|---:|---:|---|---:|',
        row('kept answers', k, keptLoad),
        row('no kept answers', n, noneLoad),
        '',
        `Kept answers over none, second half: ${(k.plateau - n.plateau).toFixed(0)} MiB (the bound: ${bound.toFixed(1)} MiB; the rest, ${(k.plateau - n.plateau - bound).toFixed(0)} MiB, is what keeping costs beyond the answers' bytes: the cache's entries and V8's heap headroom).`,
        // RSS moves in a saw-tooth (V8 grows its heap, then gives pages back): a level is a band whose top stops rising.
        `Peaks, first half -> second half: kept ${k.firstHalfPeak.toFixed(0)} -> ${k.secondHalfPeak.toFixed(0)} MiB, none ${n.firstHalfPeak.toFixed(0)} -> ${n.secondHalfPeak.toFixed(0)} MiB: ` +
          `${[k, n].every((x) => x.secondHalfPeak <= x.firstHalfPeak * 1.1) ? 'levelled off (no second-half peak more than 10 % above the first half\'s)' : 'still rising'}.`,
        '',
      ].join('\n'),
    );
    if (settings.json) writeFileSync(settings.json, JSON.stringify(report, null, 2));
  } finally {
    if (sampler !== null) clearInterval(sampler);
    for (const server of servers) server.child.kill('SIGTERM');
    await new Promise((resolve) => setTimeout(resolve, 500));
    await database?.drop().catch((error) => progress(`could not drop the scratch database: ${error.message}`));
    rmSync(scratch, { recursive: true, force: true });
  }
}

main().catch((error) => {
  process.stderr.write(`soak failed: ${error.message}\n`);
  process.exit(1);
});
