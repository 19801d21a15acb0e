#!/usr/bin/env node
/*
 * Instructions per request: the API run under Valgrind's callgrind, which counts the instructions
 * the process executes whatever else the machine runs, so a small difference between two builds or
 * settings (tracing's cost) is not lost in a busy machine's noise as CPU time is.
 *
 * For each instance: start it under callgrind counting nothing (--instr-atstart=no: start-up is then only a
 * few times slower), send a warm-up (V8 tiers functions up for thousands of requests: after 300, the
 * segments still fell from 1.6 to 1.0 M instructions a request), turn the counting on (tens of times
 * slower from then on), then `--segments` times: send `--requests` requests and dump the counters (each
 * dump holds what ran since the one before). Per request: all counted instructions over all counted
 * requests (garbage collection is a request's cost too), and the median segment's, with the segments'
 * spread (a major collection falls in one segment or another). Requests go one at a time (one connection); the few /health requests that wake the process
 * for a dump are counted too.
 *
 *   npm run bench -- instructions-per-request [--scenario='ticket list, 10 rows, JSON']
 *       [--requests=300] [--segments=5] [--warm-up=3000] [--api=dist/apps/api/main.js] [--traced] [--traced-variants='A=1 B=2;C=3'] [--no-untraced]
 *
 * --traced: the untraced instance, then a traced one (OpenTelemetry on, the default sampler, spans
 * exported as OTLP/HTTP to a receiver in this process that answers 200 and counts them).
 * --traced-variants: more traced instances, each with these OTEL_* variables too.
 * --no-untraced: not the untraced instance (e.g. to run each instance in a process of its own, in parallel:
 * the counts do not depend on what else runs).
 * JIT-compiled code counts too (it runs under --smc-check=all-non-file); the figures are of Valgrind's
 * simulated CPU, so compare them with each other, not with CPU time.
 */
const { spawn, spawnSync } = require('node:child_process');
const { readdirSync, readFileSync, rmSync } = require('node:fs');
const path = require('node:path');
const autocannon = require('autocannon');
const { environment, prepare, requests: scenarios } = require('../fixtures/api');
const { option: argument, flag } = require('../harness/args');
const { freePort } = require('../harness/ports');
const { root } = require('../harness/processes');
const { progress, median } = require('../harness/report');
const { startTraceSink } = require('../harness/trace-sink');

const settings = {
  only: argument('scenario') ?? 'ticket list, 10 rows, JSON',
  requests: Number(argument('requests') ?? 300),
  segments: Number(argument('segments') ?? 5),
  warmUp: Number(argument('warm-up') ?? 3000),
  api: path.resolve(root, argument('api') ?? 'dist/apps/api/main.js'),
  traced: flag('traced'),
  untraced: !flag('no-untraced'),
  variants: (argument('traced-variants') ?? '')
    .split(';')
    .filter((text) => text.trim() !== '')
    .map((text) => Object.fromEntries(text.trim().split(/\s+/).map((pair) => [pair.slice(0, pair.indexOf('=')), pair.slice(pair.indexOf('=') + 1)]))),
};

const sleep = (ms) => new Promise((done) => setTimeout(done, ms));

async function startUnderCallgrind(name, env, scratch) {
  const out = path.join(scratch, `callgrind.${name.replace(/\W+/g, '-')}`);
  const child = spawn(
    'valgrind',
    ['--tool=callgrind', '--instr-atstart=no', '--smc-check=all-non-file', '--dump-instr=no', '--dump-line=no', `--callgrind-out-file=${out}`, process.execPath, settings.api],
    { env, stdio: ['ignore', 'ignore', 'ignore'] },
  );
  const url = `http://127.0.0.1:${env.PORT}`;
  for (let i = 0; i < 1200; i++) {
    if (child.exitCode !== null) break;
    if (await fetch(`${url}/health/ready`).then((r) => r.ok, () => false)) return { name, child, url, out };
    await sleep(1000);
  }
  child.kill();
  throw new Error(`${name} did not start under valgrind`);
}

/** Runs `callgrind_control` on the server; a /health request meanwhile wakes the process should it wait in epoll. */
async function control(server, option) {
  const run = new Promise((done, fail) => {
    const child = spawn('callgrind_control', [option, String(server.child.pid)], { stdio: 'ignore' });
    child.on('exit', (code) => (code === 0 ? done() : fail(new Error(`callgrind_control ${option}: ${code}`))));
  });
  let finished = false;
  run.finally(() => (finished = true)).catch(() => {});
  while (!finished) {
    await fetch(`${server.url}/health/live`).catch(() => {});
    await sleep(200);
  }
  await run;
}

/** Instructions in the newest dump of the server. */
function lastDump(server) {
  const directory = path.dirname(server.out);
  const base = path.basename(server.out);
  const dumps = readdirSync(directory)
    .filter((file) => file.startsWith(`${base}.`) && /\.\d+$/.test(file))
    .sort((a, b) => Number(a.split('.').at(-1)) - Number(b.split('.').at(-1)));
  const text = readFileSync(path.join(directory, dumps.at(-1)), 'utf8');
  const match = /^(?:summary|totals):\s*(\d+)/m.exec(text);
  if (match === null) throw new Error(`no totals in ${dumps.at(-1)}`);
  return Number(match[1]);
}

async function send(server, scenario, amount) {
  const result = await autocannon({ url: `${server.url}${scenario.path}`, connections: 1, amount, timeout: 120, headers: { ...scenario.headers, ...scenario.apiHeaders } });
  if (result.non2xx > 0 || result.errors > 0) throw new Error(`${server.name}: ${result.non2xx} non-2xx, ${result.errors} errors`);
}

async function measure(server, scenario) {
  progress(`${server.name}: warm-up (${settings.warmUp} requests)`);
  await send(server, scenario, settings.warmUp);
  await control(server, '--instr=on');
  await control(server, '--zero');
  const perRequest = [];
  for (let segment = 0; segment < settings.segments; segment++) {
    await send(server, scenario, settings.requests);
    await control(server, '--dump');
    perRequest.push(lastDump(server) / settings.requests);
    progress(`${server.name}: segment ${segment + 1}: ${Math.round(perRequest.at(-1))} instructions a request`);
  }
  return perRequest;
}

async function main() {
  if (spawnSync('valgrind', ['--version']).status !== 0) throw new Error('valgrind is missing');
  const { scratch, env } = environment();
  let traces = null;
  const running = [];
  try {
    const { customers, headers } = prepare(env, scratch);
    const scenario = scenarios(headers, customers).find((s) => s.name.includes(settings.only));
    if (scenario === undefined) throw new Error(`no scenario ${settings.only}`);
    traces = settings.traced || settings.variants.length > 0 ? await startTraceSink() : null;
    const instances = settings.untraced ? [{ name: 'untraced', env: {} }] : [];
    if (settings.traced) instances.push({ name: 'traced', env: { OTEL_EXPORTER_OTLP_ENDPOINT: traces.url } });
    for (const variant of settings.variants) {
      instances.push({ name: `traced ${Object.entries(variant).map(([k, v]) => `${k}=${v}`).join(' ')}`, env: { OTEL_EXPORTER_OTLP_ENDPOINT: traces.url, ...variant } });
    }
    const rows = [];
    for (const instance of instances) {
      progress(`${instance.name}: starting under callgrind`);
      const server = await startUnderCallgrind(instance.name, { ...env, PORT: String(await freePort()), ...instance.env }, scratch);
      running.push(server);
      const perRequest = await measure(server, scenario);
      server.child.kill('SIGTERM');
      await new Promise((done) => (server.child.exitCode !== null ? done() : server.child.once('exit', done)));
      const mean = perRequest.reduce((sum, value) => sum + value, 0) / perRequest.length;
      rows.push({ name: instance.name, mean, perRequest: median(perRequest), low: Math.min(...perRequest), high: Math.max(...perRequest) });
    }
    const untraced = settings.untraced ? rows[0] : { mean: NaN, perRequest: NaN };
    if (traces !== null) progress(`trace receiver: ${traces.sink.exports} exports, ${(traces.sink.bytes / 1e6).toFixed(2)} MB`);
    process.stdout.write(
      [
        `Instructions per request (callgrind), ${scenario.name}, ${settings.segments} segments of ${settings.requests} requests after ${settings.warmUp} warm-up requests: all counted over all requests (a major collection included), the median segment, the lowest and highest; ratios over the untraced instance's`,
        '',
        '| instance | instructions per request | ratio | median segment | ratio | segments |',
        '|---|---:|---:|---:|---:|---:|',
        ...rows.map((row) => {
          const thousands = (value) => `${Math.round(value / 1000).toLocaleString('en-US')} k`;
          return `| ${row.name} | ${thousands(row.mean)} | ${(row.mean / untraced.mean).toFixed(3)} | ${thousands(row.perRequest)} | ${(row.perRequest / untraced.perRequest).toFixed(3)} | ${thousands(row.low)}-${thousands(row.high)} |`;
        }),
        '',
      ].join('\n'),
    );
  } finally {
    for (const server of running) if (server.child.exitCode === null) server.child.kill('SIGKILL');
    traces?.close();
    rmSync(scratch, { recursive: true, force: true });
  }
}

main().catch((error) => {
  process.stderr.write(`instructions-per-request failed: ${error.message}\n`);
  process.exit(1);
});
