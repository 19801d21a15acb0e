#!/usr/bin/env node
/*
 * No process aborts at exit or under GC. better-sqlite3 12 built against the headers of Node 24.19+ or 26
 * aborts (`Assertion failed: (env) != nullptr` in RemoveEnvironmentCleanupHook) when V8 collects a Statement outside
 * a JavaScript context, at a GC run from a platform task or at exit. This runs, after `npm run build`:
 *   - `--cli N` CLI processes (default 100), two at a time: imports (many multi-row INSERTs of different lengths, so the
 *     statement cache turns over), exports, lists and a dry notice run, each with a 1 MiB young generation;
 *   - the API under GC pressure (1 MiB young generation, 128 MiB old generation) taking `--requests N` reads and
 *     writes (default 2,000), eight at a time, then SIGTERM;
 * and fails unless every process exited with its own exit code (0), no signal, and no assertion on stderr.
 */
const { spawn } = require('node:child_process');
const { mkdtempSync, rmSync, writeFileSync } = require('node:fs');
const { freePort } = require('./free-port');
const { tmpdir } = require('node:os');
const { join, resolve } = require('node:path');
const { parseArgs } = require('node:util');

const ROOT = resolve(__dirname, '../..');
const CLI = join(ROOT, 'dist/apps/admin-cli/main.js');
const API = join(ROOT, 'dist/apps/api/main.js');
const GC_PRESSURE = ['--max-semi-space-size=1'];
const { values } = parseArgs({ options: { cli: { type: 'string', default: '100' }, requests: { type: 'string', default: '2000' } } });
const cliRuns = Number(values.cli);
const requests = Number(values.requests);

const cwd = mkdtempSync(join(tmpdir(), 'curbside-aborts-'));
const env = { PATH: process.env.PATH, DATABASE_URL: `sqlite:${join(cwd, 'curbside.sqlite')}`, LOG_LEVEL: 'error', SHUTDOWN_DRAIN_MS: '0' };
const failures = [];

/** Runs `node [flags] script args`; resolves with how it ended and what it printed. */
function run(script, args, flags = GC_PRESSURE) {
  const child = spawn(process.execPath, [...flags, script, ...args], { cwd, env, stdio: ['ignore', 'pipe', 'pipe'] });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk) => (stdout += chunk));
  child.stderr.on('data', (chunk) => (stderr += chunk));
  const ended = new Promise((done) => child.once('exit', (code, signal) => done({ code, signal, stdout, stderr })));
  return { child, ended, output: () => stdout + stderr };
}

/** Records a process that did not end on its own exit code 0, or that printed an assertion. */
function judge(what, { code, signal, stderr }) {
  if (code !== 0 || signal !== null || /Assertion failed|RemoveEnvironmentCleanupHook/.test(stderr)) {
    failures.push(`${what}: exit code ${code}, signal ${signal}; ${stderr.trim().split('\n').slice(-3).join(' | ')}`);
  }
}

async function cli(args) {
  const result = await run(CLI, args).ended;
  judge(`curbside ${args.join(' ')}`, result);
  return result.stdout;
}

async function cliProcesses(demoFile) {
  const commands = [['import', demoFile], ['export', '1000001'], ['clients', 'list', '--json'], ['deliveries', 'list', '--json'], ['notices', 'run', '--dry-run', '--json']];
  let next = 0;
  const worker = async () => {
    while (next < cliRuns) await cli(commands[next++ % commands.length]);
  };
  await Promise.all([worker(), worker()]);
}

async function apiUnderPressure(credentials) {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  env.PORT = String(port);
  const api = run(API, [], [...GC_PRESSURE, '--max-old-space-size=128']);
  for (const deadline = Date.now() + 120_000; !(await fetch(`${base}/health/ready`).then((r) => r.ok, () => false)); ) {
    if (api.child.exitCode !== null || Date.now() > deadline) throw new Error(`the API did not start: ${api.output().slice(-1000)}`);
    await new Promise((r) => setTimeout(r, 200));
  }
  const token = (
    await (
      await fetch(`${base}/oauth/token`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ grant_type: 'client_credentials', ...credentials }),
      })
    ).json()
  ).access_token;
  const headers = { authorization: `Bearer ${token}`, clientid: credentials.client_id, 'content-type': 'application/json' };
  const reads = ['tickets', 'tickets?ticket_type=disposal', 'cases', 'contacts', 'services', 'services/next-pickup', 'activities/email', 'balance'];
  let sent = 0;
  let failed = 0;
  const worker = async () => {
    while (sent < requests) {
      const n = sent++;
      const customer = ['1000001', '1000002', '2000001'][n % 3];
      const write = n % 10 === 9;
      const path = write ? 'contacts' : `${reads[n % reads.length]}${reads[n % reads.length].includes('?') ? '&' : '?'}fromDate=2020-01-${String((n % 28) + 1).padStart(2, '0')}`;
      const response = await fetch(`${base}/api/v1/customers/${customer}/${path}`, {
        method: write ? 'PUT' : 'GET',
        headers: { ...headers, 'request-tracking-id': `abort-check-${n}` },
        ...(write ? { body: JSON.stringify({ contacts: [{ type: 'service', name: `Resident ${n}` }] }) } : {}),
      });
      await response.arrayBuffer();
      if (response.status >= 500) failed++;
    }
  };
  await Promise.all(Array.from({ length: 8 }, worker));
  if (failed > 0) failures.push(`the API answered ${failed} of ${requests} requests with 5xx`);
  api.child.kill('SIGTERM');
  judge('the API', await api.ended);
}

async function main() {
  const started = Date.now();
  const seeded = JSON.parse(await cli(['seed', '--demo', '--json']));
  const demoFile = join(cwd, 'demo.json');
  writeFileSync(demoFile, await cli(['export', '1000001']));
  await cliProcesses(demoFile);
  await apiUnderPressure({ client_id: seeded.client_id, client_secret: seeded.client_secret });
  console.log(`abort check on Node ${process.version}: ${cliRuns + 2} CLI processes and the API after ${requests} requests, ` +
    `${failures.length} failures, ${Math.round((Date.now() - started) / 1000)} s`);
}

main()
  .catch((error) => failures.push(error instanceof Error ? error.message : String(error)))
  .finally(() => {
    for (const failure of failures) console.log(`FAIL ${failure}`);
    process.exitCode = failures.length === 0 ? 0 : 1;
    rmSync(cwd, { recursive: true, force: true });
  });
