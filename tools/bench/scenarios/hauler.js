/*
 * A hauler's scale: `npm run bench -- hauler --customers=N`.
 *
 *   npm run bench -- hauler --customers=10000 [--seed=21] [--granted=1000] [--seconds=20] [--connections=10] [--no-build] [--no-raw-inserts]
 *                    [--profile=history|recent] [--parts=K]
 *   BENCH_DATABASE_URL=postgres://... npm run bench -- hauler --customers=10000   (a database of its own, which it fills)
 *   BENCH_DATABASE_URL=postgres://... npm run bench -- hauler --customers=100000 --existing [--times=10] [--analyze] [--warm] [--per-operation]
 *                                       (the read mix only, on a database an earlier run filled, or scenarios/hauler-scale.js multiplied)
 *
 * Writes a realistic import file of N customers (fixtures/hauler-customers.js, streamed: nothing N-sized in memory; with
 * --parts=K as K files of N/K customers, each written, imported and deleted in turn, so that a million
 * customers need one part's disk), imports it with the real CLI (wall time, records per second, peak RSS), then measures the read
 * mix: every customer-scoped GET operation of the contract, each request a random operation on a
 * random one of `--granted` customers drawn at random from the N (the ids the generator gave it),
 * against the built API; p50 and p99 over the whole mix. Prints one Markdown table and writes it
 * as JSON to tools/bench/results/.
 */
const { readFileSync, rmSync, statSync, writeFileSync } = require('node:fs');
const { spawnSync } = require('node:child_process');
const path = require('node:path');
const autocannon = require('autocannon');
const { ROUTES } = require('@curbside/contract');
const { buildDemoImportFile } = require('@curbside/demo');
const { writeHaulerFile, customerId, customer, random, DEMO_DAY } = require('../fixtures/hauler-customers');
const { flag, option } = require('../harness/args');
const { judge } = require('../harness/goals');
const { freePort } = require('../harness/ports');
const processes = require('../harness/processes');
const { progress, keep } = require('../harness/report');
const { environment } = require('../fixtures/api');

const { root } = processes;
const CLI = path.join(root, 'dist/apps/admin-cli/main.js');
/** The ETA's required day: one of the demo's pickup days. */
const ETA_DAY = '2026-11-23';

/**
 * Every customer-scoped GET operation for customer `n` (its own ticket, invoice, case and service
 * ids, from the generator), with the query each needs: `{ operation, path }`. `id` is the customer
 * id to read (a copy's, `<id><k>`, made by hauler-scale.js), the generator's by default.
 */
function operationsOf(n, templates, seed, profile, id) {
  const c = customer(n, templates, seed, profile);
  const values = {
    customerId: id ?? c.id,
    invoiceId: c.invoices[1].id,
    caseId: c.cases[0].case_id,
    serviceId: c.services[0].id,
  };
  return Object.values(ROUTES)
    .filter((route) => route.method === 'GET' && route.customerScoped)
    .flatMap((route) => {
      const disposalOnly = route.queryParameters.some((q) => q.name === 'ticket_type' && q.required);
      const variants = route.pathParameters.includes('ticketId')
        ? [
            { ticketId: c.disposal_tickets[0].id, query: 'ticket_type=disposal', variant: disposalOnly ? '' : ' (disposal)' },
            ...(disposalOnly ? [] : [{ ticketId: c.tickets[0].id, query: '', variant: '' }]),
          ]
        : [{ query: route.queryParameters.some((q) => q.name === 'requestDate') ? `requestDate=${ETA_DAY}` : '', variant: '' }];
      return variants.map(({ query, variant, ...ids }) => {
        const filled = route.path.replace(/\{(\w+)\}/g, (_, name) => {
          const value = ids[name] ?? values[name];
          if (value === undefined) throw new Error(`no value for {${name}} of ${route.path}`);
          return value;
        });
        return { operation: `${route.operationId}${variant}`, path: query === '' ? filled : `${filled}?${query}` };
      });
    });
}

/** The paths of every customer-scoped GET operation for customer `n` (operationsOf's paths). */
const pathsOf = (n, templates, seed, profile) => operationsOf(n, templates, seed, profile).map(({ path }) => path);

/**
 * Customer number `m` of N×K (`--existing --times=K`): hauler customer `m mod N`, under its own id
 * for the first N and under copy k's id `<id><k>` (hauler-scale.js) for `m` in [kN, (k+1)N).
 */
function scaledCustomer(m, customers) {
  const n = m % customers;
  const k = Math.floor(m / customers);
  return { n, id: k === 0 ? customerId(n) : `${customerId(n)}${k}` };
}

/**
 * Every one of `operations` requested once, `connections` at a time, untimed: the pages, indexes and
 * statements the read mix needs, read before it is measured (`--warm`).
 */
async function warmPass(api, headers, operations, connections) {
  let next = 0;
  const worker = async () => {
    while (next < operations.length) {
      const { path: requested } = operations[next++];
      const response = await fetch(`${api.url}${requested}`, { headers });
      await response.arrayBuffer();
      if (!response.ok) throw new Error(`warm pass: ${requested} answered ${response.status}`);
    }
  };
  await Promise.all(Array.from({ length: connections }, worker));
}

/** The `q`-quantile of sorted `values` (nearest rank). */
const quantile = (values, q) => values[Math.min(values.length - 1, Math.ceil(q * values.length) - 1)];

/** Count, p50 and p99 (ms, nearest rank) of `values`. */
function summary(values) {
  values.sort((a, b) => a - b);
  return { requests: values.length, p50: Number(quantile(values, 0.5).toFixed(1)), p99: Number(quantile(values, 0.99).toFixed(1)) };
}

/** `count` distinct customer numbers out of `customers`, drawn with `next`. */
function drawn(count, customers, next) {
  const chosen = new Set();
  while (chosen.size < Math.min(count, customers)) chosen.add(Math.floor(next() * customers));
  return [...chosen];
}

/**
 * The read mix against `api`: each request a random one of `operations`; autocannon's p50/p99 and
 * req/s. With `--per-operation`, each response's time (autocannon's, from the request's write to its
 * last byte) is kept under its operation too: p50/p99 by operation, from the same timed run.
 */
async function readMix(api, headers, operations, settings) {
  const next = random(settings.seed);
  const times = new Map();
  const run = (seconds, timed) =>
    autocannon({
      url: api.url,
      connections: settings.connections,
      duration: seconds,
      headers,
      requests: [
        {
          setupRequest: (request, context) => {
            const { operation, path: requested } = operations[Math.floor(next() * operations.length)];
            context.operation = operation;
            return { ...request, path: requested };
          },
        },
      ],
      // One request in flight a connection (no pipelining): a response is its client's last request's.
      setupClient: (client) => {
        if (!timed || !settings.perOperation) return;
        client.on('response', (status, bytes, ms) => {
          const { operation } = client.requestIterator.context;
          if (!times.has(operation)) times.set(operation, []);
          times.get(operation).push(ms);
        });
      },
    });
  await run(settings.warmUp, false);
  const result = await run(settings.seconds, true);
  const failures = result.non2xx + result.errors + result.timeouts;
  if (failures > 0) throw new Error(`read mix: ${failures} failed requests (non-2xx ${result.non2xx})`);
  const reads = { requests: result.requests.total, rps: Math.round(result.requests.total / result.duration), p50: result.latency.p50, p99: result.latency.p99 };
  if (!settings.perOperation) return { reads, byOperation: null };
  const byOperation = {
    all: summary([...times.values()].flat()),
    operations: Object.fromEntries([...times.entries()].sort(([a], [b]) => a.localeCompare(b)).map(([operation, values]) => [operation, summary(values)])),
  };
  return { reads, byOperation };
}

function markdown(report) {
  const r = report;
  return [
    `${r.database}, ${r.customers * r.times} customers (seed ${r.seed}), Node ${r.node}`,
    '',
    `profile ${r.profile}${r.parts > 1 ? `, the file written and imported in ${r.parts} parts` : ''}${r.existing ? `, read only (--existing${r.times > 1 ? `: ${r.customers} customers times ${r.times}, hauler-scale.js` : ''})` : ''}${r.analyze ? ', after ANALYZE' : ''}${r.warm ? ', after one untimed pass of every path (--warm)' : ''}`,
    '',
    '| customers | file MiB | records | write file s | import s | records/s | table rows/s | raw inserts rows/s | ratio | CLI peak RSS MiB | raw peak RSS MiB | read mix req/s | read mix p50 / p99 ms |',
    '|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|',
    `| ${r.customers * r.times} | ${r.fileMiB ?? '-'} | ${r.records ?? '-'} | ${r.writeSeconds ?? '-'} | ${r.import ? r.import.seconds.toFixed(1) : '-'} | ${r.import?.recordsPerSecond ?? '-'} | ${r.import?.rowsPerSecond ?? '-'} | ${r.raw?.rowsPerSecond ?? '-'} | ${r.rawRatio ?? '-'} | ${r.import?.peakRssMiB ?? '-'} | ${r.raw?.peakRssMiB ?? '-'} | ${r.reads?.rps ?? '-'} | ${r.reads ? `${r.reads.p50} / ${r.reads.p99}` : '-'} |`,
    '',
    ...r.notes.map((text) => `- ${text}`),
    '',
    ...(r.perOperation
      ? [
          `by operation (the same ${r.seconds} s; every response's time kept): ${r.perOperation.all.requests} requests, p50 / p99 ${r.perOperation.all.p50} / ${r.perOperation.all.p99} ms`,
          '',
          '| operation | requests | p50 ms | p99 ms |',
          '|---|---:|---:|---:|',
          ...Object.entries(r.perOperation.operations).map(([operation, o]) => `| ${operation} | ${o.requests} | ${o.p50} | ${o.p99} |`),
          '',
        ]
      : []),
  ].join('\n');
}

/**
 * The rows the import wrote, inserted again into an empty migrated database of the same driver by
 * `baseline/copy-rows.js` (bulk multi-row INSERTs, no parsing): time, rows/s and peak RSS.
 */
async function rawInserts(bench, pin, env, scratch) {
  const target = env.DATABASE_URL.startsWith('sqlite:') ? `sqlite:${path.join(scratch, 'raw-inserts.sqlite')}` : `${env.DATABASE_URL}_raw`;
  if (!target.startsWith('sqlite:')) {
    const { Client } = require('pg');
    const admin = new Client({ connectionString: env.DATABASE_URL });
    await admin.connect();
    const name = new URL(target).pathname.slice(1);
    await admin.query(`DROP DATABASE IF EXISTS "${name}"`);
    await admin.query(`CREATE DATABASE "${name}"`);
    await admin.end();
  }
  const migrated = spawnSync(process.execPath, [CLI, 'db', 'migrate'], { env: { ...env, DATABASE_URL: target }, encoding: 'utf8' });
  if (migrated.status !== 0) throw new Error(`db migrate of the raw-insert database: ${migrated.stderr}`);
  const report = path.join(scratch, 'raw-inserts.json');
  const copied = await bench.timed(pin, [path.join(__dirname, '../baseline/copy-rows.js'), env.DATABASE_URL, target, report], env);
  const { rows } = JSON.parse(readFileSync(report, 'utf8'));
  return { rows, seconds: copied.seconds, rowsPerSecond: Math.round(rows / copied.seconds), peakRssMiB: copied.peakRssMiB };
}

/**
 * Writes and imports the N customers in `settings.parts` files, one at a time (each deleted once
 * imported): the records per list, the file's size in all, the writing time, and the import's time
 * (the parts' CLI runs summed, start-ups included) and peak RSS (the largest part's).
 */
async function importInParts(bench, pin, env, scratch, settings) {
  const counts = {};
  let bytes = 0;
  let writeSeconds = 0;
  const imported = { seconds: 0, peakRssMiB: 0 };
  for (let part = 0; part < settings.parts; part++) {
    const from = Math.floor((part * settings.customers) / settings.parts);
    const to = Math.floor(((part + 1) * settings.customers) / settings.parts);
    const file = path.join(scratch, `hauler-${settings.customers}-part-${part + 1}.json`);
    bench.progress(`writing customers ${from + 1}–${to} of ${settings.customers} (${settings.profile}) to ${file}`);
    const started = process.hrtime.bigint();
    const written = writeHaulerFile(file, to - from, settings.seed, { from, profile: settings.profile });
    writeSeconds += Number(process.hrtime.bigint() - started) / 1e9;
    for (const [list, n] of Object.entries(written)) counts[list] = (counts[list] ?? 0) + n;
    bytes += statSync(file).size;
    bench.progress(`importing part ${part + 1} of ${settings.parts} (${Math.round(statSync(file).size / 2 ** 20)} MiB) through the CLI`);
    const run = await bench.timed(pin, [CLI, 'import', file], env);
    imported.seconds += run.seconds;
    imported.peakRssMiB = Math.max(imported.peakRssMiB, run.peakRssMiB);
    rmSync(file);
  }
  return { counts, fileMiB: Math.round(bytes / 2 ** 20), writeSeconds: Number(writeSeconds.toFixed(1)), imported };
}

/** The hauler bench; `bench` gives the harness's helpers (environment, servers, the timed CLI). */
async function runHaulerBench(bench, argument) {
  const settings = {
    customers: Number(argument('customers')),
    seed: Number(argument('seed') ?? 21),
    granted: Number(argument('granted') ?? 1000),
    seconds: Number(argument('seconds') ?? 20),
    connections: Number(argument('connections') ?? 10),
    /** --no-raw-inserts: skip the raw-insert ceiling (a quarter of a long run's time), no ratio. */
    rawInserts: !flag('no-raw-inserts'),
    profile: argument('profile') ?? 'history',
    parts: Number(argument('parts') ?? 1),
    /** --existing: no file, no import: the database already holds the customers (an earlier run's, or hauler-scale.js's). */
    existing: flag('existing'),
    /** --times=K (with --existing): the database holds the N customers K times, as hauler-scale.js --times=K made them. */
    times: Number(argument('times') ?? 1),
    /** --analyze: ANALYZE (PostgreSQL) before the reads. */
    analyze: flag('analyze'),
    /** --warm: every path of the mix requested once, untimed, before the warm-up. */
    warm: flag('warm'),
    /** --draw=D: which `--granted` customers are drawn (the generator's seed + D; 1 by default): another D, other customers. */
    draw: Number(argument('draw') ?? 1),
    /** --per-operation: p50/p99 by operation too, from the same timed run. */
    perOperation: flag('per-operation'),
    warmUp: 3,
  };
  if (!Number.isInteger(settings.times) || settings.times < 1 || (settings.times > 1 && !settings.existing))
    throw new Error('--times=K is for --existing: a whole number, 1 or more');
  if (!Number.isInteger(settings.customers) || settings.customers < 1) throw new Error('--customers must be a whole number above 0');
  if (!Number.isInteger(settings.parts) || settings.parts < 1 || settings.parts > settings.customers)
    throw new Error('--parts must be a whole number from 1 to --customers');
  const pin = bench.pinning();
  const { scratch, databaseUrl, env } = bench.environment();
  const notes = [];
  let api = null;
  try {
    const loaded = settings.existing ? null : await importInParts(bench, pin, env, scratch, settings);
    const { counts, fileMiB, writeSeconds, imported } = loaded ?? {};
    const records = loaded ? Object.values(counts).reduce((sum, n) => sum + n, 0) : null;
    if (imported) imported.recordsPerSecond = Math.round(records / imported.seconds);
    let raw = null;
    let rawRatio = null;
    if (settings.rawInserts && !settings.existing) {
      bench.progress('the same rows again as raw inserts (baseline/copy-rows.js)');
      raw = await rawInserts(bench, pin, env, scratch);
      imported.rowsPerSecond = Math.round(raw.rows / imported.seconds);
      rawRatio = Number((imported.rowsPerSecond / raw.rowsPerSecond).toFixed(2));
    }

    const templates = buildDemoImportFile(DEMO_DAY).customers;
    const granted = drawn(settings.granted, settings.customers * settings.times, random(settings.seed + settings.draw)).map((m) => scaledCustomer(m, settings.customers));
    const operations = granted.flatMap(({ n, id }) => operationsOf(n, templates, settings.seed, settings.profile, id));
    const { client_id: clientId } = bench.cli(env, 'clients', 'create', '--name', 'hauler bench', '--customers', granted.map(({ id }) => id).join(','), '--json');
    const { access_token: token } = bench.cli(env, 'tokens', 'issue', '--client-id', clientId, '--json');
    if (settings.analyze && !env.DATABASE_URL.startsWith('sqlite:')) {
      const { Client } = require('pg');
      const client = new Client({ connectionString: env.DATABASE_URL });
      await client.connect();
      const started = Date.now();
      bench.progress('ANALYZE');
      await client.query('ANALYZE');
      await client.end();
      notes.push(`ANALYZE: ${((Date.now() - started) / 1000).toFixed(1)} s`);
    }
    api = await bench.startServer('curbside', pin, path.join(root, 'dist/apps/api/main.js'), { ...env, PORT: String(await bench.freePort()) });
    const headers = { Authorization: `Bearer ${token}`, ClientId: clientId, 'Request-Tracking-Id': 'bench' };
    if (settings.warm) {
      const started = Date.now();
      bench.progress(`warm pass: each of the ${operations.length} paths once, untimed`);
      await warmPass(api, headers, operations, settings.connections);
      notes.push(`warm pass: ${operations.length} requests in ${((Date.now() - started) / 1000).toFixed(1)} s`);
    }
    bench.progress(`read mix: ${operations.length / granted.length} GET operations on ${granted.length} customers, ${settings.seconds} s`);
    const { reads, byOperation } = await readMix(api, headers, operations, settings);
    if (counts) notes.push(`records per list: ${JSON.stringify(counts)}`);
    notes.push(`load average at the reads' end: ${require('node:os').loadavg().map((l) => l.toFixed(1)).join(' ')}`);

    const report = {
      takenAt: new Date().toISOString(),
      database: databaseUrl.startsWith('sqlite:') ? 'SQLite' : 'PostgreSQL',
      node: process.version,
      ...settings,
      fileMiB,
      records,
      writeSeconds,
      import: imported,
      raw,
      rawRatio,
      reads,
      perOperation: byOperation,
      notes,
    };
    const table = markdown(report);
    process.stdout.write(`\n${table}`);
    progress(`kept in ${keep(`hauler-${settings.customers * settings.times}`, report.database, report, table)}`);
    judge('hauler', [{ row: `${settings.customers * settings.times} customers`, figure: 'import/raw', value: rawRatio }]);
  } finally {
    api?.child.kill('SIGTERM');
    rmSync(scratch, { recursive: true, force: true });
  }
}

module.exports = { pathsOf, operationsOf };

if (require.main === module) {
  runHaulerBench({ ...processes, freePort, progress, environment }, option).catch((error) => {
    process.stderr.write(`bench failed: ${error.message}\n`);
    process.exit(1);
  });
}
