#!/usr/bin/env node
/*
 * The fixed cost of a request, piece by piece: the built API and the bare baseline, each
 * profiled with `node --cpu-prof` over the same fixed number of requests of one bench scenario, and
 * every CPU sample taken during those requests attributed to one piece of the request's path
 * (routing, guards, token, grant, customer, rate limiter, metrics, logging, interceptors,
 * negotiation, ETag, query, mapping, serialization, headers, reply). Prints, per scenario, one
 * table: each piece's µs per request for both servers and its share of the API's CPU, and for each
 * server a flame graph of pieces (`<server>.folded`, ns per request) beside its `.cpuprofile`.
 *
 * How a sample is attributed: its stack is walked from the leaf towards the root, and the first
 * frame that one of PIECES recognizes decides (the innermost piece wins, so a statement the access
 * guard runs is charged to the statements, and the socket write Fastify's onSend chain ends in to
 * Node's HTTP server). Within a piece that runs statements, the self time of the driver-calling frame
 * (TypeORM's `BetterSqlite3QueryRunner.query`, the baseline's statement closure) is split by its
 * line ticks into the driver's native call (`stmt.all`/`stmt.run`: SQLite itself) and the rest.
 * A sample no rule recognizes counts as "other" (their leaves are listed with --unattributed).
 *
 *   npm run bench -- fixed-cost [--scenario='10 rows, JSON|ticket detail, JSON']
 *       [--requests=20000] [--baselines=independent-server,limit] [--out=tools/bench/results/fixed-cost] [--unattributed]
 *   `limit` is the independent baseline keeping verified tokens (KEEP_VERIFIED_TOKENS=1), as the api scenario's limit.
 *   node tools/bench/probes/fixed-cost.js --attribute=<file.cpuprofile>   (shares of one existing profile, from its first request on)
 *   BENCH_DATABASE_URL=postgres://... for PostgreSQL
 */
const { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } = require('node:fs');
const path = require('node:path');

const { comparedServers, environment, prepare, requests } = require('../fixtures/api');
const { option: argument, flag } = require('../harness/args');
const { send } = require('../harness/load');
const { freePort } = require('../harness/ports');
const { cpuMs } = require('../harness/proc');
const { pinning, startServer } = require('../harness/processes');
const { progress } = require('../harness/report');
const { PIECES, ORDER, INDEPENDENT, matches, sourceLines, pieceOf } = require('./request-pieces');
const settings = {
  only: argument('scenario') ?? '10 rows, JSON|ticket detail, JSON',
  requests: Number(argument('requests') ?? 20000),
  baselines: (argument('baselines') ?? 'independent-server,limit').split(','),
  out: path.resolve(argument('out') ?? path.join(__dirname, '../results/fixed-cost')),
  unattributed: flag('unattributed'),
};

/** The driver's native call inside the frame that makes it (its self time there is the database's work). */
const DRIVER_CALLS = [
  { url: /typeorm\/driver\/better-sqlite3\/BetterSqlite3QueryRunner\.js$/, name: /^query$/, lines: /stmt\.(all|run|iterate)\(/ },
  { url: INDEPENDENT, source: /return async \(sql, values\) =>/, lines: /statement\.all\(|pool\.query\(/ },
  { url: /libs\/persistence\/.*database\/prepared\.js$/, name: /^sqliteRun$/, lines: /statement\.(all|run)\(/ },
];

const IDLE = new Set(['(idle)']);
/** The samples, each with its stack (leaf first), node and duration in µs (the time to the next sample). */
function samplesOf(profile) {
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const parent = new Map();
  for (const node of profile.nodes) for (const child of node.children ?? []) parent.set(child, node);
  const stacks = new Map();
  const stackOf = (id) => {
    if (!stacks.has(id)) {
      const frames = [];
      for (let node = byId.get(id); node; node = parent.get(node.id)) if (node.callFrame.functionName !== '(root)') frames.push(node.callFrame);
      stacks.set(id, frames);
    }
    return stacks.get(id);
  };
  const samples = [];
  let time = profile.startTime;
  for (let i = 0; i < profile.samples.length; i++) {
    time += profile.timeDeltas[i];
    const duration = profile.timeDeltas[i + 1] ?? 0;
    samples.push({ time, duration, node: byId.get(profile.samples[i]), frames: stackOf(profile.samples[i]) });
  }
  return samples;
}

/** For a driver-calling node: the share of its own ticks on the driver's line (the rest is the wrapper's JS). */
function driverShare(node) {
  const call = DRIVER_CALLS.find((rule) => matches(rule, node.callFrame));
  if (call === undefined || !node.positionTicks?.length) return 0;
  const lines = sourceLines(node.callFrame.url);
  let driver = 0;
  let all = 0;
  for (const { line, ticks } of node.positionTicks) {
    all += ticks;
    if (call.lines.test(lines[line - 1] ?? '')) driver += ticks;
  }
  return all === 0 ? 0 : driver / all;
}

/** A stack as the pieces it passes through, root first, a piece repeated in a row once: a flame graph of pieces. */
function pieceStack(frames) {
  const pieces = [];
  for (let i = frames.length - 1; i >= 0; i--) {
    const piece = PIECES.find((rule) => matches(rule, frames[i]))?.piece;
    if (piece !== undefined && piece !== pieces.at(-1)) pieces.push(piece);
  }
  return pieces;
}

/** Every piece with a frame on the stack, each frame in the first piece that matches it (a piece's inclusive time counts each sample once). */
const piecesOnStack = (frames) => new Set(frames.flatMap((frame) => PIECES.find((rule) => matches(rule, frame))?.piece ?? []));

const STATEMENTS = new Set(['statements: TypeORM runner, turn queue', 'statements: driver (SQLite / pg)']);
/**
 * Which read a statement's sample belongs to, when its stack says. On SQLite a read runs in a turn
 * of its own, so its stack starts at the turn's callback: `selectRaw`'s is the guards' one-statement
 * lookups (the client with its grant, the customer with its version), `inRead`'s the handler's reads.
 * TypeORM's runner awaits before it calls the driver, so a sample taken after that await has only the
 * runner on its stack: its read is not known.
 */
const TURNS = [
  { read: "the guards' lookups (client + grant, customer + version)", url: /libs\/persistence\/.*database\/(transactions|prepared)\.js$/, source: /dataSource\.query\(sql, \[\.\.\.parameters\]\)|sqliteSelect\(dataSource\)\(sql, parameters\)/ },
  { read: "the handler's reads", url: /libs\/persistence\/.*database\/(transactions|prepared)\.js$/, source: /inTurn\(dataSource, async \(\) =>/ },
];
const ownerOf = (frames, onStack) => {
  if (onStack.has('client + grant lookup') || onStack.has('customer + data version lookup')) return TURNS[0].read;
  const turn = TURNS.find((candidate) => frames.some((frame) => matches(candidate, frame)));
  if (turn !== undefined) return turn.read;
  return onStack.has('controller + paging') || onStack.has('query building (SQL text, parameters)') ? TURNS[1].read : 'read not known (the runner resumed after an await)';
};

/**
 * µs spent per piece over the busy samples taken between `from` and `to` (µs of the monotonic clock
 * the profile's timestamps are on; the whole profile when not given): `pieces` (exclusive: each
 * sample in one piece), `inclusive` (each piece with a frame on the stack), `statements` (the
 * statements' µs by the read that ran them, runner and driver apart).
 */
function attribute(profile, from = -Infinity, to = Infinity) {
  const shares = new Map();
  const driverShareOf = (node) => {
    if (!shares.has(node.id)) shares.set(node.id, driverShare(node));
    return shares.get(node.id);
  };
  const [pieces, inclusive, statements, leaves, folded] = [new Map(), new Map(), new Map(), new Map(), new Map()];
  const add = (map, key, value) => map.set(key, (map.get(key) ?? 0) + value);
  let idle = 0;
  for (const { time, duration, node, frames } of samplesOf(profile)) {
    if (time < from || time > to) continue;
    if (frames.length === 0 || IDLE.has(frames[0].functionName)) {
      idle += duration;
      continue;
    }
    const piece = pieceOf(frames);
    const native = driverShareOf(node) * duration;
    const onStack = piecesOnStack(frames);
    if (native > 0) onStack.add('statements: driver (SQLite / pg)');
    for (const each of onStack) add(inclusive, each, each === 'statements: driver (SQLite / pg)' && piece !== each ? native : duration);
    add(pieces, 'statements: driver (SQLite / pg)', native);
    add(pieces, piece, duration - native);
    if (STATEMENTS.has(piece)) {
      const owner = ownerOf(frames, onStack);
      const driver = piece === 'statements: driver (SQLite / pg)' ? duration : native;
      add(statements, `${owner}: runner`, duration - driver);
      add(statements, `${owner}: driver`, driver);
    }
    const stack = pieceStack(frames);
    if (piece !== stack.at(-1)) stack.push(piece);
    add(folded, stack.join(';'), duration - native);
    if (native > 0) add(folded, [...stack, 'statements: driver (SQLite / pg)'].join(';'), native);
    if (piece === 'other') add(leaves, `${frames[0].functionName || '(anonymous)'} ${frames[0].url}:${frames[0].lineNumber + 1}`, duration);
  }
  return { pieces, inclusive, statements, idle, leaves, folded };
}

function table(scenario, results) {
  const [api, ...baselines] = results;
  const busy = (result) => [...result.attribution.pieces.values()].reduce((a, b) => a + b, 0);
  const perRequest = (result, piece) => (result.attribution.pieces.get(piece) ?? 0) / result.requests;
  const apiBusy = busy(api);
  const rows = ORDER.filter((piece) => results.some((result) => result.attribution.pieces.has(piece))).map((piece) => {
    const share = (100 * (api.attribution.pieces.get(piece) ?? 0)) / apiBusy;
    const cells = results.map((result) => perRequest(result, piece).toFixed(0));
    const inclusive = (api.attribution.inclusive.get(piece) ?? 0) / api.requests;
    return `| ${piece} | ${cells.join(' | ')} | ${share.toFixed(1)} % | ${inclusive.toFixed(0)} |`;
  });
  const totals = results.map((result) => (busy(result) / result.requests).toFixed(0));
  const process_ = results.map((result) => result.processCpu.toFixed(0));
  const names = results.map((result) => result.name);
  return [
    `### ${scenario.name}`,
    '',
    `${api.requests} requests each, 10 connections; µs of CPU per request from the main thread's profile (busy samples, sampling interval ~${api.interval.toFixed(0)} µs)`,
    '',
    `| piece | ${names.map((name) => `${name} µs`).join(' | ')} | share of ${api.name} | ${api.name} inclusive µs |`,
    `|---|${names.map(() => '---:').join('|')}|---:|---:|`,
    ...rows,
    `| **main thread, profiled (sum)** | ${totals.join(' | ')} | 100 % |`,
    `| process CPU per request while profiled (/proc: every thread) | ${process_.join(' | ')} | |`,
    `| ratio (baseline µs / ${api.name} µs, main thread) | ${results.map((result) => (busy(result) / result.requests / (apiBusy / api.requests)).toFixed(2)).join(' | ')} | |`,
    `| ratio (baseline µs / ${api.name} µs, process CPU) | ${results.map((result) => (result.processCpu / api.processCpu).toFixed(2)).join(' | ')} | |`,
    '',
    `Statements by the read that ran them, µs per request (runner: TypeORM's query runner and the turn queue, or the baseline's statement cache; driver: the native call)`,
    '',
    `| read | ${names.join(' | ')} |`,
    `|---|${names.map(() => '---:').join('|')}|`,
    ...[...new Set(results.flatMap((result) => [...result.attribution.statements.keys()]))].sort().map((read) => `| ${read} | ${results.map((result) => ((result.attribution.statements.get(read) ?? 0) / result.requests).toFixed(0)).join(' | ')} |`),
    '',
    ...(settings.unattributed ? unattributedLeaves(results) : []),
  ].join('\n');
}

function unattributedLeaves(results) {
  return results.flatMap((result) => [
    `"other" leaves of ${result.name} (µs per request):`,
    ...[...result.attribution.leaves]
      .sort((a, b) => b[1] - a[1])
      .slice(0, 15)
      .map(([leaf, us]) => `- ${(us / result.requests).toFixed(1)} ${leaf}`),
    '',
  ]);
}

const monotonicUs = () => Number(process.hrtime.bigint() / 1000n);

/** One server profiled over `requests` requests of the scenario, after a warm-up of a tenth as many. */
async function profiled(pin, name, script, env, scenario, directory) {
  mkdirSync(directory, { recursive: true });
  // The API exits cleanly on SIGTERM (graceful shutdown); a baseline is made to, so that its profile is written.
  const exitOnSigterm = name === 'curbside' ? [] : ['--require', path.join(__dirname, 'exit-on-sigterm.js')];
  const server = await startServer(name, pin, script, { ...env, PORT: String(await freePort()) }, ['--cpu-prof', `--cpu-prof-dir=${directory}`, ...exitOnSigterm]);
  await send(server, scenario, Math.max(200, Math.ceil(settings.requests / 10)));
  const [cpuBefore, from] = [1000 * cpuMs(server.child.pid), monotonicUs()];
  await send(server, scenario, settings.requests);
  const [cpuAfter, to] = [1000 * cpuMs(server.child.pid), monotonicUs()];
  await new Promise((done) => server.child.once('exit', done).kill('SIGTERM'));
  const [file] = readdirSync(directory).filter((entry) => entry.endsWith('.cpuprofile'));
  const profile = JSON.parse(readFileSync(path.join(directory, file), 'utf8'));
  const interval = (profile.endTime - profile.startTime) / profile.samples.length;
  return { name, requests: settings.requests, interval, attribution: attribute(profile, from, to), processCpu: (cpuAfter - cpuBefore) / settings.requests };
}

/**
 * The flame graph of pieces, in the folded format (`a;b;c µs`, what speedscope and flamegraph.pl
 * read): ns per request on each stack of pieces, so the API's and a baseline's are on one scale.
 */
function writeFolded(file, result) {
  const lines = [...result.attribution.folded]
    .map(([stack, us]) => [stack, Math.round((1000 * us) / result.requests)])
    .filter(([, ns]) => ns > 0)
    .sort((a, b) => b[1] - a[1])
    .map(([stack, ns]) => `${stack.replace(/ /g, '_')} ${ns}`);
  writeFileSync(file, `${lines.join('\n')}\n`);
}

async function main() {
  const pin = pinning();
  const { scratch, env } = environment();
  rmSync(settings.out, { recursive: true, force: true });
  try {
    const { customers, headers } = prepare(env, scratch);
    const servers = comparedServers(settings.baselines);
    const chosen = requests(headers, customers).filter((s) => !s.curbsideOnly && new RegExp(settings.only).test(s.name));
    for (const scenario of chosen) {
      const results = [];
      for (const [name, script, own] of servers) {
        results.push(await profiled(pin, name, script, { ...env, ...own }, scenario, path.join(settings.out, scenario.name.replace(/[^a-z0-9]+/gi, '-'), name)));
      }
      process.stdout.write(`${table(scenario, results)}\n`);
      for (const result of results) writeFolded(path.join(settings.out, scenario.name.replace(/[^a-z0-9]+/gi, '-'), `${result.name}.folded`), result);
    }
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
  progress(`profiles in ${settings.out}`);
}

/** Shares of one profile's pieces, from its first request on (start-up left out, as profile.js does). */
function attributeOne(file) {
  const profile = JSON.parse(readFileSync(file, 'utf8'));
  const firstRequest = samplesOf(profile).find(({ frames }) => frames.some((frame) => frame.functionName === 'routeHandler' && frame.url.includes('node_modules/fastify/')));
  const { pieces, leaves } = attribute(profile, firstRequest?.time);
  const busy = [...pieces.values()].reduce((a, b) => a + b, 0);
  const rows = ORDER.filter((piece) => pieces.has(piece)).map((piece) => `| ${piece} | ${((100 * pieces.get(piece)) / busy).toFixed(1)} % |`);
  process.stdout.write(`${[`| piece | share of ${path.basename(file)} |`, '|---|---:|', ...rows].join('\n')}\n`);
  if (settings.unattributed) for (const [leaf, us] of [...leaves].sort((a, b) => b[1] - a[1]).slice(0, 15)) process.stdout.write(`- ${((100 * us) / busy).toFixed(2)} % ${leaf}\n`);
}

if (argument('attribute') !== undefined) attributeOne(argument('attribute'));
else
  main().catch((error) => {
    process.stderr.write(`fixed-cost failed: ${error.stack}\n`);
    process.exit(1);
  });
