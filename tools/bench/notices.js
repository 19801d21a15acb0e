#!/usr/bin/env node
/*
 * The daily notice run (CONTRACT §8) at scale: N customers (default 100,000) with schedules and
 * mixed preferences, imported through the real CLI from an import file (docs/import-format.md),
 * then `notices run --today 2026-11-24 --json` timed (Thanksgiving, Thursday Nov 26, is in the
 * horizon; about a quarter of the customers have a pickup on Wednesday Nov 25). Then a second
 * run (it must print zeros). On SQLite, and on PostgreSQL when BENCH_POSTGRES_URL names a server
 * (a scratch database is made there and dropped after). Prints a Markdown table.
 *
 *   npm run build && node tools/bench/notices.js [--customers=100000] [--sqlite-only]
 *   BENCH_POSTGRES_URL=postgres://postgres@127.0.0.1:5432/postgres node tools/bench/notices.js
 *
 * Small N (--customers=200) runs in seconds: the smoke of this script.
 */
const { spawnSync } = require('node:child_process');
const { randomBytes } = require('node:crypto');
const { createWriteStream } = require('node:fs');
const { mkdtemp, rm } = require('node:fs/promises');
const { tmpdir } = require('node:os');
const path = require('node:path');

const root = path.resolve(__dirname, '../..');
const cli = path.join(root, 'dist/apps/admin-cli/main.js');
const option = (name, fallback) => process.argv.find((a) => a.startsWith(`--${name}=`))?.split('=')[1] ?? fallback;
const customers = Number(option('customers', 100_000));
const TODAY = '2026-11-24';
const WEEKDAYS = ['MONDAY', 'TUESDAY', 'WEDNESDAY', 'THURSDAY', 'FRIDAY', 'SATURDAY'];
const AUDIT = { created_by: 'bench', created_date_time: '2026-04-06 10:15:00', modified_by: 'bench', modified_date_time: '2026-04-06 10:15:00' };

const selection = (value, type, optIn = 'Y') => ({ value, type, is_opt_in: optIn, audit_info: AUDIT });
const channel = (name, selections, optIn = 'Y') => ({ name, is_opt_in: optIn, selections, options: [] });

/** Ten kinds of preference, by `i % 10`: most opted in by email, some by text too, the rest not reachable. */
function preferences(i, id) {
  const email = `c${id}@example.com`;
  const mobile = `206555${String(i % 10_000).padStart(4, '0')}`;
  const kind = i % 10;
  const notification = (enabled, channels) => ({ category: 'Service Notification', is_category_enabled: enabled, channels });
  const exception = { category: 'Service Exception', is_category_enabled: 'Y', channels: [channel('Email', [selection(email, 'SEMAIL')])] };
  if (kind <= 3) return [notification('Y', [channel('Email', [selection(email, 'SEMAIL')])]), exception];
  if (kind <= 5) return [notification('Y', [channel('Email', [selection(email, 'SEMAIL')]), channel('Text', [selection(mobile, 'SMOBILE')])]), exception];
  if (kind === 6) return [notification('N', [channel('Email', [selection(email, 'SEMAIL')])])];
  if (kind === 7) return [notification('Y', [channel('Email', [selection(email, 'SEMAIL', 'N')])])];
  if (kind === 8) return [notification('Y', [channel('Email', [selection(email, 'BEMAIL')])])];
  return [];
}

/** A weekly cart on one weekday, an every-other-week recycling cart, and for one in ten an inactive service. */
function customer(i) {
  const id = String(7_000_000 + i);
  const service = (n, name, days, everyWeeks, startsOn, status = 'Active') => ({
    id: `${id}${n}`,
    status,
    name,
    schedule: { days, every_weeks: String(everyWeeks), starts_on: startsOn },
    operations: [{ route_id: `R${i % 50}`, day_of_week: days[0] }],
  });
  const services = [
    service(1, 'Hauling - 96 Gallon Cart', [WEEKDAYS[i % 5]], 1, '2026-01-05'),
    service(2, 'Recycling 64 Gallon', [WEEKDAYS[(i + 2) % 6]], 2, i % 2 === 0 ? '2026-01-05' : '2026-01-12'),
  ];
  if (i % 10 === 0) services.push(service(3, 'Yard waste', ['WEDNESDAY'], 1, '2026-01-05', 'Inactive'));
  return { id, currency: 'USD', services, communication_preferences: preferences(i, id) };
}

async function writeImportFile(file) {
  const out = createWriteStream(file);
  const write = (text) => new Promise((resolve) => (out.write(text) ? resolve() : out.once('drain', resolve)));
  await write('{"holidays":[{"date":"2026-11-26","name":"Thanksgiving Day","delay_days":"1"}],"customers":[');
  for (let start = 0; start < customers; start += 1000) {
    const end = Math.min(customers, start + 1000);
    const part = [];
    for (let i = start; i < end; i++) part.push(JSON.stringify(customer(i)));
    await write((start === 0 ? '' : ',') + part.join(','));
  }
  await write(']}');
  await new Promise((resolve) => out.end(resolve));
}

function run(env, args) {
  const started = process.hrtime.bigint();
  const result = spawnSync(process.execPath, [cli, ...args], { cwd: root, env: { PATH: process.env.PATH, LOG_LEVEL: 'warn', ...env }, encoding: 'utf8', maxBuffer: 1 << 26 });
  const seconds = Number(process.hrtime.bigint() - started) / 1e9;
  if (result.status !== 0) throw new Error(`cli ${args.join(' ')} failed (${result.status}): ${result.stderr}`);
  return { seconds, stdout: result.stdout };
}

async function measure(name, databaseUrl, file) {
  const env = { DATABASE_URL: databaseUrl };
  const imported = run(env, ['import', file]);
  const first = run(env, ['notices', 'run', '--today', TODAY, '--json']);
  const second = run(env, ['notices', 'run', '--today', TODAY, '--json']);
  const counts = JSON.parse(first.stdout);
  const again = JSON.parse(second.stdout);
  if (again.reminders !== 0 || again.moves !== 0) throw new Error(`the second run notified again: ${second.stdout}`);
  if (counts.reminders === 0) throw new Error('the run notified nobody');
  const row = { name, importSeconds: imported.seconds, runSeconds: first.seconds, secondSeconds: second.seconds, ...counts };
  console.error(`${name}: ${JSON.stringify(row)}`); // as soon as known: the import of a large N takes long
  return row;
}

async function onPostgres(sql) {
  const { Client } = require('pg');
  const client = new Client({ connectionString: process.env.BENCH_POSTGRES_URL });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

async function main() {
  const directory = await mkdtemp(path.join(tmpdir(), 'curbside-notices-'));
  const file = path.join(directory, 'customers.json');
  await writeImportFile(file);
  const rows = [];
  try {
    rows.push(await measure('SQLite', `sqlite:${path.join(directory, 'bench.sqlite')}`, file));
    if (process.env.BENCH_POSTGRES_URL && !process.argv.includes('--sqlite-only')) {
      const database = `curbside_notices_${randomBytes(4).toString('hex')}`;
      await onPostgres(`CREATE DATABASE "${database}"`);
      try {
        const url = new URL(process.env.BENCH_POSTGRES_URL);
        url.pathname = `/${database}`;
        rows.push(await measure('PostgreSQL', url.toString(), file));
      } finally {
        await onPostgres(`DROP DATABASE "${database}" WITH (FORCE)`);
      }
    }
  } finally {
    await rm(directory, { recursive: true, force: true });
  }
  console.log(`\nDaily notice run, ${customers.toLocaleString('en-US')} customers (--today ${TODAY}):\n`);
  console.log('| database | import (s) | notices run (s) | reminders | moves | second run (s) |');
  console.log('|---|---:|---:|---:|---:|---:|');
  for (const r of rows) {
    console.log(`| ${r.name} | ${r.importSeconds.toFixed(1)} | ${r.runSeconds.toFixed(1)} | ${r.reminders} | ${r.moves} | ${r.secondSeconds.toFixed(1)} |`);
  }
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
