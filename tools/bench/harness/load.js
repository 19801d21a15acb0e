/*
 * One autocannon round against one server, with what the round cost the server: the whole
 * process's CPU per request (every thread, user + system) and how busy the servers' core was.
 */
const autocannon = require('autocannon');
const { busyShare, cpuTicks, processCpu } = require('./proc');
const { SERVER_CPU } = require('./processes');

/**
 * `request`: { name, path, method?, body?, headers, apiHeaders? (Curbside's only), expectStatus? }; the round's load is
 * `seconds` long, or `amount` requests.
 * Fails on any unexpected status, error or timeout. Returns req/s, p50/p99 ms, requests, the
 * process's CPU µs per request (and its main thread's), its share of a core and the core's busy share.
 */
async function round(server, request, { seconds, amount, connections, warmUp = false }) {
  const before = { cpu: processCpu(server.child.pid), core: cpuTicks(SERVER_CPU), at: process.hrtime.bigint() };
  const curbside = server.name.startsWith('curbside');
  const result = await autocannon({
    url: `${server.url}${request.path}`,
    connections,
    // `amount` requests when given (autocannon then ignores the duration), else `seconds` of load.
    ...(amount === undefined ? { duration: seconds } : { amount }),
    headers: { ...request.headers, ...(curbside ? request.apiHeaders : {}) },
    method: request.method ?? 'GET',
    body: request.body,
  });
  // A conditional GET's success is a 304 (autocannon counts it as non-2xx).
  const unexpected = request.expectStatus === 304 && curbside ? result.requests.total - result['3xx'] : result.non2xx;
  const failures = unexpected + result.errors + result.timeouts;
  if (failures > 0) throw new Error(`${request.name} on ${server.name}: ${failures} failed requests (non-2xx ${result.non2xx})`);
  if (result.requests.total === 0 && !warmUp) throw new Error(`${request.name} on ${server.name}: no request finished in ${seconds} s; give it more --seconds`);
  await drained(server);
  const after = { cpu: processCpu(server.child.pid), core: cpuTicks(SERVER_CPU), at: process.hrtime.bigint() };
  const requests = Math.max(1, result.requests.total);
  const wallMs = Number(after.at - before.at) / 1e6;
  return {
    rps: result.requests.total / result.duration,
    p50: result.latency.p50,
    p99: result.latency.p99,
    requests: result.requests.total,
    cpuUs: ((after.cpu.ms - before.cpu.ms) * 1000) / requests,
    mainThreadUs: ((after.cpu.mainThreadMs - before.cpu.mainThreadMs) * 1000) / requests,
    processBusy: (after.cpu.ms - before.cpu.ms) / wallMs,
    coreBusy: busyShare(before.core, after.core),
  };
}

/**
 * Waits until the server has finished the requests autocannon left behind when it stopped (a
 * slow list can keep a server busy for seconds), so they do not slow the next round down.
 */
async function drained(server) {
  for (let i = 0; i < 600; i++) {
    const started = Date.now();
    if (await fetch(`${server.url}/health/ready`).then((r) => r.ok, () => false)) if (Date.now() - started < 50) return;
    await new Promise((r) => setTimeout(r, 20));
  }
}

/**
 * Waits (at most `maxMs`) until none of `servers` used more than 2 ms of CPU in the last 100 ms: what
 * one server does after its round (a GC, V8's memory reducer) must not fall on the next one's, as
 * they share a core.
 */
async function settled(servers, maxMs = 3000) {
  const started = Date.now();
  let before = servers.map((server) => processCpu(server.child.pid).ms);
  while (Date.now() - started < maxMs) {
    await new Promise((r) => setTimeout(r, 100));
    const now = servers.map((server) => processCpu(server.child.pid).ms);
    if (now.every((ms, i) => ms - before[i] <= 2)) return;
    before = now;
  }
}

/**
 * `amount` requests of `request` to `server` over 10 connections, as fast as it answers (Curbside's own headers to a
 * server named curbside…); fails on any status but 2xx and on any error. The probes' way of sending a fixed load.
 */
async function send(server, request, amount) {
  const headers = { ...request.headers, ...(server.name.startsWith('curbside') ? request.apiHeaders : {}) };
  const result = await autocannon({ url: `${server.url}${request.path}`, connections: 10, amount, headers });
  if (result.non2xx > 0 || result.errors > 0) throw new Error(`${server.name}: ${result.non2xx} non-2xx, ${result.errors} errors on ${request.name}`);
  return result;
}

module.exports = { round, drained, settled, send };
