#!/usr/bin/env node
/*
 * Where a request's CPU time goes: the built API under autocannon load with `node --cpu-prof`,
 * one scenario of the bench (`bench.js`) per API process, then the profile summed up by package
 * and by function (self time). The .cpuprofile files are kept for a flame graph (Chrome DevTools,
 * speedscope).
 *
 *   npm run bench -- profile [--seconds=10] [--scenario=detail] [--out=/tmp/profiles] [--traced] [--api=dist/apps/api/main.js]
 *
 * --traced: the API with OpenTelemetry on (the default sampler), its spans exported as OTLP/HTTP to a
 * receiver in this process that answers 200 (where tracing's cost goes).
 */
const { mkdirSync, readdirSync, readFileSync, rmSync } = require('node:fs');
const path = require('node:path');
const autocannon = require('autocannon');
const { environment, prepare, requests: scenarios } = require('../fixtures/api');
const { option: argument, flag } = require('../harness/args');
const { freePort } = require('../harness/ports');
const { root, pinning, startServer } = require('../harness/processes');
const { progress } = require('../harness/report');
const { startTraceSink } = require('../harness/trace-sink');

const seconds = Number(argument('seconds') ?? 10);
const only = argument('scenario');
const out = path.resolve(argument('out') ?? path.join(__dirname, '../results/profiles'));
const traced = flag('traced');
const api = path.resolve(root, argument('api') ?? 'dist/apps/api/main.js');

/** `node_modules/@nestjs/core/…` → `@nestjs/core`; our own code → its dist folder; V8 internals by name. */
function ownerOf(url, functionName) {
  if (url === '') return `(${functionName || 'native'})`;
  const modules = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url);
  if (modules) return modules[1];
  const ours = /\/(apps|libs)\/([^/]+)\//.exec(url);
  if (ours) return `${ours[1]}/${ours[2]}`;
  if (url.startsWith('node:')) return 'node core';
  return url;
}

const IDLE = new Set(['(idle)', '(program)']);
const percent = (n, total) => ((100 * n) / total).toFixed(1);
const labelOf = ({ functionName, url, lineNumber }) =>
  `${functionName || '(anonymous)'}${url ? ` ${path.relative(root, url.replace('file://', ''))}:${lineNumber + 1}` : ''}`;

/**
 * The samples taken while requests were served (from the first request on: start-up is left out),
 * without idle time; each as its stack, leaf first.
 */
function busyStacks(profile) {
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const parent = new Map();
  for (const node of profile.nodes) for (const child of node.children ?? []) parent.set(child, node);
  const stack = (id) => {
    const frames = [];
    for (let node = byId.get(id); node; node = parent.get(node.id)) frames.push(node.callFrame);
    return frames;
  };
  const stacks = profile.samples.map(stack);
  const first = stacks.findIndex((frames) => frames.some((f) => f.functionName === 'routeHandler' && f.url.includes('node_modules/fastify/')));
  return stacks.slice(Math.max(0, first)).filter((frames) => !IDLE.has(frames[0].functionName));
}

/** Self time per package and per function, and inclusive time of our own functions, in percent of the busy samples. */
function summarize(file) {
  const stacks = busyStacks(JSON.parse(readFileSync(file, 'utf8')));
  const total = stacks.length;
  const byOwner = new Map();
  const bySelf = new Map();
  const byInclusive = new Map();
  const add = (map, key) => map.set(key, (map.get(key) ?? 0) + 1);
  for (const frames of stacks) {
    add(byOwner, ownerOf(frames[0].url, frames[0].functionName));
    add(bySelf, labelOf(frames[0]));
    const seen = new Set(frames.filter((f) => /\/(apps|libs)\//.test(f.url) || /node_modules\/(@opentelemetry|@nestjs|typeorm|jose|class-validator|class-transformer|rxjs|@fastify|fastify|pino|rate-limiter)/.test(f.url)).map(labelOf));
    for (const label of seen) add(byInclusive, label);
  }
  const top = (map, count) =>
    [...map]
      .sort((a, b) => b[1] - a[1])
      .slice(0, count)
      .map(([key, n]) => `| ${key} | ${percent(n, total)} |`);
  return [
    `${total} busy samples`,
    '',
    '| package (self) | % |',
    '|---|---:|',
    ...top(byOwner, 15),
    '',
    '| function (self) | % |',
    '|---|---:|',
    ...top(bySelf, 20),
    '',
    '| function (inclusive) | % |',
    '|---|---:|',
    ...top(byInclusive, 45),
  ].join('\n');
}

async function main() {
  const pin = pinning();
  const { scratch, env } = environment();
  rmSync(out, { recursive: true, force: true });
  const traces = traced ? await startTraceSink() : null;
  try {
    const { customers, headers } = prepare(env, scratch);
    for (const scenario of scenarios(headers, customers).filter((s) => only === undefined || s.name.includes(only))) {
      const directory = path.join(out, scenario.name.replace(/[^a-z0-9]+/gi, '-'));
      mkdirSync(directory, { recursive: true });
      const tracing = traces === null ? {} : { OTEL_EXPORTER_OTLP_ENDPOINT: traces.url };
      const server = await startServer('curbside', pin, api, { ...env, ...tracing, PORT: String(await freePort()) }, ['--cpu-prof', `--cpu-prof-dir=${directory}`]);
      const result = await autocannon({ url: `${server.url}${scenario.path}`, connections: 10, duration: seconds, method: scenario.method ?? 'GET', body: scenario.body, headers: { ...scenario.headers, ...scenario.apiHeaders } });
      await new Promise((done) => server.child.once('exit', done).kill('SIGTERM'));
      const [file] = readdirSync(directory).filter((name) => name.endsWith('.cpuprofile'));
      process.stdout.write(`\n### ${scenario.name}: ${Math.round(result.requests.average)} req/s, non-2xx ${result.non2xx}\n\n${summarize(path.join(directory, file))}\n`);
    }
    if (traces !== null) progress(`trace receiver: ${traces.sink.exports} exports, ${(traces.sink.bytes / 1e6).toFixed(1)} MB`);
  } finally {
    traces?.close();
    rmSync(scratch, { recursive: true, force: true });
  }
  progress(`profiles in ${out}`);
}

main().catch((error) => {
  process.stderr.write(`profile failed: ${error.message}\n`);
  process.exit(1);
});
