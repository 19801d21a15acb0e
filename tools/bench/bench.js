#!/usr/bin/env node
/*
 * Curbside against bare baselines, in one run, on one database: first the independent one
 * (tools/bench/baseline/independent-server.js, written from the interface and the schema alone,
 * issue 45), then server.js (Curbside's SQL) and scratch-server.js (issue 21).
 *
 *   npm run bench [-- --smoke] [-- --seconds=3 --rounds=3 --connections=10 --import-rows=1000000 --no-build]
 *   BENCH_DATABASE_URL=postgres://... npm run bench     (PostgreSQL: a database of its own, which it fills)
 *   npm run bench -- --customers=N                      (a hauler's scale instead: hauler.bench.js)
 *
 * It builds, writes an import file (customers with 10, 1,000 and 10,000 service tickets, invoices,
 * disposal tickets) and loads it with the real CLI, registers a client and issues a token, then
 * starts the API and the baseline with the same environment. For every scenario it first checks
 * that both answer 200 with the same body bytes, then measures: a discarded warm-up, then rounds
 * A B A B; any non-2xx fails the run. Servers are pinned to CPU 0, the load (this process) to CPU 1.
 * Then the import: rows/s of the CLI against raw inserts in one transaction, and the CLI's peak RSS.
 * Prints one Markdown table and writes it as JSON to tools/bench/results/.
 *
 *   npm run bench -- --notifier [...]   the notifier section instead (notifier.js: emails/s, peak RSS)
 */
const { spawn, spawnSync } = require('node:child_process');
const { appendFileSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } = require('node:fs');
const { createServer: createHttpServer } = require('node:http');
const { createServer } = require('node:net');
const { tmpdir, cpus } = require('node:os');
const path = require('node:path');
const autocannon = require('autocannon');
const { benchCustomers, importFileChunks, preferencesChange } = require('./data');

const root = path.resolve(__dirname, '../..');
const argument = (name) => process.argv.find((a) => a.startsWith(`--${name}=`))?.split('=')[1];
const smoke = process.argv.includes('--smoke') || process.env.BENCH_SMOKE === '1';
const settings = {
  seconds: Number(argument('seconds') ?? (smoke ? 1 : 3)),
  rounds: Number(argument('rounds') ?? (smoke ? 1 : 3)),
  connections: Number(argument('connections') ?? 10),
  importRows: Number(argument('import-rows') ?? (smoke ? 1000 : 1_000_000)),
  /** Only the scenarios whose name contains one of these texts (e.g. `--scenario='detail|10 rows'`). */
  only: argument('scenario'),
  warmUp: smoke ? 0.5 : 1,
};
const SIGNING_KEY = 'curbside-bench-signing-key-0123456789abcdef';
const notes = [];
const note = (text) => {
  notes.push(text);
  process.stderr.write(`note: ${text}\n`);
};
const progress = (text) => process.stderr.write(`${text}\n`);

const freePort = () =>
  new Promise((done) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => done(port));
    });
  });

/** `taskset -c <cpu>` when the machine has it and two CPUs; otherwise nothing (with a note). */
function pinning() {
  const available = spawnSync('taskset', ['-V']).status === 0;
  if (!available || cpus().length < 2) {
    note(`servers and load are not pinned (${available ? 'one CPU' : 'taskset is missing'}): they share the CPUs`);
    return () => [];
  }
  spawnSync('taskset', ['-p', '-c', '1', String(process.pid)], { stdio: 'ignore' });
  return (cpu) => ['taskset', '-c', String(cpu)];
}

function spawnPinned(pin, cpu, args, env) {
  const [command, ...rest] = [...pin(cpu), process.execPath, ...args];
  return spawn(command, rest, { env, stdio: ['ignore', 'ignore', 'inherit'] });
}

function cli(env, ...args) {
  const result = spawnSync(process.execPath, [path.join(root, 'dist/apps/admin-cli/main.js'), ...args], { env, encoding: 'utf8', maxBuffer: 1 << 26 });
  if (result.status !== 0) throw new Error(`cli ${args.join(' ')}: ${result.stderr}`);
  return JSON.parse(result.stdout);
}

async function startServer(name, pin, script, env, nodeOptions = []) {
  const child = spawnPinned(pin, 0, [...nodeOptions, script], env);
  const url = `http://127.0.0.1:${env.PORT}`;
  for (let i = 0; i < 1200; i++) {
    if (child.exitCode !== null) break;
    if (await fetch(`${url}/health/ready`).then((r) => r.ok, () => false)) return { name, child, url };
    await new Promise((r) => setTimeout(r, 50));
  }
  child.kill();
  throw new Error(`${name} did not start`);
}

/** What a probe preloaded into a server (memory-probe.js, gc-probe.js) writes to `file` when sent SIGUSR2, parsed. */
async function probeReport(server, file) {
  rmSync(file, { force: true });
  server.child.kill('SIGUSR2');
  for (let i = 0; i < 200; i++) {
    await new Promise((r) => setTimeout(r, 25));
    try {
      return JSON.parse(readFileSync(file, 'utf8'));
    } catch {
      /* not written yet */
    }
  }
  throw new Error(`${server.name}: no report from its probe`);
}

const statusOf = (pid) => readFileSync(`/proc/${pid}/status`, 'utf8');
const TICKS_PER_SECOND = 100; // USER_HZ on Linux
/** User + system CPU milliseconds the process has used so far. */
function cpuMs(pid) {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / TICKS_PER_SECOND;
}
const kib = (status, field) => Number(new RegExp(`${field}:\\s+(\\d+)`).exec(status)?.[1] ?? 0);
/** Forgets the process's peak RSS so far (Linux: clear_refs 5), so the next peak is this scenario's. */
const resetPeak = (pid) => {
  try {
    writeFileSync(`/proc/${pid}/clear_refs`, '5');
  } catch {
    /* older kernels: the peak is then the process's lifetime peak */
  }
};
const peakMiB = (pid) => Math.round(kib(statusOf(pid), 'VmHWM') / 1024);

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
};

async function load(server, scenario, seconds, warmUp = false) {
  const result = await autocannon({
    url: `${server.url}${scenario.path}`,
    connections: settings.connections,
    duration: seconds,
    headers: { ...scenario.headers, ...(server.name === 'curbside' ? scenario.apiHeaders : {}) },
    method: scenario.method ?? 'GET',
    body: scenario.body,
  });
  // A conditional GET's success is a 304 (autocannon counts it as non-2xx).
  const unexpected = scenario.expectStatus === 304 && server.name === 'curbside' ? result.requests.total - result['3xx'] : result.non2xx;
  const failures = unexpected + result.errors + result.timeouts;
  if (failures > 0) throw new Error(`${scenario.name} on ${server.name}: ${failures} failed requests (non-2xx ${result.non2xx})`);
  if (result.requests.total === 0 && !warmUp) throw new Error(`${scenario.name} on ${server.name}: no request finished in ${seconds} s; give it more --seconds`);
  await drained(server);
  return { rps: result.requests.total / result.duration, p50: result.latency.p50, p99: result.latency.p99 };
}

/**
 * Waits until the server has finished the requests autocannon left behind when it stopped (a
 * slow list can keep a server busy for seconds), so they do not slow the next round down.
 */
async function drained(server) {
  for (let i = 0; i < 600; i++) {
    const started = Date.now();
    if (await fetch(`${server.url}/health/ready`).then((r) => r.ok, () => false)) if (Date.now() - started < 50) return;
    await new Promise((r) => setTimeout(r, 20));
  }
}

/** The API answers 200 (a scenario the baseline has no route for); the body's size. */
async function assertOk(api, scenario) {
  const response = await fetch(`${api.url}${scenario.path}`, {
    method: scenario.method ?? 'GET',
    body: scenario.body,
    headers: { ...scenario.headers, ...scenario.apiHeaders },
  });
  const body = Buffer.from(await response.arrayBuffer());
  if (response.status !== 200) throw new Error(`${scenario.name}: ${response.status} ${body.toString().slice(0, 300)}`);
  return body.length;
}

/** All answer 200 with the same bytes (the XML scenario: the API's JSON of the same URL is compared). */
async function assertSameBodies(api, baseline, scenario, scratch, independent) {
  const get = async (server, extra = {}) => {
    const response = await fetch(`${server.url}${scenario.path}`, { headers: { ...scenario.headers, ...extra } });
    const body = Buffer.from(await response.arrayBuffer());
    if (response.status !== 200) throw new Error(`${scenario.name} on ${server.name}: ${response.status} ${body.toString().slice(0, 300)}`);
    return { body, response };
  };
  const ours = await get(api, scenario.conditional ? {} : scenario.apiHeaders); // a conditional GET's body: the 200 it stands for
  if (scenario.apiHeaders?.Accept === 'application/xml' && !ours.response.headers.get('content-type').startsWith('application/xml')) {
    throw new Error(`${scenario.name}: the API did not answer XML`);
  }
  const [json, bare] = [scenario.apiHeaders ? (await get(api)).body : ours.body, (await get(baseline)).body];
  if (!json.equals(bare)) throw new Error(`${scenario.name}: the bodies differ (API ${json.length} bytes, baseline ${bare.length} bytes)`);
  const fromScratch = (await get(scratch)).body;
  if (!fromScratch.equals(bare)) throw new Error(`${scenario.name}: the scratch baseline's body differs (${fromScratch.length} bytes, baseline ${bare.length} bytes)`);
  const fromIndependent = (await get(independent)).body;
  if (!fromIndependent.equals(json)) throw new Error(`${scenario.name}: the independent baseline's body differs (${fromIndependent.length} bytes, API ${json.length} bytes)`);
  return bare.length;
}

function scenarios(headers, customers) {
  const base = (customer) => `/api/v1/customers/${customer.id}`;
  const { small, medium, large } = customers;
  const all = [
    { name: 'ticket list, 10 rows, JSON', path: `${base(small)}/tickets`, list: true, smoke: true },
    { name: 'ticket list, 1,000 rows, JSON', path: `${base(medium)}/tickets`, list: true, smoke: true },
    { name: 'ticket list, 1,000 rows, XML (baseline: JSON)', path: `${base(medium)}/tickets`, list: true, apiHeaders: { Accept: 'application/xml' } },
    { name: `ticket list, ${large.tickets.length.toLocaleString('en-US')} rows, paged (limit=1000, first page)`, path: `${base(large)}/tickets?limit=1000`, list: true, smoke: true },
    { name: `ticket list, ${large.tickets.length.toLocaleString('en-US')} rows, unpaged (LIST_MAX_ITEMS=10000)`, path: `${base(large)}/tickets`, list: true, minSeconds: 6 }, // 2 MB a body: a few per second
    { name: 'ticket detail, JSON', path: `${base(medium)}/tickets/${medium.tickets[0].id}`, smoke: true },
    { name: 'invoice list (v2), 20 invoices', path: `/api/v2/customers/${medium.id}/invoices`, list: true },
    // Repeat reads (issue 21, item 4), against an API that keeps answers (the rows above are measured without).
    { name: 'ticket list, 1,000 rows, JSON, repeated: the kept answer (baseline: 200)', path: `${base(medium)}/tickets`, kept: true, smoke: true },
    {
      name: 'ticket list, 1,000 rows, conditional GET: 304 (baseline: the full 200)',
      path: `${base(medium)}/tickets`,
      kept: true,
      conditional: true,
      expectStatus: 304,
      smoke: true,
    },
    // No baseline route (it would have to repeat the persistence's row mapping of these records): Curbside alone.
    { name: 'disposal ticket detail, 300 lines (Curbside only)', path: `${base(medium)}/tickets/${medium.disposal_tickets[0].id}?ticket_type=disposal`, curbsideOnly: true },
    { name: 'next-pickup (Curbside only)', path: `${base(medium)}/services/next-pickup`, curbsideOnly: true },
    // A write: validation, the read and write of the customer's preferences, an audit stamp and an event, in one transaction.
    {
      name: 'communication preferences PUT (Curbside only)',
      path: `${base(medium)}/communication-preferences`,
      method: 'PUT',
      body: JSON.stringify(preferencesChange(medium)),
      apiHeaders: { 'Content-Type': 'application/json' },
      curbsideOnly: true,
      smoke: true,
    },
  ];
  return all
    .flatMap((scenario) => (scenario.list ? [scenario, withDates(scenario)] : [scenario]))
    .filter((scenario) => (!smoke || scenario.smoke) && (settings.only === undefined || settings.only.split('|').some((text) => scenario.name.includes(text))))
    .map((scenario) => ({ ...scenario, headers }));
}

/**
 * The list asked for with a date range holding every one of its rows (the bench's tickets and
 * invoices are all of 2026), as portals ask: the same body, what the filter costs (issue 45). The
 * independent baseline filters; server.js and scratch-server.js ignore the range (same rows).
 */
function withDates(scenario) {
  const dates = 'fromDate=2026-01-01&toDate=2026-12-31';
  const path = `${scenario.path}${scenario.path.includes('?') ? '&' : '?'}${dates}`;
  const name = scenario.name.replace(/^(ticket list|invoice list \(v2\)), /, `$1 with ${dates}, `);
  return { ...scenario, name, path };
}

/** A conditional scenario sends the ETag the API answers for its path (If-None-Match): 304s. */
async function withCurrentETag(api, scenario) {
  if (!scenario.conditional) return scenario;
  const etag = (await fetch(`${api.url}${scenario.path}`, { headers: scenario.headers })).headers.get('etag');
  if (etag === null) throw new Error(`${scenario.name}: no ETag`);
  const answer = await fetch(`${api.url}${scenario.path}`, { headers: { ...scenario.headers, 'If-None-Match': etag } });
  if (answer.status !== 304) throw new Error(`${scenario.name}: ${answer.status} to If-None-Match, not 304`);
  return { ...scenario, apiHeaders: { ...scenario.apiHeaders, 'If-None-Match': etag } };
}

async function measure(uncachedApi, baseline, headers, customers, keptApi, scratch, independent) {
  const rows = [];
  note('the baseline has no disposal ticket detail, next-pickup nor preferences PUT (no write path: audits, events): those rows measure Curbside alone (no ratio); the bench data has no services, so next-pickup answers an empty list');
  for (const listed of scenarios(headers, customers)) {
    const api = listed.kept ? keptApi : uncachedApi;
    const scenario = await withCurrentETag(api, listed);
    // The smoke run checks the other baselines' bodies but times only the independent one (npm test runs the smoke).
    const servers = scenario.curbsideOnly ? [api] : smoke ? [api, independent] : [api, independent, baseline, scratch];
    const bytes = scenario.curbsideOnly ? await assertOk(api, scenario) : await assertSameBodies(api, baseline, scenario, scratch, independent);
    progress(`${scenario.name}: ${scenario.curbsideOnly ? '200' : 'bodies equal'} (${bytes} bytes); measuring`);
    for (const server of servers) await load(server, scenario, settings.warmUp, true); // warm-up, discarded
    const runs = { curbside: [], independent: [], baseline: [], scratch: [] };
    const peaks = { curbside: 0, independent: 0, baseline: 0, scratch: 0 };
    for (const server of servers) resetPeak(server.child.pid);
    for (let round = 0; round < settings.rounds; round++) {
      for (const server of servers) runs[server.name].push(await load(server, scenario, Math.max(settings.seconds, scenario.minSeconds ?? 0)));
    }
    for (const server of servers) peaks[server.name] = peakMiB(server.child.pid);
    const summary = (name) => ({
      rps: Number(median(runs[name].map((r) => r.rps)).toFixed(1)), // one decimal: a 2 MB list does a few a second
      p50: median(runs[name].map((r) => r.p50)),
      p99: median(runs[name].map((r) => r.p99)),
      peakRssMiB: peaks[name],
    });
    const timed = (server) => (servers.includes(server) ? summary(server.name) : null);
    const row = { scenario: scenario.name, bodyBytes: bytes, curbside: summary('curbside'), independent: timed(independent), baseline: timed(baseline), scratch: timed(scratch) };
    const ratio = (side) => side && Number((row.curbside.rps / side.rps).toFixed(2));
    row.independentRatio = ratio(row.independent);
    row.independentP99Ratio = row.independent && Number((row.curbside.p99 / row.independent.p99).toFixed(2));
    row.ratio = ratio(row.baseline);
    row.scratchRatio = ratio(row.scratch);
    progress(
      `  Curbside ${row.curbside.rps} req/s, independent ${row.independent?.rps ?? '-'} req/s (ratio ${row.independentRatio ?? '-'}, p99 ${row.independentP99Ratio ?? '-'}x), ` +
        `baseline ${row.baseline?.rps ?? '-'} req/s (ratio ${row.ratio ?? '-'}), scratch ${row.scratch?.rps ?? '-'} req/s (ratio ${row.scratchRatio ?? '-'})`,
    );
    rows.push(row);
  }
  return rows;
}

/** Runs `args` through node, pinned to CPU 0; wall time and the peak RSS seen in /proc (polled). */
function timed(pin, args, env) {
  return new Promise((resolve, reject) => {
    const started = process.hrtime.bigint();
    const child = spawnPinned(pin, 0, args, env);
    let peak = 0;
    const poll = setInterval(() => {
      try {
        peak = Math.max(peak, kib(statusOf(child.pid), 'VmHWM'));
      } catch {
        /* exited */
      }
    }, 20);
    child.on('exit', (code) => {
      clearInterval(poll);
      const seconds = Number(process.hrtime.bigint() - started) / 1e9;
      if (code !== 0) reject(new Error(`${args.join(' ')} exited with ${code}`));
      else resolve({ seconds, peakRssMiB: Math.round(peak / 1024) });
    });
  });
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
    row.raw = await timed(pin, [path.join(__dirname, 'baseline/import.js'), file, `93${index}0000`], env);
    row.raw.rowsPerSecond = Math.round(rows / row.raw.seconds);
    if (row.cli.rowsPerSecond) row.ratio = Number((row.cli.rowsPerSecond / row.raw.rowsPerSecond).toFixed(2));
    rmSync(file);
    results.push(row);
  }
  return results;
}

function markdown(report) {
  const lines = [
    `${report.database}, ${report.connections} connections, ${report.rounds} round(s) of ${report.seconds} s per server (A B A B, medians), Node ${report.node}${report.smoke ? ', SMOKE (not a measurement)' : ''}`,
    '',
    '| scenario | Curbside req/s | independent req/s | **ratio** | Curbside p50 / p99 ms | independent p50 / p99 ms | p99 ratio | baseline req/s | ratio | scratch req/s | ratio | Curbside peak RSS MiB | independent peak RSS MiB | baseline peak RSS MiB | scratch peak RSS MiB |',
    '|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|',
    ...report.scenarios.map((r) => {
      const latency = (side) => (side ? `${side.p50} / ${side.p99}` : '-');
      return (
        `| ${r.scenario} | ${r.curbside.rps} | ${r.independent?.rps ?? '-'} | ${r.independentRatio ?? '-'} | ${latency(r.curbside)} | ${latency(r.independent)} | ${r.independentP99Ratio ?? '-'} ` +
        `| ${r.baseline?.rps ?? '-'} | ${r.ratio ?? '-'} | ${r.scratch?.rps ?? '-'} | ${r.scratchRatio ?? '-'} | ${r.curbside.peakRssMiB} | ${r.independent?.peakRssMiB ?? '-'} | ${r.baseline?.peakRssMiB ?? '-'} | ${r.scratch?.peakRssMiB ?? '-'} |`
      );
    }),
    '',
    '| import | file MiB | CLI rows/s | raw inserts rows/s | ratio | CLI peak RSS MiB | raw peak RSS MiB |',
    '|---|---:|---:|---:|---:|---:|---:|',
    ...report.import.map(
      (r) =>
        `| ${r.tickets} tickets | ${r.fileMiB} | ${r.cli.rowsPerSecond ?? `failed`} | ${r.raw.rowsPerSecond} | ${r.ratio ?? '-'} | ${r.cli.peakRssMiB ?? '-'} | ${r.raw.peakRssMiB} |`,
    ),
    '',
    ...report.notes.map((text) => `- ${text}`),
  ];
  return `${lines.join('\n')}\n`;
}

/** A scratch directory and the environment both servers and the CLI run with. */
function environment() {
  const scratch = mkdtempSync(path.join(tmpdir(), 'curbside-bench-'));
  const databaseUrl = process.env.BENCH_DATABASE_URL ?? `sqlite:${path.join(scratch, 'bench.sqlite')}`;
  const env = {
    PATH: process.env.PATH,
    DATABASE_URL: databaseUrl,
    TOKEN_SIGNING_KEY: SIGNING_KEY,
    LOG_LEVEL: 'warn',
    LIST_MAX_ITEMS: '10000',
    RATE_LIMIT_PER_MINUTE: '1000000000',
    // The API keeps no answers, so every request does the work (the kept-answer scenarios start one that does).
    RESPONSE_CACHE_MAX_BYTES: '0',
  };
  return { scratch, databaseUrl, env };
}

/** An OTLP/HTTP receiver on loopback: answers every export 200, counts the bytes it was sent. */
async function startTraceSink() {
  const sink = { bytes: 0, exports: 0 };
  const server = createHttpServer((request, response) => {
    request.on('data', (chunk) => (sink.bytes += chunk.length));
    request.on('end', () => {
      sink.exports++;
      response.writeHead(200, { 'content-type': request.headers['content-type'] ?? 'application/json' }).end();
    });
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { ...sink, sink, url: `http://127.0.0.1:${server.address().port}`, close: () => server.close() };
}

/** Loads the bench's customers through the real CLI; a client granted them and its token's headers. */
function prepare(env, scratch) {
  const customers = benchCustomers(smoke ? 0.2 : 1);
  const file = path.join(scratch, 'bench-data.json');
  writeFileSync(file, JSON.stringify({ customers: Object.values(customers) }));
  progress('loading the data through the CLI (import)');
  cli(env, 'import', file, '--json');
  const ids = Object.values(customers).map((c) => c.id).join(',');
  const { client_id: clientId } = cli(env, 'clients', 'create', '--name', 'bench', '--customers', ids, '--json');
  const { access_token: token } = cli(env, 'tokens', 'issue', '--client-id', clientId, '--json');
  return { customers, headers: { Authorization: `Bearer ${token}`, ClientId: clientId, 'Request-Tracking-Id': 'bench' } };
}

async function main() {
  if (!process.argv.includes('--no-build')) {
    progress('building (npm run build)');
    if (spawnSync('npm', ['run', 'build', '--silent'], { cwd: root, stdio: 'inherit' }).status !== 0) throw new Error('the build failed');
  }
  if (process.argv.includes('--notifier')) {
    await require(process.argv.includes('--fault') ? './notifier-fault' : './notifier').main();
    return;
  }
  // A hauler's scale (issue 21): its own data, import and read mix (hauler.bench.js).
  if (argument('customers') !== undefined) return require('./hauler.bench').runHaulerBench(module.exports, argument);
  const pin = pinning();
  const { scratch, databaseUrl, env } = environment();
  const servers = [];
  try {
    const { customers, headers } = prepare(env, scratch);

    const api = path.join(root, 'dist/apps/api/main.js');
    servers.push(await startServer('curbside', pin, api, { ...env, PORT: String(await freePort()) }));
    servers.push(await startServer('baseline', pin, path.join(__dirname, 'baseline/server.js'), { ...env, PORT: String(await freePort()) }));
    const { RESPONSE_CACHE_MAX_BYTES: _none, ...keeping } = env;
    servers.push(await startServer('curbside', pin, api, { ...keeping, PORT: String(await freePort()) }));
    servers.push(await startServer('scratch', pin, path.join(__dirname, 'baseline/scratch-server.js'), { ...env, PORT: String(await freePort()) }));
    servers.push(await startServer('independent', pin, path.join(__dirname, 'baseline/independent-server.js'), { ...env, PORT: String(await freePort()) }));
    const scenarioRows = await measure(servers[0], servers[1], headers, customers, servers[2], servers[3], servers[4]);
    for (const server of servers.splice(0)) server.child.kill('SIGTERM');
    const importRows = await measureImport(pin, env, scratch);

    const report = {
      takenAt: new Date().toISOString(),
      database: databaseUrl.startsWith('sqlite:') ? 'SQLite' : 'PostgreSQL',
      node: process.version,
      smoke,
      connections: settings.connections,
      seconds: settings.seconds,
      rounds: settings.rounds,
      bodiesCompared: 'byte for byte, nothing ignored: the tracking id is the fixed Request-Tracking-Id both echo',
      scenarios: scenarioRows,
      import: importRows,
      notes,
    };
    const table = markdown(report);
    process.stdout.write(`\n${table}`);
    if (!smoke) {
      const results = path.join(__dirname, 'results');
      if (!existsSync(results)) mkdirSync(results);
      const stamp = report.takenAt.replace(/[:.]/g, '-');
      writeFileSync(path.join(results, `${stamp}-${report.database.toLowerCase()}.json`), `${JSON.stringify({ ...report, table }, null, 2)}\n`);
    }
  } finally {
    for (const server of servers) server.child.kill('SIGTERM');
    rmSync(scratch, { recursive: true, force: true });
  }
}

module.exports = { environment, prepare, scenarios, startServer, probeReport, freePort, pinning, progress, median, timed, cli, cpuMs, startTraceSink };

if (require.main === module) {
  main().catch((error) => {
    process.stderr.write(`bench failed: ${error.message}\n`);
    process.exit(1);
  });
}
