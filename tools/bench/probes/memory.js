#!/usr/bin/env node
/*
 * Where a server's memory goes: the built API and the scratch baseline, each started with
 * memory-probe.js preloaded, on the bench's data. For each, a snapshot at start (ready, idle) and after each
 * load phase (the 10-row list, the 1,000-row list, its XML; autocannon, 10 connections): RSS and its peak
 * (VmHWM), the V8 heap by space (committed / used), external and array buffers, resident memory by mapping
 * (anonymous: V8 heap + malloc; the node binary's code; each addon), and the packages whose loading grew RSS most.
 *
 * Then each server's RSS at start and its peak against the first baseline's: by default
 * memory-bare-server.js (Fastify + the driver + jose, nothing of Curbside's), then any independent baseline in
 * baseline/ (independent-*.js), then the scratch server.
 *
 *   npm run bench -- memory [--seconds=5] [--apis=dist/apps/api/main.js,/other/dist/apps/api/main.js]
 *       [--api-flags=';--max-semi-space-size=2'] [--baselines=tools/bench/probes/memory-bare-server.js,...] [--json=file]
 *   (--api-flags: node flags per run of each API, `;` between runs; the baselines run without)
 *   BENCH_DATABASE_URL=postgres://... for PostgreSQL (a database of its own, which it fills)
 */
const { readdirSync, readFileSync, rmSync, writeFileSync } = require('node:fs');
const path = require('node:path');
const autocannon = require('autocannon');
const { environment, prepare, requests: scenarios } = require('../fixtures/api');
const { option: argument } = require('../harness/args');
const { freePort } = require('../harness/ports');
const { root, pinning, probeReport, startServer } = require('../harness/processes');
const { progress } = require('../harness/report');

const settings = {
  seconds: Number(argument('seconds') ?? 5),
  apis: (argument('apis') ?? 'dist/apps/api/main.js').split(',').map((file) => path.resolve(root, file)),
  apiFlags: (argument('api-flags') ?? '').split(';').map((flags) => flags.split(' ').filter(Boolean)),
  json: argument('json'),
  baselines: (
    argument('baselines')?.split(',') ?? [
      'tools/bench/probes/memory-bare-server.js',
      ...readdirSync(path.join(__dirname, '../baseline'))
        .filter((file) => /^independent-.*\.js$/.test(file))
        .map((file) => `tools/bench/baseline/${file}`),
    ]
  ).map((file) => path.resolve(root, file)),
};
const PHASES = ['ticket list, 10 rows, JSON', 'ticket list, 1,000 rows, JSON', 'ticket list, 1,000 rows, XML'];
const MiB = (bytes) => (bytes / 1048576).toFixed(1);

const status = (pid) => readFileSync(`/proc/${pid}/status`, 'utf8');
const statusKiB = (pid, field) => Number(new RegExp(`${field}:\\s+(\\d+)`).exec(status(pid))[1]);

/** The probe's snapshot of the server, with its RSS and peak RSS from /proc. */
async function snapshotOf(server, file) {
  const { pid } = server.child;
  return { ...(await probeReport(server, file)), vmRssKiB: statusKiB(pid, 'VmRSS'), vmHwmKiB: statusKiB(pid, 'VmHWM') };
}

async function phases(server, chosen, file) {
  const snapshots = [{ phase: 'start', ...(await snapshotOf(server, file)) }];
  for (const scenario of chosen) {
    const result = await autocannon({
      url: `${server.url}${scenario.path}`,
      connections: 10,
      duration: settings.seconds,
      headers: { ...scenario.headers, ...(server.name.startsWith('api') ? scenario.apiHeaders : {}) },
    });
    if (result.non2xx > 0 || result.errors > 0) {
      throw new Error(`${server.name} on ${scenario.name}: ${result.non2xx} non-2xx, ${result.errors} errors`);
    }
    snapshots.push({ phase: scenario.name, rps: result.requests.average, p99: result.latency.p99, ...(await snapshotOf(server, file)) });
    progress(
      `${server.name} ${scenario.name}: ${result.requests.average} req/s, RSS ${snapshots.at(-1).vmRssKiB >> 10} MiB, peak ${snapshots.at(-1).vmHwmKiB >> 10} MiB`,
    );
  }
  return snapshots;
}

const space = (snapshot, name) => snapshot.heapSpaces.find((s) => s.space_name === name) ?? { space_size: 0, space_used_size: 0 };

function table(results) {
  const lines = [];
  for (const { server, snapshots } of results) {
    lines.push(
      `\n### ${server}\n`,
      `| MiB | ${snapshots.map((s) => s.phase).join(' | ')} |`,
      `|---|${snapshots.map(() => '---:').join('|')}|`,
    );
    const row = (label, value) => lines.push(`| ${label} | ${snapshots.map(value).join(' | ')} |`);
    row('req/s, p99 ms', (s) => (s.rps === undefined ? '' : `${s.rps.toFixed(0)}, ${s.p99}`));
    row('RSS (VmRSS)', (s) => MiB(s.vmRssKiB * 1024));
    row('peak RSS so far (VmHWM)', (s) => MiB(s.vmHwmKiB * 1024));
    row('V8 heap committed / used', (s) => `${MiB(s.heap.total_heap_size)} / ${MiB(s.heap.used_heap_size)}`);
    for (const name of [
      'new_space',
      'old_space',
      'code_space',
      'map_space',
      'large_object_space',
      'code_large_object_space',
      'new_large_object_space',
      'read_only_space',
    ]) {
      row(`  ${name} committed / used`, (s) => `${MiB(space(s, name).space_size)} / ${MiB(space(s, name).space_used_size)}`);
    }
    row('V8 malloced (zone, compiler)', (s) => MiB(s.heap.malloced_memory));
    if (snapshots[0].live !== undefined)
      row(
        'after a full GC (--expose-gc): RSS / V8 heap committed / used',
        (s) => `${MiB(s.live.memoryUsage.rss)} / ${MiB(s.live.heap.total_heap_size)} / ${MiB(s.live.heap.used_heap_size)}`,
      );
    row('external / of it array buffers', (s) => `${MiB(s.memoryUsage.external)} / ${MiB(s.memoryUsage.arrayBuffers)}`);
    const mappingNames = [...new Set(snapshots.flatMap((s) => Object.keys(s.mappingsKiB)))]
      .filter((name) => snapshots.some((s) => (s.mappingsKiB[name] ?? 0) >= 512))
      .sort((a, b) => (snapshots[0].mappingsKiB[b] ?? 0) - (snapshots[0].mappingsKiB[a] ?? 0));
    for (const name of mappingNames) row(`resident: ${name}`, (s) => MiB((s.mappingsKiB[name] ?? 0) * 1024));
    row('modules loaded', (s) => s.moduleCount);
  }
  for (const { server, snapshots } of results) {
    const modules = Object.entries(snapshots[0].modules).slice(0, 25);
    const total = Object.values(snapshots[0].modules).reduce((sum, m) => sum + m.rssBytes, 0);
    lines.push(
      `\n#### ${server}: RSS grown while loading, by package (own growth, the top 25 of ${MiB(total)} MiB)\n`,
      '| package | modules | RSS MiB | V8 heap used MiB |',
      '|---|---:|---:|---:|',
    );
    for (const [name, m] of modules) lines.push(`| ${name} | ${m.modules} | ${MiB(m.rssBytes)} | ${MiB(m.heapBytes)} |`);
  }
  return `${lines.join('\n')}\n`;
}

/** RSS at start and the peak through the phases, each server's against the first baseline's. */
function ratios(results) {
  const startOf = ({ snapshots }) => snapshots[0].vmRssKiB;
  const peakOf = ({ snapshots }) => Math.max(...snapshots.map((s) => s.vmHwmKiB));
  const [bare] = results;
  const lines = [
    `\n### RSS against ${bare.server.trim()}\n`,
    '| server | RSS at start MiB | ratio | peak RSS MiB | ratio | modules at start |',
    '|---|---:|---:|---:|---:|---:|',
  ];
  for (const result of results) {
    const [start, peak] = [startOf(result), peakOf(result)];
    lines.push(
      `| ${result.server.trim()} | ${MiB(start * 1024)} | ${(start / startOf(bare)).toFixed(2)} | ${MiB(peak * 1024)} | ${(peak / peakOf(bare)).toFixed(2)} | ${result.snapshots[0].moduleCount} |`,
    );
  }
  return `${lines.join('\n')}\n`;
}

/** One server started with the probe preloaded, its snapshots through the phases, then stopped. */
async function measured({ name, script, flags }, { pin, env, scratch, chosen }) {
  const file = path.join(scratch, `${name.replace(' ', '-')}.memory.json`);
  const probe = ['--require', path.join(__dirname, 'memory-probe.js')];
  const server = await startServer(name, pin, script, { ...env, PORT: String(await freePort()), MEMORY_PROBE_FILE: file }, [
    ...probe,
    ...flags,
  ]);
  try {
    await new Promise((r) => setTimeout(r, 1000));
    return { server: `${name}: ${path.relative(root, script)} ${flags.join(' ')}`, snapshots: await phases(server, chosen, file) };
  } finally {
    server.child.kill('SIGTERM');
  }
}

async function main() {
  const { scratch, env } = environment();
  try {
    const { customers, headers } = prepare(env, scratch);
    const run = {
      pin: pinning(),
      env,
      scratch,
      chosen: PHASES.map((name) => scenarios(headers, customers).find((s) => s.name.startsWith(name))),
    };
    const apis = settings.apis.flatMap((script) => settings.apiFlags.map((flags) => ({ script, flags })));
    const candidates = [
      ...settings.baselines.map((script) => ({ name: path.basename(script, '.js'), script, flags: [] })),
      ...apis.map((api, index) => ({ name: `api ${index + 1}`, ...api })),
    ];
    const results = [];
    for (const candidate of candidates) results.push(await measured(candidate, run));
    if (settings.json) writeFileSync(settings.json, JSON.stringify(results, null, 2));
    process.stdout.write(table(results) + ratios(results));
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
}

main().catch((error) => {
  process.stderr.write(`memory failed: ${error.message}\n`);
  process.exit(1);
});
