#!/usr/bin/env node
/**
 * Whether two builds of the API answer byte for byte alike: a reference build (e.g. main's) and
 * this checkout's, on one database filled with the bench's data, each request sent to both in
 * turn. Compares status, every header but `date` in order (`ratelimit-reset` and `retry-after` by
 * presence: the windows of two processes do not start in the same second), the body, each request's log line
 * (without its times) and the request counters of /metrics. Exits 1 on any difference.
 *
 *   npm run bench -- same-answers --reference=/other/checkout/dist/apps/api/main.js [--candidate=dist/apps/api/main.js]
 *   BENCH_DATABASE_URL=postgres://... npm run bench -- same-answers ...   (a database of its own: it fills it)
 */
const path = require('node:path');
const { spawn } = require('node:child_process');
const { rmSync } = require('node:fs');
const { environment, prepare } = require('../fixtures/api');
const { option: argument } = require('../harness/args');
const { freePort } = require('../harness/ports');
const { root, cli } = require('../harness/processes');

const reference = argument('reference');
const candidate = path.resolve(argument('candidate') ?? path.join(root, 'dist/apps/api/main.js'));
/** Seconds to a window's end: two processes' windows do not start in the same second. */
const SECONDS_LEFT = new Set(['ratelimit-reset', 'retry-after']);
/** Low enough that the last requests are refused (429) on both. */
const RATE_LIMIT = 120;

async function start(script, env) {
  const port = await freePort();
  const child = spawn(process.execPath, [script], { env: { ...env, PORT: String(port) }, stdio: ['ignore', 'pipe', 'inherit'] });
  const lines = [];
  let rest = '';
  child.stdout.on('data', (chunk) => {
    const text = rest + chunk;
    const parts = text.split('\n');
    rest = parts.pop();
    lines.push(...parts);
  });
  const url = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 1200; i++) {
    if (child.exitCode !== null) break;
    if (await fetch(`${url}/health/ready`).then((r) => r.ok, () => false)) return { child, url, lines };
    await new Promise((r) => setTimeout(r, 50));
  }
  child.kill();
  throw new Error(`${script} did not start`);
}

async function answer(server, request) {
  const response = await fetch(server.url + request.path, { method: request.method ?? 'GET', headers: request.headers, redirect: 'manual' });
  let body = Buffer.from(await response.arrayBuffer()).toString('latin1');
  // A tracking id the API made up (the request sent none) is random: compared where it is, not what it is.
  const generated = request.headers['Request-Tracking-Id'] === undefined ? response.headers.get('request-tracking-id') : null;
  if (generated) body = body.split(generated).join('(generated)');
  const headers = [...response.headers]
    .map(([name, value]) => [name, generated ? value.split(generated).join('(generated)') : value]).filter(([name]) => name !== 'date').map(([name, value]) => (SECONDS_LEFT.has(name) ? [name, '(seconds)'] : [name, value]));
  return { status: response.status, headers, body };
}

/** A log line without what differs between two processes by nature (times, pid, host, durations). */
function logLine(line) {
  try {
    const { time: _t, pid: _p, hostname: _h, responseTime: _r, durationMs: _d, duration: _du, ...rest } = JSON.parse(line);
    // A tracking id the API made up (the request sent none) is random.
    if (/^[0-9a-f]{8}-[0-9a-f]{4}-/.test(rest.requestTrackingId ?? '')) rest.requestTrackingId = '(generated)';
    return JSON.stringify(rest);
  } catch {
    return line;
  }
}

/** The request counters of /metrics (not the durations' buckets and sums, not the process's own figures). */
async function counters(server) {
  const text = await fetch(`${server.url}/metrics`).then((r) => r.text());
  return text
    .split('\n')
    .filter((line) => /^curbside_http_/.test(line) && !/_bucket|_sum/.test(line))
    .join('\n');
}

function requests(customers, auth, ids) {
  const small = `/api/v1/customers/${customers.small}`;
  const medium = `/api/v1/customers/${customers.medium}`;
  const large = `/api/v1/customers/${customers.large}`;
  const xml = { ...auth, Accept: 'application/xml' };
  const dates = 'fromDate=2026-01-01&toDate=2026-12-31';
  return [
    { name: '10-row list, JSON', path: `${small}/tickets`, headers: auth },
    { name: '10-row list, XML', path: `${small}/tickets`, headers: xml },
    { name: '10-row list, again (a kept answer)', path: `${small}/tickets`, headers: auth },
    { name: '1,000-row list with dates, JSON', path: `${medium}/tickets?${dates}`, headers: auth },
    { name: '1,000-row list with dates, XML', path: `${medium}/tickets?${dates}`, headers: xml },
    { name: 'a page of 5 (Link: next)', path: `${large}/tickets?limit=5`, headers: auth },
    { name: 'a page of 5 with dates, XML', path: `${large}/tickets?limit=5&${dates}`, headers: xml },
    { name: 'disposal tickets', path: `${small}/tickets?ticket_type=disposal`, headers: auth },
    { name: 'limit as Nest reads it (0x10)', path: `${small}/tickets?limit=0x10`, headers: auth },
    { name: 'limit 0 (400)', path: `${small}/tickets?limit=0`, headers: auth },
    { name: 'limit twice (400)', path: `${small}/tickets?limit=5&limit=6`, headers: auth },
    { name: 'not a day (400)', path: `${small}/tickets?fromDate=2026-02-30`, headers: xml },
    { name: 'fromDate after toDate (400)', path: `${small}/tickets?fromDate=2026-03-01&toDate=2026-02-01`, headers: auth },
    { name: 'unknown parameter (400)', path: `${small}/tickets?foo=1`, headers: auth },
    { name: 'a cursor that is none (400)', path: `${small}/tickets?cursor=abc`, headers: auth },
    { name: 'ticket_type not disposal (400)', path: `${small}/tickets?ticket_type=service`, headers: auth },
    { name: 'ticket detail, JSON', path: `${small}/tickets/${ids.ticket}`, headers: auth },
    { name: 'ticket detail, XML', path: `${small}/tickets/${ids.ticket}`, headers: xml },
    { name: 'ticket detail, HEAD', method: 'HEAD', path: `${small}/tickets/${ids.ticket}`, headers: auth },
    { name: 'disposal ticket detail', path: `${small}/tickets/${ids.disposal}?ticket_type=disposal`, headers: auth },
    { name: 'no such ticket (404)', path: `${small}/tickets/999999999`, headers: xml },
    { name: 'ticket id not digits (400)', path: `${small}/tickets/abc`, headers: auth },
    { name: 'ticket id and query bad (400)', path: `${small}/tickets/abc?ticket_type=x`, headers: auth },
    { name: 'customer not granted (403)', path: '/api/v1/customers/9999991/tickets', headers: auth },
    { name: 'customer granted, not there (404)', path: `/api/v1/customers/${customers.missing}/tickets`, headers: auth },
    { name: 'customer id not digits (400)', path: '/api/v1/customers/x1/tickets', headers: auth },
    { name: 'no token (401)', path: `${small}/tickets`, headers: { ...auth, Authorization: undefined } },
    { name: 'a bad token (401)', path: `${small}/tickets/${ids.ticket}`, headers: { ...auth, Authorization: 'Bearer abc.def.ghi' } },
    { name: 'no ClientId (401)', path: `${small}/tickets`, headers: { ...auth, ClientId: undefined } },
    { name: 'no tracking id (400)', path: `${small}/tickets`, headers: { ...auth, 'Request-Tracking-Id': undefined } },
    { name: 'Accept text/html (406)', path: `${small}/tickets`, headers: { ...auth, Accept: 'text/html' } },
    { name: 'invoices, version 1 (Deprecation, Link)', path: `${small}/invoices`, headers: auth },
    { name: 'invoices, version 2, with dates', path: `/api/v2/customers/${customers.small}/invoices?${dates}`, headers: auth },
    { name: 'invoices, version 2, a page of 5, XML', path: `/api/v2/customers/${customers.small}/invoices?limit=5`, headers: xml },
    { name: 'invoices, version 2, limit 1001 (400)', path: `/api/v2/customers/${customers.small}/invoices?limit=1001`, headers: auth },
    { name: 'invoice detail', path: `${small}/invoices/${ids.invoice}`, headers: auth },
    { name: 'invoice detail, XML, a query it ignores', path: `${small}/invoices/${ids.invoice}?x=1`, headers: xml },
    { name: 'no such invoice (404)', path: `${small}/invoices/12345`, headers: auth },
    { name: 'cases', path: `${small}/cases?${dates}`, headers: auth },
    { name: 'no such case (404)', path: `${small}/cases/12345`, headers: xml },
    { name: 'case id not digits (400)', path: `${small}/cases/1a`, headers: auth },
    { name: 'email activities', path: `${small}/activities/email`, headers: auth },
    { name: 'issue activities, XML', path: `${small}/activities/issues?fromDate=2026-01-01`, headers: xml },
    { name: 'notes', path: `${small}/activities/notes`, headers: auth },
    { name: 'notes, a bad toDate (400)', path: `${small}/activities/notes?toDate=2026-13-01`, headers: auth },
  ].map((request) => ({ ...request, headers: Object.fromEntries(Object.entries(request.headers).filter(([, v]) => v !== undefined)) }));
}

function differences(a, b) {
  const found = [];
  if (a.status !== b.status) found.push(`status ${a.status} / ${b.status}`);
  if (JSON.stringify(a.headers) !== JSON.stringify(b.headers)) found.push(`headers\n    ${JSON.stringify(a.headers)}\n    ${JSON.stringify(b.headers)}`);
  if (a.body !== b.body) found.push(`body\n    ${a.body.slice(0, 300)}\n    ${b.body.slice(0, 300)}`);
  return found;
}

async function main() {
  if (reference === undefined) throw new Error('--reference=<another build of the API, its dist/apps/api/main.js> is required');
  const { scratch, env } = environment();
  const servers = [];
  let failures = 0;
  try {
    const { customers, headers } = prepare(env, scratch);
    const missing = '9999992';
    const { client_id: clientId } = cli(env, 'clients', 'create', '--name', 'same-answers', '--customers', `${customers.small.id},${customers.medium.id},${customers.large.id},${missing}`, '--json');
    const { access_token: token } = cli(env, 'tokens', 'issue', '--client-id', clientId, '--json');
    const auth = { ...headers, Authorization: `Bearer ${token}`, ClientId: clientId, 'Request-Tracking-Id': 'same-answers' };
    const { RESPONSE_CACHE_MAX_BYTES: _none, ...keeping } = env;
    const serverEnv = { ...keeping, LOG_LEVEL: 'info', RATE_LIMIT_PER_MINUTE: String(RATE_LIMIT) };
    servers.push(await start(path.resolve(reference), serverEnv), await start(candidate, serverEnv));
    const [ref, cand] = servers;
    const [ids] = [await idsOf(ref, customers, auth), await idsOf(cand, customers, auth)];
    process.stdout.write(`ids: ${JSON.stringify(ids)}\n`);
    const list = requests({ small: customers.small.id, medium: customers.medium.id, large: customers.large.id, missing }, auth, ids);
    const send = async (request) => {
      const [a, b] = [await answer(ref, request), await answer(cand, request)];
      const found = differences(a, b);
      failures += found.length === 0 ? 0 : 1;
      process.stdout.write(`${found.length === 0 ? 'same' : 'DIFFERENT'}  ${a.status}  ${request.name}${found.map((f) => `\n  ${f}`).join('')}\n`);
      return a;
    };
    for (const request of list) {
      const a = await send(request);
      const etag = a.headers.find(([name]) => name === 'etag')?.[1];
      if (etag !== undefined && request.method === undefined) await send({ ...request, name: `${request.name}, If-None-Match (304)`, headers: { ...request.headers, 'If-None-Match': etag } });
      const link = a.headers.find(([name]) => name === 'link')?.[1];
      const next = link && /<([^>]+)>/.exec(link)?.[1];
      if (next) await send({ ...request, name: `${request.name}, its next page`, path: next });
    }
    let refused = 0;
    for (let i = 0; i < RATE_LIMIT + 5 && refused < 2; i++) {
      const a = await send({ name: `request ${i + 1} of the minute`, path: `/api/v1/customers/${customers.small.id}/tickets/${ids.ticket}`, headers: auth });
      if (a.status === 429) refused++;
    }
    if (refused < 2) throw new Error('the rate limit never answered 429');
    const [metricsA, metricsB] = [await counters(ref), await counters(cand)];
    const metricsSame = metricsA === metricsB && metricsA !== '';
    failures += metricsSame ? 0 : 1;
    process.stdout.write(`${metricsSame ? 'same' : 'DIFFERENT'}  /metrics request counters${metricsSame ? '' : `\n${metricsA}\n----\n${metricsB}`}\n`);
    await new Promise((r) => setTimeout(r, 500));
    const [logA, logB] = [ref.lines.map(logLine), cand.lines.map(logLine)];
    const firstRequest = (lines) => lines.findIndex((line) => line.includes('"req'));
    const [fromA, fromB] = [logA.slice(firstRequest(logA)), logB.slice(firstRequest(logB))];
    const logsSame = JSON.stringify(fromA) === JSON.stringify(fromB) && fromA.length > list.length;
    failures += logsSame ? 0 : 1;
    process.stdout.write(`${logsSame ? 'same' : 'DIFFERENT'}  ${fromA.length} / ${fromB.length} log lines from the first request on\n`);
    if (!logsSame) {
      for (let i = 0; i < Math.max(fromA.length, fromB.length); i++) if (fromA[i] !== fromB[i]) process.stdout.write(`  ${fromA[i]}\n  ${fromB[i]}\n`);
    }
  } finally {
    for (const server of servers) server.child.kill('SIGTERM');
    rmSync(scratch, { recursive: true, force: true });
  }
  process.stdout.write(failures === 0 ? 'every answer the same\n' : `${failures} differences\n`);
  process.exitCode = failures === 0 ? 0 : 1;
}

/** A service ticket, a disposal ticket and an invoice of the small customer, from its lists. */
async function idsOf(server, customers, auth) {
  const base = `${server.url}/api/v1/customers/${customers.small.id}/tickets`;
  const tickets = await fetch(base, { headers: auth }).then((r) => r.json());
  const disposals = await fetch(`${base}?ticket_type=disposal`, { headers: auth }).then((r) => r.json());
  const first = (body) => Object.values(body).find(Array.isArray)?.[0];
  const idOf = (row) => row.ticket_id ?? row.id ?? Object.values(row).find((v) => typeof v === 'string' && /^\d+$/.test(v));
  const invoices = await fetch(`${server.url}/api/v2/customers/${customers.small.id}/invoices`, { headers: auth }).then((r) => r.json());
  return { ticket: idOf(first(tickets)), disposal: idOf(first(disposals)), invoice: idOf(first(invoices)) };
}

main().catch((error) => {
  process.stderr.write(`same-answers failed: ${error.stack}\n`);
  process.exit(1);
});
