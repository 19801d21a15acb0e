#!/usr/bin/env node
/*
 * Where the whole process's CPU goes per request — every thread, user and kernel, what a pod is billed for — for
 * the built API and the limit (the independent baseline keeping verified tokens), each run under Linux's
 * `perf record` over the same requests of one bench scenario: cpu-clock samples of every thread of the server,
 * stacks by frame pointer, JavaScript frames named through `node --perf-basic-prof`.
 *
 * Each sample is attributed, and counted as kernel or user time by its leaf:
 *   - on a thread other than the main one, to that thread's kind (V8's helpers: the collector's and the compiler's
 *     work; libuv's pool; the rest by name);
 *   - on the main thread, to the innermost frame that a piece of the request's path recognises (request-pieces.js:
 *     the rules fixed-cost.js applies to the main thread's own profile), where SQLite's library
 *     (better_sqlite3.node) and V8's collector are recognised by their native frames; a sample with no such frame
 *     counts as kernel work under no JavaScript (the event loop's epoll, timers, page faults) or native work under
 *     none (V8's runtime, libuv).
 * The samples are then scaled to the process's CPU per request measured from /proc over the same requests, so that
 * each column sums to it: the difference between the columns is accounted for, piece by piece.
 *
 *   npm run bench -- process-profile [--scenario='10 rows, JSON|ticket detail, JSON'] [--requests=20000]
 *       [--baselines=limit,independent-server] [--frequency=1999] [--unattributed] [--out=tools/bench/results/process-profile]
 *   BENCH_DATABASE_URL=postgres://... for PostgreSQL (the database's own processes are not in the figures)
 *
 * Needs perf (Debian's linux-perf) and the right to profile the server's process (root, or perf_event_paranoid ≤ 1).
 */
const { spawn, spawnSync } = require('node:child_process');
const { mkdirSync, readFileSync, rmSync, writeFileSync } = require('node:fs');
const path = require('node:path');

const { comparedServers, environment, prepare, requests } = require('../fixtures/api');
const { option: argument, flag } = require('../harness/args');
const { send } = require('../harness/load');
const { freePort } = require('../harness/ports');
const { cpuMs } = require('../harness/proc');
const { pinning, startServer } = require('../harness/processes');
const { progress } = require('../harness/report');
const { ORDER, PIECES, matches } = require('./request-pieces');

const settings = {
  only: argument('scenario') ?? '10 rows, JSON|ticket detail, JSON',
  requests: Number(argument('requests') ?? 20000),
  baselines: (argument('baselines') ?? 'limit,independent-server').split(','),
  frequency: Number(argument('frequency') ?? 1999),
  out: path.resolve(argument('out') ?? path.join(__dirname, '../results/process-profile')),
  unattributed: flag('unattributed'),
  keep: flag('keep'),
};

const DRIVER = 'statements: driver (SQLite / pg)';
const COLLECTOR = 'garbage collector';
const KERNEL_ALONE = 'kernel, under no JavaScript frame (epoll, timers, page faults)';
const NATIVE_ALONE = "native, under no JavaScript frame (V8's runtime and compiler, libuv)";
const HELPERS = "V8's helper threads (concurrent marking and sweeping, compiling)";
const POOL = "libuv's pool";
const HEAP = "C heap (malloc and free, under callers not known: libc keeps no frame pointers)";

/** Native frames a piece is known by: SQLite's library, V8's collector, Node's sockets and HTTP parser, the event loop. */
const NATIVE_PIECES = [
  { piece: DRIVER, dso: /better[-_]sqlite3.*\.node$/ },
  { piece: COLLECTOR, symbol: /v8::internal::(Heap::|Scavenger|ScavengerCollector|MarkCompact|MinorMarkSweep|MinorMS|Sweeper|IncrementalMarking|ConcurrentMarking|GCTracer|MemoryAllocator|MarkingVisitor|MainMarkingVisitor|Evacuator|PagedSpace|SemiSpace|NewSpace|LargeObjectSpace)/ },
  { piece: 'Node HTTP server and sockets', symbol: /llhttp|node::http_parser|node::StreamBase|node::LibuvStreamWrap|node::StreamResource|node::TCPWrap|node::ConnectionWrap|uv__read|uv__write|uv__stream_io|uv__server_io|uv_try_write|^(read|writev|write|accept4|__libc_read|__writev)$/ },
  { piece: 'event loop, microtasks, timers', symbol: /uv__io_poll|^epoll_wait$|uv__run_timers|uv__run_check|node::Environment::CheckImmediate|node::InternalCallbackScope|Builtins_(RunMicrotasks|PromiseFulfillReactionJob|ResolvePromise|FulfillPromise|EnqueueMicrotask|AsyncFunctionAwait\w*|ResumeGeneratorTrampoline|PerformPromiseThen)/ },
];
const MALLOC = /^(_int_malloc|malloc|_int_free|cfree(@.*)?|free|malloc_consolidate|unlink_chunk.*|__libc_malloc|realloc|_int_realloc|calloc|tcache_\w+|__GI___libc_free)$/;

/** A thread's kind from its name (/proc's comm, at most 15 characters). */
function threadKind(comm) {
  if (/V8Worker|^V8 |DefaultWorke/.test(comm)) return HELPERS;
  if (/libuv-worker/.test(comm)) return POOL;
  return `thread "${comm}"`;
}

/**
 * The JavaScript functions of a perf map (`/tmp/perf-<pid>.map`: `start size name`, in the order V8 made the code).
 * The collector frees code and its addresses are used again, so an address can lie in several entries: the one
 * made last is the code that ran (perf itself takes the first, which names start-up code for hot functions).
 */
class JitSymbols {
  constructor(file) {
    this.entries = readFileSync(file, 'utf8')
      .split('\n')
      .filter(Boolean)
      .map((line, made) => {
        const [start, size] = line.split(' ', 2);
        return { start: parseInt(start, 16), end: parseInt(start, 16) + parseInt(size, 16), name: line.slice(start.length + size.length + 2), made };
      })
      .sort((a, b) => a.start - b.start);
  }

  /** The name of the code made last that covers `address`, or null. */
  at(address) {
    let [low, high] = [0, this.entries.length - 1];
    while (low < high) {
      const middle = Math.ceil((low + high) / 2);
      if (this.entries[middle].start <= address) low = middle;
      else high = middle - 1;
    }
    let found = null;
    // Code objects are small: an entry that starts further back than this does not reach the address.
    for (let i = low; i >= 0 && i > low - 256; i--) {
      const entry = this.entries[i];
      if (entry.start <= address && address < entry.end && (found === null || entry.made > found.made)) found = entry;
    }
    return found?.name ?? null;
  }
}

/** A frame of perf's output as request-pieces.js reads frames: a JavaScript one named by the perf map, or native. */
function frameOf(address, symbol, dso, jit) {
  const name = dso.endsWith('.map') ? (jit(dso)?.at(address) ?? symbol) : symbol;
  const js = /^JS:[~*^+]?(.*?) ?(\S+):(\d+):(\d+)$/.exec(name);
  if (js !== null) {
    const url = js[2].startsWith('/') ? `file://${js[2]}` : js[2];
    return { functionName: js[1], url, lineNumber: Number(js[3]) - 1, symbol: name, dso };
  }
  return { functionName: name, url: '', lineNumber: -1, symbol: name, dso };
}

const isKernel = (frame) => frame.dso === '[kernel.kallsyms]' || frame.dso.startsWith('[kernel');

/** The piece of a main-thread sample: the innermost frame a rule recognises, else kernel or native under none. */
function mainThreadPiece(frames) {
  for (const frame of frames) {
    const native = NATIVE_PIECES.find((rule) => (rule.dso ? rule.dso.test(frame.dso) : rule.symbol.test(frame.symbol)));
    if (native !== undefined) return native.piece;
    const rule = PIECES.find((candidate) => matches(candidate, frame));
    if (rule !== undefined) return rule.piece;
  }
  if (frames.length > 0 && isKernel(frames[0])) return KERNEL_ALONE;
  return frames.length > 0 && MALLOC.test(frames[0].symbol) ? HEAP : NATIVE_ALONE;
}

/**
 * perf script's samples: a header line per sample (`comm tid`), then one line per frame, leaf first
 * (`ip symbol (dso)`), then a blank line.
 */
function* samplesOf(text) {
  const maps = new Map();
  const jit = (file) => {
    if (!maps.has(file)) maps.set(file, new JitSymbols(file));
    return maps.get(file);
  };
  let sample = null;
  for (const line of text.split('\n')) {
    if (line.trim() === '') {
      if (sample !== null) yield sample;
      sample = null;
    } else if (!/^\s/.test(line)) {
      const header = /^\s*(.*?)\s+(\d+)\s*$/.exec(line);
      sample = { comm: header?.[1] ?? '?', tid: Number(header?.[2] ?? -1), frames: [] };
    } else if (sample !== null) {
      const frame = /^\s*([0-9a-f]+) (.*) \((.*)\)$/.exec(line);
      if (frame !== null) sample.frames.push(frameOf(parseInt(frame[1], 16), frame[2], frame[3], jit));
    }
  }
  if (sample !== null) yield sample;
}

/** Samples per piece (all and kernel) of one recording, and the unattributed leaves. */
function attribute(text, pid) {
  const [pieces, kernel, leaves] = [new Map(), new Map(), new Map()];
  const add = (map, key, value = 1) => map.set(key, (map.get(key) ?? 0) + value);
  let total = 0;
  for (const { comm, tid, frames } of samplesOf(text)) {
    const piece = tid === pid ? mainThreadPiece(frames) : threadKind(comm);
    total++;
    add(pieces, piece);
    if (frames.length > 0 && isKernel(frames[0])) add(kernel, piece);
    if (piece === KERNEL_ALONE || piece === NATIVE_ALONE || piece === HEAP) add(leaves, `${piece === KERNEL_ALONE ? 'kernel' : 'native'}: ${frames.slice(0, 4).map((f) => f.symbol).join(' < ')}`);
  }
  return { pieces, kernel, leaves, total };
}

/** perf record on every thread of `pid` until `stop` is called (it resolves once perf has written its file). */
function record(pid, file) {
  const perf = spawn('perf', ['record', '--quiet', '-e', 'cpu-clock', '-F', String(settings.frequency), '-g', '-p', String(pid), '-o', file], { stdio: ['ignore', 'ignore', 'pipe'] });
  let errors = '';
  perf.stderr.on('data', (chunk) => (errors += chunk));
  const exited = new Promise((done) => perf.once('exit', (code, signal) => done({ code, signal })));
  return {
    started: new Promise((done) => setTimeout(done, 1000)),
    async stop() {
      perf.kill('SIGINT');
      const { code, signal } = await exited;
      if (code !== 0 && signal !== 'SIGINT') throw new Error(`perf record exited with ${code ?? signal}: ${errors.trim()}`);
    },
  };
}

/** One server profiled over `requests` requests of the scenario, after a warm-up of a tenth as many. */
async function profiled(pin, name, script, env, scenario, directory) {
  mkdirSync(directory, { recursive: true });
  const server = await startServer(name, pin, script, { ...env, PORT: String(await freePort()) }, ['--perf-basic-prof', '--interpreted-frames-native-stack']);
  const pid = server.child.pid;
  const data = path.join(directory, `${name}.perf.data`);
  try {
    await send(server, scenario, Math.max(200, Math.ceil(settings.requests / 10)));
    const recording = record(pid, data);
    await recording.started;
    const before = cpuMs(pid);
    await send(server, scenario, settings.requests);
    const processCpu = ((cpuMs(pid) - before) * 1000) / settings.requests;
    await recording.stop();
    const script = spawnSync('perf', ['script', '-i', data, '-F', 'comm,tid,ip,sym,dso'], { encoding: 'utf8', maxBuffer: 2 ** 31 - 1 });
    if (script.status !== 0) throw new Error(`perf script: ${script.stderr}`);
    return { name, requests: settings.requests, processCpu, attribution: attribute(script.stdout, pid) };
  } finally {
    await new Promise((done) => (server.child.exitCode !== null ? done() : server.child.once('exit', done).kill('SIGTERM')));
    if (!settings.keep) {
      rmSync(`/tmp/perf-${pid}.map`, { force: true });
      rmSync(data, { force: true });
    }
  }
}

/** The rows in the order a request meets them, then what runs beside it. */
const ROWS = [...ORDER.filter((piece) => piece !== 'other'), KERNEL_ALONE, HEAP, NATIVE_ALONE, HELPERS, POOL];

function table(scenario, results) {
  const [api, limit] = results;
  // µs per request of a piece: its share of the recording's samples times the process's CPU per request.
  const us = (result, piece, map = result.attribution.pieces) => ((map.get(piece) ?? 0) / result.attribution.total) * result.processCpu;
  const pieces = [...new Set([...ROWS, ...results.flatMap((result) => [...result.attribution.pieces.keys()])])];
  const rows = pieces
    .filter((piece) => results.some((result) => us(result, piece) >= 0.5))
    .map((piece) => {
      const cells = results.map((result) => `${us(result, piece).toFixed(0)} (${us(result, piece, result.attribution.kernel).toFixed(0)})`);
      return `| ${piece} | ${cells.join(' | ')} | ${(us(api, piece) - us(limit, piece)).toFixed(0)} |`;
    });
  const names = results.map((result) => result.name);
  const kernelTotal = (result) => [...result.attribution.kernel.values()].reduce((a, b) => a + b, 0);
  return [
    `### ${scenario.name}`,
    '',
    `${api.requests} requests each, 10 connections; µs of process CPU per request (every thread, user + kernel; in brackets the kernel's part), from perf's samples (${settings.frequency} Hz) scaled to /proc's CPU over the same requests`,
    '',
    `| piece | ${names.map((n) => `${n} µs (kernel)`).join(' | ')} | ${api.name} − ${limit.name} µs |`,
    `|---|${names.map(() => '---:').join('|')}|---:|`,
    ...rows,
    `| **process CPU per request (/proc)** | ${results.map((r) => `**${r.processCpu.toFixed(0)}** (${((kernelTotal(r) / r.attribution.total) * r.processCpu).toFixed(0)})`).join(' | ')} | **${(api.processCpu - limit.processCpu).toFixed(0)}** |`,
    `| perf samples (their CPU over /proc's) | ${results.map((r) => `${r.attribution.total} (${((r.attribution.total / settings.frequency / (r.processCpu * r.requests)) * 1e6).toFixed(2)})`).join(' | ')} | |`,
    `| CPU ratio against ${api.name} (side's µs over ${api.name}'s) | ${results.map((r) => (r.processCpu ? r.processCpu / api.processCpu : 0).toFixed(2)).join(' | ')} | |`,
    '',
    ...(settings.unattributed ? unattributed(results) : []),
  ].join('\n');
}

function unattributed(results) {
  return results.flatMap((result) => [
    `Samples under no JavaScript frame, ${result.name} (µs per request, leaf first):`,
    ...[...result.attribution.leaves]
      .sort((a, b) => b[1] - a[1])
      .slice(0, 15)
      .map(([leaf, count]) => `- ${((count / result.attribution.total) * result.processCpu).toFixed(1)} ${leaf}`),
    '',
  ]);
}

async function main() {
  if (spawnSync('perf', ['--version']).status !== 0) throw new Error("perf is not installed (Debian's linux-perf)");
  const pin = pinning();
  const { scratch, env } = environment();
  if (!settings.keep) rmSync(settings.out, { recursive: true, force: true });
  try {
    const { customers, headers } = prepare(env, scratch);
    const servers = comparedServers(settings.baselines);
    const chosen = requests(headers, customers).filter((s) => !s.curbsideOnly && new RegExp(settings.only).test(s.name));
    const tables = [];
    for (const scenario of chosen) {
      const results = [];
      for (const [name, script, own] of servers) {
        progress(`${scenario.name}: ${name} under perf record`);
        results.push(await profiled(pin, name, script, { ...env, ...own }, scenario, path.join(settings.out, scenario.name.replace(/[^a-z0-9]+/gi, '-'))));
      }
      tables.push(table(scenario, results));
      process.stdout.write(`${tables.at(-1)}\n`);
    }
    mkdirSync(settings.out, { recursive: true });
    writeFileSync(path.join(settings.out, 'tables.md'), `${tables.join('\n\n')}\n`);
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
  progress(`tables in ${path.join(settings.out, 'tables.md')}`);
}

main().catch((error) => {
  process.stderr.write(`process-profile failed: ${error.stack}\n`);
  process.exit(1);
});
