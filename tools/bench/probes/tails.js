#!/usr/bin/env node
/*
 * Where the p99 goes: the built API and the independent baseline, each with gc-probe.js
 * preloaded, under the same load in alternating rounds (autocannon, 10 connections, servers pinned to CPU 0
 * and the load to CPU 1, as the api scenario does). Per server and scenario, the latency percentiles beside the
 * garbage collector's main-thread pauses in the same rounds: how many of each kind, their total and their
 * largest, and how many requests a second run into one (each pause delays every request queued behind it).
 * If the API's p99 over its p50 exceeds the baseline's by about its pauses, the tail is the collector's.
 *
 *   npm run bench -- tails [--scenario='ticket list, 10 rows, JSON|…'] [--seconds=5] [--rounds=3]
 *       [--api-flags=';--max-semi-space-size=8']   (node flags per API instance, `;` between instances)
 *   BENCH_DATABASE_URL=postgres://... for PostgreSQL
 */
const { rmSync } = require('node:fs');
const path = require('node:path');
const autocannon = require('autocannon');
const { environment, prepare, requests: scenarios } = require('../fixtures/api');
const { option: argument } = require('../harness/args');
const { freePort } = require('../harness/ports');
const { root, pinning, probeReport, startServer } = require('../harness/processes');
const { progress, median } = require('../harness/report');
const settings = {
  only: argument('scenario') ?? 'ticket list, 10 rows, JSON|ticket list with fromDate=2026-01-01&toDate=2026-12-31, 10 rows, JSON|ticket detail, JSON',
  seconds: Number(argument('seconds') ?? 5),
  rounds: Number(argument('rounds') ?? 3),
  apiFlags: (argument('api-flags') ?? '').split(';').map((flags) => flags.split(' ').filter(Boolean)),
};

async function start(name, script, flags, { pin, env, scratch }) {
  const file = path.join(scratch, `${name.replace(/\W+/g, '-')}.gc.json`);
  const server = await startServer(name, pin, script, { ...env, PORT: String(await freePort()), GC_PROBE_FILE: file }, [
    '--require',
    path.join(__dirname, 'gc-probe.js'),
    ...flags,
  ]);
  return { ...server, file };
}

async function round(server, scenario, seconds = settings.seconds) {
  await probeReport(server, server.file); // forgets the pauses so far
  const instance = autocannon({
    url: `${server.url}${scenario.path}`,
    connections: 10,
    duration: seconds,
    headers: { ...scenario.headers, ...(server.name.startsWith('api') ? scenario.apiHeaders : {}) },
  });
  // Each response's time to the µs (autocannon's own percentiles are whole milliseconds: 2 against 4 ms is noise).
  const times = [];
  instance.on('response', (_client, _status, _bytes, ms) => times.push(ms));
  const result = await instance;
  if (result.non2xx > 0 || result.errors > 0) throw new Error(`${server.name} on ${scenario.name}: ${result.non2xx} non-2xx, ${result.errors} errors`);
  const pauses = await probeReport(server, server.file);
  times.sort((a, b) => a - b);
  const at = (share) => times[Math.min(times.length - 1, Math.floor(share * times.length))];
  return { requests: times.length, seconds, p50: at(0.5), p99: at(0.99), max: times.at(-1), pauses };
}

function summary(rounds) {
  const pauses = rounds.flatMap((r) => r.pauses);
  const seconds = rounds.reduce((sum, r) => sum + r.seconds, 0);
  const byKind = {};
  for (const { kind, ms } of pauses) (byKind[kind] ??= []).push(ms);
  const kinds = Object.entries(byKind)
    .map(([kind, ms]) => `${kind} ${(ms.length / seconds).toFixed(1)}/s, ${median(ms).toFixed(2)} / ${Math.max(...ms).toFixed(2)} ms`)
    .join('; ');
  const pausedMs = pauses.reduce((sum, p) => sum + p.ms, 0);
  return {
    rps: median(rounds.map((r) => r.requests / r.seconds)),
    p50: median(rounds.map((r) => r.p50)),
    p99: median(rounds.map((r) => r.p99)),
    max: Math.max(...rounds.map((r) => r.max)),
    paused: `${((pausedMs / (seconds * 1000)) * 100).toFixed(1)} %`,
    kinds,
  };
}

async function main() {
  const { scratch, env } = environment();
  const servers = [];
  try {
    const { customers, headers } = prepare(env, scratch);
    const run = { pin: pinning(), env, scratch };
    const api = path.join(root, 'dist/apps/api/main.js');
    servers.push(await start('independent', path.join(__dirname, '../baseline/independent-server.js'), [], run));
    for (const [index, flags] of settings.apiFlags.entries()) servers.push(await start(`api ${index + 1} ${flags.join(' ')}`.trim(), api, flags, run));
    const chosen = scenarios(headers, customers).filter((s) => settings.only.split('|').includes(s.name));
    const lines = [
      `${settings.rounds} rounds of ${settings.seconds} s, 10 connections, servers alternating; latencies in ms (medians of the rounds, max of all);`,
      'GC: each kind a second, its median / largest main-thread pause; paused: share of the wall time in GC pauses\n',
      '| scenario | server | req/s | p50 | p99 | max | p99 / independent p99 | paused | GC pauses |',
      '|---|---|---:|---:|---:|---:|---:|---:|---|',
    ];
    for (const scenario of chosen) {
      const results = new Map(servers.map((s) => [s, []]));
      for (let r = 0; r < settings.rounds; r++) {
        for (const server of servers) {
          await round(server, scenario, 1); // warm-up, not kept: the first round after a switch pays for tiering
          results.get(server).push(await round(server, scenario));
          progress(`${scenario.name}, round ${r + 1}: ${server.name} p99 ${results.get(server).at(-1).p99.toFixed(2)} ms`);
        }
      }
      const baseline = summary(results.get(servers[0]));
      for (const server of servers) {
        const s = summary(results.get(server));
        lines.push(
          `| ${scenario.name} | ${server.name} | ${s.rps.toFixed(0)} | ${s.p50.toFixed(2)} | ${s.p99.toFixed(2)} | ${s.max.toFixed(1)} | ${(s.p99 / baseline.p99).toFixed(2)} | ${s.paused} | ${s.kinds} |`,
        );
      }
    }
    process.stdout.write(`\n${lines.join('\n')}\n`);
  } finally {
    for (const server of servers) server.child.kill('SIGTERM');
    rmSync(scratch, { recursive: true, force: true });
  }
}

main().catch((error) => {
  process.stderr.write(`tails failed: ${error.message}\n`);
  process.exit(1);
});
