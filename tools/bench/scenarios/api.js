#!/usr/bin/env node
/*
 * The API against the independent baseline (baseline/independent-server.js, written from the
 * interface and the schema alone) in two forms: as it is (verifying the JWT on every request) and
 * as "the limit" (keeping verified tokens, as Curbside does). One database, one run.
 *
 *   npm run bench -- api [--smoke] [--seconds=3] [--rounds=3] [--connections=10] [--import-rows=1000000] [--scenario='detail|10 rows'] [--no-build]
 *   BENCH_DATABASE_URL=postgres://... npm run bench -- api      (PostgreSQL: an empty database of its own, which it fills)
 *
 * It writes the bench's customers (10, 1,000 and 10,000 tickets, invoices, disposal tickets) and
 * loads them with the real CLI, registers a client and issues a token, then starts the API (one
 * keeping no answers, one keeping them) and both baselines with the same environment, pinned to
 * CPU 0 (the load, this process, on CPU 1). For every request it first checks that all answer 200
 * with the same body bytes, then measures a discarded warm-up and rounds alternating between the
 * servers; any non-2xx fails the run. Per server and request: req/s, p50/p99, the whole process's
 * CPU per request (every thread, user + system, /proc), how busy the core was, and peak RSS. Then
 * the import: the CLI's rows/s against raw inserts. The goals (goals.json) are judged at the end.
 */
const { appendFileSync, rmSync, statSync, writeFileSync } = require('node:fs');
const path = require('node:path');
const { number, option, smoke: isSmoke } = require('../harness/args');
const { round, settled } = require('../harness/load');
const { freePort } = require('../harness/ports');
const { resetPeak, peakMiB } = require('../harness/proc');
const { root, pinning, startServer, timed } = require('../harness/processes');
const { notes, note, progress, median, table, keep, driverOf } = require('../harness/report');
const { judge } = require('../harness/goals');
const { environment, prepare, requests } = require('../fixtures/api');
const { importFileChunks } = require('../fixtures/data');

const smoke = isSmoke();
const settings = {
  seconds: number('seconds', smoke ? 1 : 3),
  rounds: number('rounds', smoke ? 1 : 3),
  connections: number('connections', 10),
  importRows: number('import-rows', smoke ? 1000 : 1_000_000),
  only: option('scenario'),
  warmUp: smoke ? 0.5 : 1,
};
/**
 * A smoke run's round: this many requests, not seconds (autocannon's least duration is a whole second, four of them a
 * request), with no warm-up and no wait for quiet servers: it checks the bodies and the harness, it measures nothing.
 */
const SMOKE_REQUESTS = 50;
/** The sides Curbside is compared with, by server name. */
const SIDES = ['limit', 'independent'];
/** The kept-answers API's bound: the API's default (docs/operators.md), as a service runs. */
const keptAnswersBytes = String(64 * 2 ** 20);

/** The API answers 200 (a request the baselines have no route for); the body's size. */
async function assertOk(api, request) {
  const response = await fetch(`${api.url}${request.path}`, { method: request.method ?? 'GET', body: request.body, headers: { ...request.headers, ...request.apiHeaders } });
  const body = Buffer.from(await response.arrayBuffer());
  if (response.status !== 200) throw new Error(`${request.name}: ${response.status} ${body.toString().slice(0, 300)}`);
  return body.length;
}

/** All answer 200 with the same bytes (the XML request: the API's JSON of the same URL is compared). */
async function assertSameBodies(api, baselines, request) {
  const get = async (server, extra = {}) => {
    const response = await fetch(`${server.url}${request.path}`, { headers: { ...request.headers, ...extra } });
    const body = Buffer.from(await response.arrayBuffer());
    if (response.status !== 200) throw new Error(`${request.name} on ${server.name}: ${response.status} ${body.toString().slice(0, 300)}`);
    return { body, response };
  };
  const ours = await get(api, request.conditional ? {} : request.apiHeaders); // a conditional GET's body: the 200 it stands for
  if (request.apiHeaders?.Accept === 'application/xml' && !ours.response.headers.get('content-type').startsWith('application/xml')) {
    throw new Error(`${request.name}: the API did not answer XML`);
  }
  const json = request.apiHeaders ? (await get(api)).body : ours.body;
  for (const baseline of baselines) {
    const bare = (await get(baseline)).body;
    if (!bare.equals(json)) throw new Error(`${request.name}: ${baseline.name}'s body differs (${bare.length} bytes, API ${json.length} bytes)`);
  }
  return json.length;
}

/** A conditional request sends the ETag the API answers for its path (If-None-Match): 304s. */
async function withCurrentETag(api, request) {
  if (!request.conditional) return request;
  const etag = (await fetch(`${api.url}${request.path}`, { headers: request.headers })).headers.get('etag');
  if (etag === null) throw new Error(`${request.name}: no ETag`);
  const answer = await fetch(`${api.url}${request.path}`, { headers: { ...request.headers, 'If-None-Match': etag } });
  if (answer.status !== 304) throw new Error(`${request.name}: ${answer.status} to If-None-Match, not 304`);
  return { ...request, apiHeaders: { ...request.apiHeaders, 'If-None-Match': etag } };
}

const fixed = (value, digits = 2) => (value === null || value === undefined || !Number.isFinite(value) ? null : Number(value.toFixed(digits)));

/** The medians of a server's rounds. */
function summary(runs, peak) {
  const of = (key) => median(runs.map((r) => r[key]));
  return { rps: fixed(of('rps'), 1), p50: of('p50'), p99: of('p99'), cpuUs: fixed(of('cpuUs'), 0), mainThreadUs: fixed(of('mainThreadUs'), 0), processBusy: fixed(of('processBusy')), coreBusy: fixed(of('coreBusy')), peakRssMiB: peak };
}

/** Curbside's figures over a side's, oriented as goals.json says (throughput and CPU: higher is better). */
function ratios(curbside, side) {
  if (!side) return null;
  return { throughput: fixed(curbside.rps / side.rps), cpu: fixed(side.cpuUs / curbside.cpuUs), p99: fixed(curbside.p99 / side.p99), peakRss: fixed(curbside.peakRssMiB / side.peakRssMiB) };
}

async function measure(servers, started, headers, customers) {
  const rows = [];
  note('the baselines have no disposal ticket detail, next-pickup nor preferences PUT (no write path): those rows measure Curbside alone; the bench data has no services, so next-pickup answers an empty list');
  for (const listed of requests(headers, customers, { smoke, only: settings.only })) {
    const api = listed.kept ? servers.curbsideKept : servers.curbside;
    const request = await withCurrentETag(api, listed);
    // A smoke run checks both baselines' bodies but times only the limit (npm test runs the smoke).
    const sides = request.curbsideOnly ? [] : smoke ? [servers.limit] : [servers.limit, servers.independent];
    const timedServers = [api, ...sides];
    const bytes = request.curbsideOnly ? await assertOk(api, request) : await assertSameBodies(api, [servers.independent, servers.limit], request);
    progress(`${request.name}: ${request.curbsideOnly ? '200' : 'bodies equal'} (${bytes} bytes); measuring`);
    const seconds = Math.max(settings.seconds, request.minSeconds ?? 0);
    const load = smoke ? { amount: SMOKE_REQUESTS } : { seconds };
    if (!smoke) for (const server of timedServers) await round(server, request, { seconds: settings.warmUp, connections: settings.connections, warmUp: true });
    const runs = new Map(timedServers.map((server) => [server, []]));
    for (const server of timedServers) resetPeak(server.child.pid);
    for (let n = 0; n < settings.rounds; n++) {
      // Each round in another order: what one server leaves on the core (a GC, a drain) falls on each in turn.
      const order = [...timedServers.slice(n % timedServers.length), ...timedServers.slice(0, n % timedServers.length)];
      for (const server of order) {
        if (!smoke) await settled(started);
        runs.get(server).push(await round(server, request, { ...load, connections: settings.connections }));
      }
    }
    const row = { scenario: request.name, bodyBytes: bytes, curbside: summary(runs.get(api), peakMiB(api.child.pid)) };
    for (const side of sides) {
      row[side.name] = summary(runs.get(side), peakMiB(side.child.pid));
      row[`vs ${side.name}`] = ratios(row.curbside, row[side.name]);
    }
    for (const server of timedServers) server.peakOfRun = Math.max(server.peakOfRun ?? 0, row[server === api ? 'curbside' : server.name].peakRssMiB);
    const shown = (name) => (row[name] ? `${name} ${row[name].rps} req/s ${row[name].cpuUs} µs CPU` : '');
    progress(`  Curbside ${row.curbside.rps} req/s ${row.curbside.cpuUs} µs CPU; ${SIDES.map(shown).filter(Boolean).join('; ')}; vs limit ${JSON.stringify(row['vs limit'] ?? null)}`);
    rows.push(row);
  }
  return rows;
}

/** Peak RSS over the whole run (each request's peak, the largest), the API's against each side's. */
function wholeRun(servers) {
  const curbside = Math.max(servers.curbside.peakOfRun ?? 0);
  const row = { scenario: 'peak RSS over the whole run', curbside: { peakRssMiB: curbside } };
  for (const name of SIDES) {
    const peak = servers[name].peakOfRun;
    if (!peak) continue;
    row[name] = { peakRssMiB: peak };
    row[`vs ${name}`] = { peakRss: fixed(curbside / peak) };
  }
  return row;
}

async function measureImport(pin, env, scratch) {
  if (settings.importRows === 0) return [];
  const sizes = [Math.max(1, Math.round(settings.importRows / 4)), settings.importRows];
  const results = [];
  for (const [index, rows] of sizes.entries()) {
    const file = path.join(scratch, `import-${rows}.json`);
    writeFileSync(file, '');
    for (const piece of importFileChunks(`92${index}0000`, rows)) appendFileSync(file, piece);
    const megabytes = Math.round(statSync(file).size / 2 ** 20);
    progress(`import: ${rows} tickets (${megabytes} MiB file) through the CLI`);
    const row = { tickets: rows, fileMiB: megabytes };
    try {
      row.cli = await timed(pin, [path.join(root, 'dist/apps/admin-cli/main.js'), 'import', file, '--json'], env);
      row.cli.rowsPerSecond = Math.round(rows / row.cli.seconds);
    } catch (error) {
      row.cli = { failed: error.message };
      note(`the CLI could not import ${rows} tickets: ${error.message}`);
    }
    progress(`import: ${rows} tickets as raw batched inserts`);
    row.raw = await timed(pin, [path.join(__dirname, '../baseline/import.js'), file, `93${index}0000`], env);
    row.raw.rowsPerSecond = Math.round(rows / row.raw.seconds);
    if (row.cli.rowsPerSecond) row.ratio = fixed(row.cli.rowsPerSecond / row.raw.rowsPerSecond);
    rmSync(file);
    results.push(row);
  }
  return results;
}

function markdown(report) {
  const pair = (row, key, side = 'limit') => (row.curbside[key] === undefined ? '-' : `${row.curbside[key]} / ${row[side]?.[key] ?? '-'}`);
  const ratio = (row, side, key) => row[`vs ${side}`]?.[key] ?? '-';
  return [
    `${report.database}, Node ${report.node}, ${report.connections} connections, ${report.rounds} round(s) of ${report.smoke ? `${SMOKE_REQUESTS} requests` : `${report.seconds} s`} per server (alternating, medians)${report.smoke ? ', SMOKE (not a measurement)' : ''}`,
    'CPU: the whole process (every thread, user + system) per request; core busy: CPU 0 (the servers\' core) over the rounds; ratios: Curbside over the side (CPU: the side\'s µs over Curbside\'s)',
    '',
    table(
      ['scenario', 'req/s Curbside / limit', '**vs limit**', 'CPU µs/req Curbside / limit', '**CPU vs limit**', 'p99 ms Curbside / limit', 'p99 vs limit', 'vs independent', 'CPU vs independent', 'p99 vs independent', 'core busy Curbside / limit', 'peak RSS MiB Curbside / limit / independent'],
      report.scenarios.map((r) => [
        r.scenario,
        pair(r, 'rps'),
        ratio(r, 'limit', 'throughput'),
        pair(r, 'cpuUs'),
        ratio(r, 'limit', 'cpu'),
        pair(r, 'p99'),
        ratio(r, 'limit', 'p99'),
        ratio(r, 'independent', 'throughput'),
        ratio(r, 'independent', 'cpu'),
        ratio(r, 'independent', 'p99'),
        pair(r, 'coreBusy'),
        `${r.curbside.peakRssMiB} / ${r.limit?.peakRssMiB ?? '-'} / ${r.independent?.peakRssMiB ?? '-'}`,
      ]),
    ),
    '',
    table(
      ['import', 'file MiB', 'CLI rows/s', 'raw inserts rows/s', 'ratio', 'CLI peak RSS MiB', 'raw peak RSS MiB'],
      report.import.map((r) => [`${r.tickets} tickets`, r.fileMiB, r.cli.rowsPerSecond ?? 'failed', r.raw.rowsPerSecond, r.ratio, r.cli.peakRssMiB, r.raw.peakRssMiB]),
    ),
    '',
    ...report.notes.map((text) => `- ${text}`),
    '',
  ].join('\n');
}

/** Every figure goals.json can name, as { row, figure, value }. */
function figures(report) {
  const measured = [];
  for (const row of report.scenarios) {
    for (const side of SIDES) {
      for (const [key, value] of Object.entries(row[`vs ${side}`] ?? {})) measured.push({ row: row.scenario, figure: `${key}/${side}`, value });
    }
  }
  for (const row of report.import) measured.push({ row: `${row.tickets} tickets`, figure: 'import/raw', value: row.ratio ?? 0 });
  return measured;
}

async function main() {
  const pin = pinning();
  const { scratch, databaseUrl, env } = environment();
  const started = [];
  const start = async (name, script, extra = {}) => {
    const server = await startServer(name, pin, script, { ...env, ...extra, PORT: String(await freePort()) });
    started.push(server);
    return server;
  };
  try {
    const { customers, headers } = prepare(env, scratch, { smoke });
    const api = path.join(root, 'dist/apps/api/main.js');
    const independent = path.join(__dirname, '../baseline/independent-server.js');
    const servers = {
      curbside: await start('curbside', api),
      curbsideKept: await start('curbside-kept', api, { RESPONSE_CACHE_MAX_BYTES: keptAnswersBytes }),
      independent: await start('independent', independent),
      limit: await start('limit', independent, { KEEP_VERIFIED_TOKENS: '1' }),
    };
    const rows = await measure(servers, started, headers, customers);
    if (!smoke || settings.only === undefined) rows.push(wholeRun(servers));
    for (const server of started.splice(0)) server.child.kill('SIGTERM');
    const importRows = await measureImport(pin, env, scratch);
    const report = {
      takenAt: new Date().toISOString(),
      database: driverOf(databaseUrl),
      node: process.version,
      smoke,
      connections: settings.connections,
      seconds: settings.seconds,
      rounds: settings.rounds,
      bodiesCompared: 'byte for byte, nothing ignored: the tracking id is the fixed Request-Tracking-Id all echo',
      scenarios: rows,
      import: importRows,
      notes,
    };
    const text = markdown(report);
    process.stdout.write(`\n${text}`);
    if (!smoke) progress(`kept in ${keep('api', report.database, report, text)}`);
    judge('api', figures(report), { smoke });
  } finally {
    for (const server of started) server.child.kill('SIGTERM');
    rmSync(scratch, { recursive: true, force: true });
  }
}

if (require.main === module) {
  main().catch((error) => {
    process.stderr.write(`bench failed: ${error.message}\n`);
    process.exit(1);
  });
}
