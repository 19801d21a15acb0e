#!/usr/bin/env node
/*
 * Notifier throughput: deliveries per second to a local SMTP server, with one and with two
 * notifier processes sharing a PostgreSQL database (FOR UPDATE SKIP LOCKED).
 *
 *   npm run build && BENCH_POSTGRES_URL=postgres://postgres@127.0.0.1:5432/postgres node tools/bench/notifier.bench.js [--events=2000]
 *
 * For each worker count it makes a scratch database on that server (and drops it after),
 * starts the notifiers and waits until they are ready, then writes the events (one email
 * selection per customer, 100 customers) in one transaction and times fan-out plus sending
 * until every delivery is marked delivered. Prints a Markdown table.
 */
const { spawn } = require('node:child_process');
const { randomBytes } = require('node:crypto');
const { createServer } = require('node:net');
const path = require('node:path');
const { Client } = require('pg');
const { SMTPServer } = require('smtp-server');
const { emptyBundle } = require('@curbside/domain');
const { CustomerRepository, EventRepository, inTransaction, openDatabase } = require('@curbside/persistence');

const root = path.resolve(__dirname, '../..');
const option = (name, fallback) => Number(process.argv.find((a) => a.startsWith(`--${name}=`))?.split('=')[1] ?? fallback);
const eventCount = option('events', 2000);
const serverUrl = process.env.BENCH_POSTGRES_URL;
if (!serverUrl) {
  console.error('BENCH_POSTGRES_URL must name a PostgreSQL server (a scratch database is made and dropped there)');
  process.exit(2);
}

const freePort = () =>
  new Promise((done) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => done(port));
    });
  });

async function onServer(sql) {
  const client = new Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

async function startSmtpSink() {
  let received = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, _session, callback) {
      stream.on('data', () => undefined);
      stream.on('end', () => {
        received++;
        callback();
      });
    },
  });
  server.on('error', () => undefined);
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `smtp://127.0.0.1:${server.server.address().port}`, received: () => received, close: () => new Promise((r) => server.close(r)) };
}

async function startNotifier(env) {
  const port = await freePort();
  const child = spawn(process.execPath, [path.join(root, 'dist/apps/notifier/main.js')], {
    env: { ...env, NOTIFIER_HEALTH_PORT: String(port) },
    stdio: 'ignore',
  });
  for (let i = 0; i < 1200; i++) {
    if (child.exitCode !== null) throw new Error(`notifier exited with ${child.exitCode}`);
    if (await fetch(`http://127.0.0.1:${port}/health/ready`).then((r) => r.ok, () => false)) return child;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error('notifier did not become ready');
}

async function run(workers) {
  const name = `curbside_bench_${randomBytes(4).toString('hex')}`;
  await onServer(`CREATE DATABASE "${name}"`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const smtp = await startSmtpSink();
  const dataSource = await openDatabase(url.toString());
  const children = [];
  try {
    const customers = new CustomerRepository(dataSource);
    const ids = Array.from({ length: 100 }, (_, i) => String(7_000_000 + i));
    for (const id of ids) {
      const selection = { type: 'SEMAIL', value: `c${id}@example.com`, optIn: true, audit: { createdBy: null, createdAt: null, modifiedBy: null, modifiedAt: null } };
      await customers.importBundle({ ...emptyBundle(id), preferences: [{ category: 'Service Notification', enabled: true, channels: [{ name: 'Email', optIn: true, selections: [selection], options: [] }] }] });
    }
    const env = {
      PATH: process.env.PATH,
      DATABASE_URL: url.toString(),
      SMTP_URL: smtp.url,
      LOG_LEVEL: 'error',
      NOTIFIER_POLL_MS: '20',
      NOTIFIER_BATCH_SIZE: '50',
      NOTIFIER_CUSTOMER_HOURLY_CAP: '1000000',
    };
    for (let w = 0; w < workers; w++) children.push(await startNotifier(env));

    const events = Array.from({ length: eventCount }, (_, n) => ({
      customerId: ids[n % ids.length],
      type: 'ticket.created',
      payload: { ticketId: String(n), status: 'OPEN' },
    }));
    const started = process.hrtime.bigint();
    await inTransaction(dataSource, (manager) => new EventRepository(dataSource).append(manager, events));
    for (;;) {
      const [{ count }] = await dataSource.query(`SELECT COUNT(*) AS "count" FROM "deliveries" WHERE "state" = 'delivered'`);
      if (Number(count) >= eventCount) break;
      await new Promise((r) => setTimeout(r, 20));
    }
    const seconds = Number(process.hrtime.bigint() - started) / 1e9;
    const [{ count: shares }] = await dataSource.query(`SELECT COUNT(DISTINCT "claimed_by") AS "count" FROM "deliveries"`);
    return { workers, seconds, perSecond: eventCount / seconds, received: smtp.received(), shares: Number(shares) };
  } finally {
    for (const child of children) {
      child.kill('SIGTERM');
      await new Promise((r) => (child.exitCode !== null ? r() : child.once('exit', r)));
    }
    await dataSource.destroy();
    await smtp.close();
    await onServer(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
  }
}

async function main() {
  const rows = [];
  for (const workers of [1, 2]) rows.push(await run(workers));
  console.log(`Node ${process.version}, ${eventCount} events -> ${eventCount} emails each run, PostgreSQL, loopback SMTP\n`);
  console.log('| notifiers | seconds | deliveries/s | emails received | workers that delivered |');
  console.log('|---:|---:|---:|---:|---:|');
  for (const row of rows) {
    console.log(`| ${row.workers} | ${row.seconds.toFixed(1)} | ${row.perSecond.toFixed(0)} | ${row.received} | ${row.shares} |`);
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
