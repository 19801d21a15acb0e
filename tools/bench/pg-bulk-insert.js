#!/usr/bin/env node
/*
 * How to write many rows to PostgreSQL (issue 33): the same rows, shaped like a notice run's
 * email deliveries (15 columns, about 1.3 KB, the deliveries table's indexes), inserted in one
 * transaction per round either as multi-row VALUES lists of 30,000 parameters (2,000 rows a
 * statement; what `insertRows` did before) or as one array per column (`INSERT … SELECT * FROM
 * unnest($1::text[], …)`, 2,000 rows a statement; what it does now). Rounds alternate; for each
 * it prints the server's CPU (the backend's utime + stime from /proc, so the server must run on
 * this machine), the client's CPU and the wall. Makes and drops a scratch database.
 *
 *   BENCH_POSTGRES_URL=postgres://postgres@127.0.0.1:5432/postgres node tools/bench/pg-bulk-insert.js [--statements=25] [--rounds=4]
 */
const { readFileSync } = require('node:fs');
const { Client } = require('pg');

const option = (name, fallback) => Number(process.argv.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3) ?? fallback);
const STATEMENTS = option('statements', 25);
const ROUNDS = option('rounds', 4);
const ROWS = 2000;
const server = new URL(process.env.BENCH_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres');
const scratch = Object.assign(new URL(server), {
  pathname: '/curbside_bulk_insert_bench',
}).toString();

const COLUMNS = [
  ['event_id', 'integer'],
  ['customer_id', 'text'],
  ['channel', 'text'],
  ['address', 'text'],
  ['selection_type', 'text'],
  ['webhook_id', 'text'],
  ['idempotency_key', 'text'],
  ['subject', 'text'],
  ['body', 'text'],
  ['html', 'text'],
  ['state', 'text'],
  ['attempts', 'integer'],
  ['created_at', 'text'],
  ['next_attempt_at', 'text'],
  ['list_unsubscribe', 'text'],
];
const URL_ = `http://localhost:3000/unsubscribe/${'A'.repeat(88)}`;
const TEXT = `Reminder: pickup on Monday, Nov 23.\n\n- Trash 96 gal\n- Recycling 96 gal\n\nCustomer account 1234567. You receive this because you opted in to these notifications from Curbside.\nUnsubscribe from these emails: ${URL_}\n`;
const HTML = `<!doctype html><html><body><p><strong>Reminder: pickup on Monday, Nov 23.</strong></p><ul><li>Trash 96 gal</li><li>Recycling 96 gal</li></ul><p>Customer account 1234567. You receive this because you opted in to these notifications from Curbside.</p><p>Unsubscribe from these emails: <a href="${URL_}">${URL_}</a></p></body></html>`;

let sequence = 0;
function delivery() {
  const id = ++sequence;
  const at = '2026-11-22T17:00:00.000';
  return [
    id,
    String(1_000_000 + id),
    'Email',
    `c${id}@example.com`,
    'SEMAIL',
    null,
    `curbside-${id}-email-semail`,
    'Curbside: Reminder: pickup on Monday, Nov 23',
    TEXT,
    HTML,
    'pending',
    0,
    at,
    at,
    URL_,
  ];
}

/** CPU seconds (user + system) of a process on this machine. */
function cpuOf(pid) {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

async function main() {
  const admin = new Client({ connectionString: server.toString() });
  await admin.connect();
  await admin.query('DROP DATABASE IF EXISTS "curbside_bulk_insert_bench"');
  await admin.query('CREATE DATABASE "curbside_bulk_insert_bench"');
  const client = new Client({ connectionString: scratch });
  try {
    await client.connect();
    await client.query(
      `CREATE TABLE "deliveries" ("id" serial PRIMARY KEY, ${COLUMNS.map(([name, type]) => `"${name}" ${type}`).join(', ')},
         "delivered_at" text, "last_error" text, "claimed_by" text, "claimed_until" text)`,
    );
    await client.query('CREATE INDEX ON "deliveries" ("state", "next_attempt_at")');
    await client.query('CREATE INDEX ON "deliveries" ("customer_id", "delivered_at")');
    await client.query('CREATE UNIQUE INDEX ON "deliveries" ("idempotency_key")');
    const backend = (await client.query('SELECT pg_backend_pid() AS pid')).rows[0].pid;
    const names = COLUMNS.map(([name]) => `"${name}"`).join(', ');
    let n = 0;
    const values = Array.from({ length: ROWS }, () => `(${COLUMNS.map(() => `$${++n}`).join(', ')})`).join(', ');
    const ways = {
      'multi-row VALUES': [`INSERT INTO "deliveries" (${names}) VALUES ${values}`, (rows) => rows.flat()],
      'unnest, an array per column': [
        `INSERT INTO "deliveries" (${names}) SELECT * FROM unnest(${COLUMNS.map(([, type], i) => `$${i + 1}::${type}[]`).join(', ')})`,
        (rows) => COLUMNS.map((_, i) => rows.map((row) => row[i])),
      ],
    };
    const results = Object.fromEntries(Object.keys(ways).map((way) => [way, []]));
    for (let round = 0; round < ROUNDS; round++) {
      for (const [way, [sql, parameters]] of Object.entries(ways)) {
        const server0 = cpuOf(backend);
        const client0 = process.cpuUsage();
        const started = Date.now();
        await client.query('BEGIN');
        for (let statement = 0; statement < STATEMENTS; statement++) await client.query(sql, parameters(Array.from({ length: ROWS }, delivery)));
        await client.query('COMMIT');
        const used = process.cpuUsage(client0);
        results[way].push({
          server: cpuOf(backend) - server0,
          client: (used.user + used.system) / 1e6,
          wall: (Date.now() - started) / 1000,
        });
        process.stderr.write(`round ${round + 1}: ${way} done\n`);
      }
    }
    const list = (rows, key) => rows.map((row) => row[key].toFixed(2)).join(' / ');
    console.log(`\n${ROUNDS} rounds of ${(STATEMENTS * ROWS).toLocaleString('en-US')} rows each way, Node ${process.version}:\n`);
    console.log('| way | PostgreSQL backend CPU s | client CPU s | wall s |');
    console.log('|---|---:|---:|---:|');
    for (const [way, rows] of Object.entries(results))
      console.log(`| ${way} | ${list(rows, 'server')} | ${list(rows, 'client')} | ${list(rows, 'wall')} |`);
  } finally {
    await client.end().catch(() => undefined);
    await admin.query('DROP DATABASE IF EXISTS "curbside_bulk_insert_bench" WITH (FORCE)');
    await admin.end();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
