#!/usr/bin/env node
/*
 * The daily notice run at a million customers without importing a million:
 * a PostgreSQL database that holds N imported customers (a hauler bench's, or any import) is
 * copied, the tables the run does not read are emptied, and its customers, services and
 * preferences are copied K-1 more times under new ids (`<id><k>`, k = 1..K-1) by SQL: N×K
 * customers with the same schedules and preferences, in minutes instead of an hour's import.
 * Then, for each build given, on a fresh copy of that database each time, `notices run --today D
 * --json` twice under `/usr/bin/time` (wall, user + system CPU, peak RSS), the builds alternating.
 * The source database is only read (it is the template of the copies); every copy is dropped.
 *
 * With the server on this machine, PostgreSQL's CPU for each run is measured too: its backends end
 * with the run's connections, and the postmaster's children's CPU (`cutime` + `cstime` in
 * /proc/<postmaster>/stat) grows by theirs (and by any other backend that ends meanwhile).
 * `--keep` keeps the scaled database (and uses it again when it is there).
 *
 *   npm run bench -- notice-run --source=postgres://postgres@127.0.0.1:5432/bench33 \
 *     [--times=10] [--today=2026-11-22] [--builds=.,/other/checkout] [--rounds=1] [--keep]
 */
const { spawnSync } = require('node:child_process');
const { readFileSync } = require('node:fs');
const path = require('node:path');
const { databasesOn } = require('../fixtures/pg-database');
const { flag, option } = require('../harness/args');
const { judge } = require('../harness/goals');
const { root } = require('../harness/processes');

const source = new URL(option('source', ''));
const times = Number(option('times', 10));
const today = option('today', '2026-11-22');
const builds = option('builds', '.')
  .split(',')
  .map((build) => path.resolve(root, build));
const rounds = Number(option('rounds', 1));
const keep = flag('keep');

/** The tables the notice run reads or writes; the rest are emptied in the copy. */
const MULTIPLIED = [
  ['customers', 'id'],
  ['services', 'customer_id'],
  ['preference_categories', 'customer_id'],
  ['preference_channels', 'customer_id'],
  ['preference_selections', 'customer_id'],
  ['preference_options', 'customer_id'],
];
const KEPT = new Set([
  ...MULTIPLIED.map(([table]) => table),
  'holidays',
  'events',
  'deliveries',
  'notice_runs',
  'signing_keys',
  'migrations',
]);

const { urlOf, onDatabase } = databasesOn(source);

const admin = (sql) => onDatabase('postgres', (client) => client.query(sql));

async function columnsOf(client, table) {
  const { rows } = await client.query(
    `SELECT column_name FROM information_schema.columns WHERE table_schema = 'public' AND table_name = $1 ORDER BY ordinal_position`,
    [table],
  );
  return rows.map((row) => row.column_name);
}

/** The source copied into `scaled`, the other tables emptied, its customers times `times` (with `--keep`, one made before). */
async function makeScaled(scaled) {
  const made = await admin(`SELECT 1 FROM pg_database WHERE datname = '${scaled}'`);
  if (keep && made.rows.length > 0) return onDatabase(scaled, async (client) => Number((await client.query('SELECT COUNT(*) AS n FROM customers')).rows[0].n));
  await admin(`DROP DATABASE IF EXISTS "${scaled}"`);
  await admin(`CREATE DATABASE "${scaled}" TEMPLATE "${source.pathname.slice(1)}"`);
  return onDatabase(scaled, async (client) => {
    const { rows } = await client.query(`SELECT tablename FROM pg_tables WHERE schemaname = 'public'`);
    const emptied = rows.map((row) => row.tablename).filter((table) => !KEPT.has(table));
    if (emptied.length > 0) await client.query(`TRUNCATE ${emptied.map((table) => `"${table}"`).join(', ')} CASCADE`);
    for (const [table, key] of MULTIPLIED) {
      const columns = (await columnsOf(client, table)).map((column) => (column === key ? `x."${column}" || k` : `x."${column}"`));
      await client.query(`INSERT INTO "${table}" SELECT ${columns.join(', ')} FROM "${table}" x, generate_series(1, ${times - 1}) k`);
    }
    await client.query('VACUUM ANALYZE');
    return Number((await client.query('SELECT COUNT(*) AS n FROM customers')).rows[0].n);
  });
}

/** The postmaster's pid when the server runs on this machine and its /proc can be read, else null. */
function postmasterPid() {
  // Read while the backend lives: it ends with its connection.
  return onDatabase('postgres', async (client) => {
    const backend = (await client.query('SELECT pg_backend_pid() AS pid')).rows[0].pid;
    try {
      return Number(/^PPid:\s+(\d+)/m.exec(readFileSync(`/proc/${backend}/status`, 'utf8'))[1]);
    } catch {
      return null;
    }
  });
}

/** CPU seconds of the postmaster's ended children (the backends of closed connections), or null. */
function endedBackendsCpu(postmaster) {
  if (postmaster === null) return null;
  const fields = readFileSync(`/proc/${postmaster}/stat`, 'utf8').split(') ')[1].split(' ');
  // Fields 16 and 17 of stat (cutime, cstime), counted from the state (field 3), in clock ticks.
  return (Number(fields[13]) + Number(fields[14])) / 100;
}

/** `notices run` of `build` on `database`, under /usr/bin/time: its JSON and what it cost (PostgreSQL's CPU too, when it can be read). */
function noticeRun(build, database, postmaster) {
  const before = endedBackendsCpu(postmaster);
  const result = spawnSync(
    '/usr/bin/time',
    ['-f', '%e %U %S %M', process.execPath, path.join(build, 'dist/apps/admin-cli/main.js'), 'notices', 'run', '--today', today, '--json'],
    {
      // PGOPTIONS (libpq's, which node-postgres reads too) passes through: server settings compared for the run's sessions.
      env: { PATH: process.env.PATH, DATABASE_URL: urlOf(database), LOG_LEVEL: 'warn', ...(process.env.PGOPTIONS ? { PGOPTIONS: process.env.PGOPTIONS } : {}) },
      encoding: 'utf8',
      maxBuffer: 1 << 26,
    },
  );
  if (result.status !== 0) throw new Error(`notices run failed (${result.status}): ${result.stderr}`);
  const [wall, user, system, rssKiB] = result.stderr.trim().split('\n').at(-1).split(' ').map(Number);
  // The run's backends end with its process; the postmaster reaps them at once.
  const after = endedBackendsCpu(postmaster);
  const pgCpu = before === null ? null : Number((after - before).toFixed(1));
  return { ...JSON.parse(result.stdout), wall, cpu: Number((user + system).toFixed(1)), pgCpu, peakRssMiB: Math.round(rssKiB / 1024) };
}

async function main() {
  if (!source.pathname || source.pathname === '/') throw new Error('--source=postgres://…/<database of imported customers> is required');
  const scaled = `${source.pathname.slice(1)}_x${times}`;
  const run = `${scaled}_run`;
  console.error(`making ${scaled}: the customers of ${source.pathname.slice(1)} times ${times}`);
  const customers = await makeScaled(scaled);
  const postmaster = await postmasterPid();
  const rows = [];
  try {
    for (let round = 0; round < rounds; round++) {
      for (const build of builds) {
        await admin(`DROP DATABASE IF EXISTS "${run}"`);
        await admin(`CREATE DATABASE "${run}" TEMPLATE "${scaled}"`);
        const load = require('node:os').loadavg()[0].toFixed(1);
        const first = noticeRun(build, run, postmaster);
        first.deliveries = await onDatabase(run, async (client) =>
          Number((await client.query('SELECT COUNT(*) AS n FROM deliveries')).rows[0].n),
        );
        const second = noticeRun(build, run, postmaster);
        if (second.reminders !== 0 || second.moves !== 0) throw new Error(`the second run notified again: ${JSON.stringify(second)}`);
        const row = { build, load, first, second };
        console.error(JSON.stringify(row));
        rows.push(row);
      }
    }
  } finally {
    await admin(`DROP DATABASE IF EXISTS "${run}"`);
    if (!keep) await admin(`DROP DATABASE IF EXISTS "${scaled}"`);
  }
  console.log(`\nDaily notice run, ${customers.toLocaleString('en-US')} customers (--today ${today}), PostgreSQL:\n`);
  console.log(
    '| build | load | reminders | moves | deliveries | first run wall s | CPU s | PostgreSQL CPU s | peak RSS MiB | second run wall s | CPU s | PostgreSQL CPU s | peak RSS MiB |',
  );
  console.log('|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|');
  for (const { build, load, first, second } of rows) {
    const name = path.relative(root, build) || '.';
    console.log(
      `| ${name} | ${load} | ${first.reminders} | ${first.moves} | ${first.deliveries} | ${first.wall} | ${first.cpu} | ${first.pgCpu ?? '-'} | ${first.peakRssMiB} | ` +
        `${second.wall} | ${second.cpu} | ${second.pgCpu ?? '-'} | ${second.peakRssMiB} |`,
    );
  }
  judge('notice-run', rows.map(({ build, first }) => ({ row: `${customers.toLocaleString('en-US')} customers, ${path.relative(root, build) || '.'}`, figure: 'wall s', value: first.wall })));
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
