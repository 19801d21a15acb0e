#!/usr/bin/env node
/*
 * The notifier under a fault: during a drain with two notifiers on PostgreSQL,
 * one notifier is killed (SIGKILL) and PostgreSQL is stopped for 10 s, then started again.
 * Checks: every delivery delivered and every Message-ID received (nothing lost), one email
 * activity per delivery, duplicates only as repeated Message-IDs (what a receiver drops), and the
 * drain resumes (a delivery recorded) within the goal's seconds (goals.json) of PostgreSQL accepting
 * connections again.
 *
 *   npm run bench -- notifier-fault [--customers=20000] [--outage-seconds=10]
 *
 * It runs its own PostgreSQL cluster (initdb in a temp dir, on a free port, as the `postgres`
 * user when run as root), so the shared server other work uses is never stopped.
 */
const { execFileSync, spawnSync } = require('node:child_process');
const { chownSync, mkdtempSync, readdirSync, rmSync } = require('node:fs');
const { tmpdir, userInfo } = require('node:os');
const path = require('node:path');
const { Client } = require('pg');
const { EventRepository, inTransaction, openDatabase } = require('@curbside/persistence');
const { option: argument } = require('../harness/args');
const { judge } = require('../harness/goals');
const { freePort } = require('../harness/ports');
const { progress } = require('../harness/report');
const { customerId, seed, startNotifier, startSmtpSink } = require('./notifier');

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/**
 * At most what the notifiers held can be sent again: the killed one's two lanes (never recorded)
 * and the survivor's two lanes (sent while PostgreSQL was down, not recorded): 2 × 2 × the batch (100).
 */
const MAX_DUPLICATES = 2 * 2 * 100;
/** Short enough that the killed notifier's batches come back within the bench, longer than a send's time-out. */
const LEASE_SECONDS = 20;

/** A private PostgreSQL cluster in a temp dir: start, stop (immediate: as if it crashed), start again. */
function privateCluster(port) {
  const bin = path.join('/usr/lib/postgresql', readdirSync('/usr/lib/postgresql').sort().at(-1), 'bin');
  const dir = mkdtempSync(path.join(tmpdir(), 'curbside-fault-pg-'));
  const asRoot = userInfo().uid === 0;
  if (asRoot) chownSync(dir, Number(execFileSync('id', ['-u', 'postgres']).toString()), Number(execFileSync('id', ['-g', 'postgres']).toString()));
  const run = (tool, ...args) => {
    const [command, all] = asRoot ? ['runuser', ['-u', 'postgres', '--', path.join(bin, tool), ...args]] : [path.join(bin, tool), args];
    const result = spawnSync(command, all, { stdio: ['ignore', 'ignore', 'pipe'] });
    if (result.status !== 0) throw new Error(`${tool} failed: ${result.stderr}`);
  };
  const data = path.join(dir, 'data');
  const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c max_connections=50`;
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    init: () => run('initdb', '-D', data, '-A', 'trust', '-U', 'postgres', '--no-sync'),
    start: () => run('pg_ctl', '-D', data, '-o', options, '-l', path.join(dir, 'log'), '-w', 'start'),
    stop: () => run('pg_ctl', '-D', data, '-m', 'immediate', '-w', 'stop'),
    remove: () => rmSync(dir, { recursive: true, force: true }),
  };
}

/** The count of delivered deliveries, or null while the database does not answer. */
async function deliveredCount(url) {
  const client = new Client({ connectionString: url, connectionTimeoutMillis: 1000 });
  try {
    await client.connect();
    const { rows } = await client.query(`SELECT COUNT(*)::int AS "count" FROM "deliveries" WHERE "state" = 'delivered'`);
    return rows[0].count;
  } catch {
    return null;
  } finally {
    await client.end().catch(() => undefined);
  }
}

/** The delivered count once it is at least `count`, else null. */
async function deliveredAtLeast(url, count) {
  const delivered = await deliveredCount(url);
  return delivered !== null && delivered >= count ? delivered : null;
}

async function waitFor(predicate, timeoutMs, what) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await predicate();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(50);
  }
}

async function faultRun(cluster, size, outageMs) {
  const url = Object.assign(new URL(cluster.url), { pathname: '/fault' }).toString();
  const admin = new Client({ connectionString: cluster.url });
  await admin.connect();
  await admin.query('CREATE DATABASE "fault"');
  await admin.end();
  progress(`notifier fault bench: seeding ${size} customers`);
  await seed(url, size);
  const smtp = await startSmtpSink();
  const env = {
    PATH: process.env.PATH,
    DATABASE_URL: url,
    SMTP_URL: smtp.url,
    LOG_LEVEL: 'fatal',
    NOTIFIER_CUSTOMER_HOURLY_CAP: '1000000',
    NOTIFIER_LEASE_SECONDS: String(LEASE_SECONDS),
  };
  const checkout = path.resolve(__dirname, '../..');
  const workers = [await startNotifier(checkout, env), await startNotifier(checkout, env)];
  try {
    const dataSource = await openDatabase(url);
    const events = Array.from({ length: size }, (_, n) => ({
      customerId: customerId(n),
      type: 'ticket.created',
      payload: { ticketId: String(100_000_000 + n), status: 'OPEN' },
    }));
    await inTransaction(dataSource, (manager) => new EventRepository(dataSource).append(manager, events));
    await dataSource.destroy();
    const started = Date.now();
    const atFault = await waitFor(() => deliveredAtLeast(url, size / 4), 600_000 + size * 15, 'a quarter delivered');
    progress(`notifier fault bench: ${atFault} delivered; killing one notifier and stopping PostgreSQL for ${outageMs / 1000} s`);
    workers[0].kill('SIGKILL');
    cluster.stop();
    await sleep(outageMs);
    cluster.start();
    const back = Date.now();
    const before = await waitFor(() => deliveredCount(url), 10_000, 'PostgreSQL to answer');
    const resumed = await waitFor(() => deliveredAtLeast(url, before + 1), 60_000, 'a delivery after the restart');
    const resumeMs = Date.now() - back;
    progress(`notifier fault bench: drain resumed ${resumeMs} ms after PostgreSQL came back (${resumed} delivered)`);
    await waitFor(() => deliveredAtLeast(url, size), 600_000 + size * 60, 'every delivery');
    const seconds = (Date.now() - started) / 1000;
    const check = new Client({ connectionString: url });
    await check.connect();
    const { rows } = await check.query(
      `SELECT (SELECT COUNT(*)::int FROM "deliveries") AS "deliveries",
              (SELECT COUNT(*)::int FROM "deliveries" WHERE "state" <> 'delivered') AS "undelivered",
              (SELECT COUNT(*)::int FROM "email_activities") AS "activities"`,
    );
    await check.end();
    const { received, distinct } = smtp.counts();
    const result = { size, outageMs, atFault, resumeMs, seconds, received, distinct, duplicates: received - distinct, ...rows[0] };
    const problems = [
      result.deliveries !== size && `${result.deliveries} deliveries for ${size} events`,
      result.undelivered !== 0 && `${result.undelivered} deliveries not delivered`,
      distinct !== size && `${distinct} distinct Message-IDs received of ${size}`,
      result.activities !== size && `${result.activities} email activities for ${size} deliveries`,
      received - distinct > MAX_DUPLICATES && `${received - distinct} duplicates, more than the ${MAX_DUPLICATES} the notifiers could hold`,
    ].filter(Boolean);
    return { ...result, problems };
  } finally {
    for (const child of workers) {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      await new Promise((r) => (child.exitCode !== null || child.signalCode !== null ? r() : child.once('exit', r)));
    }
    await smtp.close();
  }
}

async function main() {
  const size = Number(argument('customers') ?? '20000');
  const outageMs = Number(argument('outage-seconds') ?? '10') * 1000;
  const cluster = privateCluster(await freePort());
  progress('notifier fault bench: a private PostgreSQL cluster (initdb)');
  cluster.init();
  cluster.start();
  let result;
  try {
    result = await faultRun(cluster, size, outageMs);
  } finally {
    try {
      cluster.stop();
    } finally {
      cluster.remove();
    }
  }
  process.stdout.write(
    [
      `Node ${process.version}; 2 notifiers, PostgreSQL (private cluster); one notifier killed and PostgreSQL stopped for ${outageMs / 1000} s after ${result.atFault} deliveries`,
      '',
      '| customers | seconds (whole drain) | resumed after PostgreSQL came back, ms | emails received | distinct Message-IDs | duplicates (same Message-ID) | deliveries delivered | email activities |',
      '|---:|---:|---:|---:|---:|---:|---:|---:|',
      `| ${size} | ${result.seconds.toFixed(1)} | ${result.resumeMs} | ${result.received} | ${result.distinct} | ${result.duplicates} | ${result.deliveries - result.undelivered} of ${result.deliveries} | ${result.activities} |`,
      '',
    ].join('\n'),
  );
  judge('notifier-fault', [{ row: `${size} customers`, figure: 'resume s', value: result.resumeMs / 1000 }]);
  if (result.problems.length > 0) throw new Error(result.problems.join('; '));
}

if (require.main === module) {
  main().catch((error) => {
    process.stderr.write(`notifier fault bench failed: ${error.stack}\n`);
    process.exit(1);
  });
}
