#!/usr/bin/env node
/*
 * CPU time per request: the server's own user + system time (/proc/<pid>/stat) over a fixed number
 * of requests, for the baseline and one or more builds of the API, in alternating rounds on the
 * bench's data. Throughput moves with whatever else the machine runs; the CPU a process spends per
 * request moves much less, so this is the measure for comparing two builds (a change's gain) on a
 * busy machine. The api scenario stays the measure of the goals.
 *
 * Each round sends as many requests as take the baseline about 4 s of CPU (at most --requests).
 *
 *   npm run bench -- cpu-per-request [--scenario=detail] [--requests=5000] [--rounds=3]
 *       [--apis=dist/apps/api/main.js,/other/checkout/dist/apps/api/main.js] [--baseline=independent-server] [--traced]
 *       [--api-flags=';--max-semi-space-size=8']
 *
 * `--baseline` names the file in baseline/ to compare with (independent-server.js by default). On PostgreSQL the database's own CPU (its
 * backends) is not in these figures: compare throughput there too.
 * --api-flags: node flags per instance of each build, `;` between instances (default: one instance, no flags).
 * --traced: each build runs twice, untraced and traced (OpenTelemetry on, the default sampler, its
 * spans exported as OTLP/HTTP to a receiver in this process that answers 200 and counts them).
 * --traced-variants='A=1 B=2;C=3': more traced instances of the first build, each with these OTEL_* variables too.
 */
const { rmSync } = require('node:fs');
const path = require('node:path');
const autocannon = require('autocannon');
const { environment, prepare, requests: scenarios } = require('../fixtures/api');
const { option: argument, flag } = require('../harness/args');
const { judge } = require('../harness/goals');
const { freePort } = require('../harness/ports');
const { cpuMs } = require('../harness/proc');
const { root, pinning, startServer } = require('../harness/processes');
const { progress, median } = require('../harness/report');
const { startTraceSink } = require('../harness/trace-sink');

const settings = {
  only: argument('scenario'),
  requests: Number(argument('requests') ?? 5000),
  rounds: Number(argument('rounds') ?? 3),
  apis: (argument('apis') ?? 'dist/apps/api/main.js').split(',').map((file) => path.resolve(root, file)),
  traced: flag('traced'),
  variants: argument('traced-variants', '').split(';').filter(Boolean).map((text) => Object.fromEntries(text.trim().split(/\s+/).map((pair) => [pair.slice(0, pair.indexOf('=')), pair.slice(pair.indexOf('=') + 1)]))),
  baseline: argument('baseline') ?? 'independent-server',
  apiFlags: argument('api-flags', '').split(';').map((flags) => flags.split(' ').filter(Boolean)),
};

/** CPU microseconds per request over `requests` requests (after a warm-up of a tenth as many, at least 20). */
async function cpuPerRequest(server, scenario, requests) {
  const run = (amount) =>
    autocannon({ url: `${server.url}${scenario.path}`, connections: 10, amount, headers: { ...scenario.headers, ...(server.name === 'baseline' ? {} : scenario.apiHeaders) } });
  await run(Math.max(20, Math.ceil(requests / 10)));
  const before = cpuMs(server.child.pid);
  const result = await run(requests);
  if (result.non2xx > 0 || result.errors > 0) throw new Error(`${server.name}: ${result.non2xx} non-2xx, ${result.errors} errors on ${scenario.name}`);
  return ((cpuMs(server.child.pid) - before) * 1000) / requests;
}

const CPU_PER_ROUND_US = 4_000_000;

async function main() {
  const pin = pinning();
  const { scratch, env } = environment();
  const servers = [];
  let traces = null;
  try {
    const { customers, headers } = prepare(env, scratch);
    traces = settings.traced ? await startTraceSink() : null;
    servers.push(await startServer('baseline', pin, path.join(__dirname, `../baseline/${settings.baseline}.js`), { ...env, PORT: String(await freePort()) }));
    for (const [index, api] of settings.apis.entries()) {
      for (const flags of settings.apiFlags) {
        const name = [`api ${index + 1}`, ...flags].join(' ');
        servers.push(await startServer(name, pin, api, { ...env, PORT: String(await freePort()) }, flags));
      }
      if (traces !== null) {
        servers.push(await startServer(`api ${index + 1} traced`, pin, api, { ...env, PORT: String(await freePort()), OTEL_EXPORTER_OTLP_ENDPOINT: traces.url }));
      }
    }
    for (const variant of settings.variants) {
      const name = `api 1 traced ${Object.entries(variant).map(([key, value]) => `${key}=${value}`).join(' ')}`;
      servers.push(await startServer(name, pin, settings.apis[0], { ...env, PORT: String(await freePort()), OTEL_EXPORTER_OTLP_ENDPOINT: traces?.url ?? 'http://127.0.0.1:9', ...variant }));
    }
    const chosen = scenarios(headers, customers).filter((s) => !s.curbsideOnly && !s.kept && (settings.only === undefined || new RegExp(settings.only).test(s.name)));
    const rows = [];
    const measured = [];
    for (const scenario of chosen) {
      const samples = new Map(servers.map((server) => [server.name, []]));
      const probe = await cpuPerRequest(servers[0], scenario, 200);
      const requests = Math.max(200, Math.min(settings.requests, Math.round(CPU_PER_ROUND_US / Math.max(probe, 1))));
      for (let round = 0; round < settings.rounds; round++) {
        for (const server of servers) samples.get(server.name).push(await cpuPerRequest(server, scenario, requests));
      }
      const base = median(samples.get('baseline'));
      const cells = servers.slice(1).map((server) => {
        const value = median(samples.get(server.name));
        return `${value.toFixed(0)} µs (${(base / value).toFixed(2)})`;
      });
      rows.push(`| ${scenario.name} | ${base.toFixed(0)} µs | ${cells.join(' | ')} |`);
      if (traces !== null) {
        const [untraced, traced] = ['api 1', 'api 1 traced'].map((name) => median(samples.get(name)));
        measured.push({ row: `${scenario.name}, traced`, figure: 'traced/untraced', value: Number((traced / untraced).toFixed(2)) });
      }
      progress(rows.at(-1));
    }
    const apiHeads = servers.slice(1).map((server) => {
      const api = settings.apis[Number(/\d+/.exec(server.name)[0]) - 1];
      return `${server.name}: ${path.relative(root, api) || api}`;
    });
    if (traces !== null) progress(`trace receiver: ${traces.sink.exports} exports, ${(traces.sink.bytes / 1e6).toFixed(1)} MB`);
    process.stdout.write(
      [
        `CPU per request against baseline/${settings.baseline}.js, median of ${settings.rounds} rounds (each of up to ${settings.requests} requests, about 4 s of the baseline's CPU; 10 connections); in brackets the baseline's CPU per request over the API's (the issue's ratio, measured in CPU instead of throughput)`,
        '',
        `| scenario | baseline | ${apiHeads.join(' | ')} |`,
        `|---|---:|${apiHeads.map(() => '---:').join('|')}|`,
        ...rows,
        '',
      ].join('\n'),
    );
    judge('cpu-per-request', measured);
  } finally {
    for (const server of servers) server.child.kill('SIGTERM');
    traces?.close();
    rmSync(scratch, { recursive: true, force: true });
  }
}

main().catch((error) => {
  process.stderr.write(`cpu-per-request failed: ${error.message}\n`);
  process.exit(1);
});
