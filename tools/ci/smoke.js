#!/usr/bin/env node
/*
 * The smoke run of one runtime (tools/ci/test-on-node.sh --smoke), after `npm install` and `npm run build`:
 * `npm start`'s script on a new SQLite file (the demo sandbox), a token, one GET of each resource group in JSON
 * (and one in XML), the notifier's start and stop. Exit 0 only when every check passed.
 */
const { spawn } = require('node:child_process');
const { mkdtempSync, readFileSync, rmSync } = require('node:fs');
const { freePort } = require('./free-port');
const { tmpdir } = require('node:os');
const { join, resolve } = require('node:path');

const ROOT = resolve(__dirname, '../..');
const CUSTOMER = '1000001';
/** One GET of each resource group; paths under /api/v1/customers/{id}/ unless absolute. */
const READS = [
  'tickets',
  'tickets?ticket_type=disposal',
  '/api/v2/customers/{id}/invoices',
  'cases',
  'contacts',
  'communication-preferences',
  'services',
  'services/next-pickup',
  'activities/email',
  'activities/issues',
  'activities/notes',
  'balance',
  'profiles',
];

const cwd = mkdtempSync(join(tmpdir(), 'curbside-smoke-'));
const baseEnv = { PATH: process.env.PATH, DATABASE_URL: `sqlite:${join(cwd, 'curbside.sqlite')}`, LOG_LEVEL: 'warn', SHUTDOWN_DRAIN_MS: '0' };
let passed = 0;
let failed = 0;

/** Processes this run started and that are still running: ended however the run ends. */
const children = new Set();

function check(name, ok, detail = '') {
  if (ok) passed++;
  else failed++;
  console.log(`${ok ? 'ok  ' : 'FAIL'} ${name}${ok || !detail ? '' : `: ${detail}`}`);
}

/** Spawns `node script`; resolves once `ready()` is true, with the child and what it printed. */
async function startProcess(script, env, ready) {
  const child = spawn(process.execPath, [join(ROOT, script)], { cwd, env: { ...baseEnv, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  children.add(child);
  child.once('exit', () => children.delete(child));
  let output = '';
  child.stdout.on('data', (chunk) => (output += chunk));
  child.stderr.on('data', (chunk) => (output += chunk));
  const exited = new Promise((done) => child.once('exit', (code, signal) => done({ code, signal })));
  for (const deadline = Date.now() + 120_000; Date.now() < deadline; ) {
    if (child.exitCode !== null) throw new Error(`${script} exited with ${child.exitCode}: ${output.slice(-2000)}`);
    if (await ready(output).catch(() => false)) return { child, exited, output: () => output };
    await new Promise((r) => setTimeout(r, 200));
  }
  child.kill('SIGKILL');
  throw new Error(`${script} did not start: ${output.slice(-2000)}`);
}

async function stop(started, name) {
  started.child.kill('SIGTERM');
  const { code, signal } = await started.exited;
  check(`${name} stops on SIGTERM with exit code 0`, code === 0, `code ${code}, signal ${signal}`);
}

async function main() {
  console.log(`smoke on Node ${process.version} in ${cwd}`);
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  // npm start's banner comes once the API answers, and ends its output.
  const api = await startProcess('tools/dev/start.js', { PORT: String(port) }, async (output) => /Stop: Ctrl-C/.test(output) && (await fetch(`${base}/health/ready`)).ok);
  check('npm start serves the demo sandbox', /demo sandbox loaded/.test(api.output()));

  const { client_id, client_secret } = JSON.parse(readFileSync(join(cwd, 'data/demo-client.json'), 'utf8'));
  const tokenResponse = await fetch(`${base}/oauth/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ grant_type: 'client_credentials', client_id, client_secret }),
  });
  const token = (await tokenResponse.json()).access_token;
  check('a token for the demo client', tokenResponse.status === 200 && typeof token === 'string', String(tokenResponse.status));

  const get = (path, accept = 'application/json') =>
    fetch(`${base}${path.startsWith('/') ? path.replace('{id}', CUSTOMER) : `/api/v1/customers/${CUSTOMER}/${path}`}`, {
      headers: { authorization: `Bearer ${token}`, clientid: client_id, 'request-tracking-id': `smoke-${Date.now()}`, accept },
    });
  for (const path of READS) {
    const response = await get(path);
    const body = await response.text();
    check(`GET ${path}`, response.status === 200 && typeof JSON.parse(body) === 'object', `${response.status} ${body.slice(0, 200)}`);
  }
  const xml = await get('tickets', 'application/xml');
  check('GET tickets in XML', xml.status === 200 && (await xml.text()).includes('<response>'), String(xml.status));

  const notifier = await startProcess('dist/apps/notifier/main.js', { LOG_LEVEL: 'info' }, async (output) => / started/.test(output));
  check('the notifier starts', true);
  await stop(notifier, 'the notifier');
  await stop(api, 'the API');
}

main()
  .catch((error) => check('the smoke run', false, error instanceof Error ? error.message : String(error)))
  .finally(() => {
    console.log(`smoke: ${passed} passed, ${failed} failed`);
    process.exitCode = failed === 0 ? 0 : 1;
    for (const child of children) child.kill('SIGKILL');
    rmSync(cwd, { recursive: true, force: true });
  });
