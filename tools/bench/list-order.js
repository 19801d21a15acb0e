#!/usr/bin/env node
/*
 * What the list-order index does for a dated list read by TypeORM (issue 45, item 1): the invoice
 * list's statements as `selectRowPage` sends them (the page, `LIMIT limit + 1`, then the
 * `COUNT(*)` of the filtered list when the page has more after it), for a customer of 10,000
 * invoices among others, on two copies of the same rows: one indexed `(customer_id, date)` as on
 * main, one in the list's order `(customer_id, date [NULLS FIRST], LENGTH(id), id)` as migration
 * ListOrder1765200000000 makes it. Copies alternate within a round; each cell is the median of
 * the rounds, in ms, the page and the count apart. On PostgreSQL first without statistics
 * (`reltuples = -1`, no `pg_statistic`: autovacuum off, no ANALYZE after an import), then after
 * ANALYZE; on SQLite without `sqlite_stat1`, then after ANALYZE. The page and the count as unnamed
 * statements, planned for their values, as TypeORM sent them; on PostgreSQL the list-order page
 * also as `rawMany` sends it now, named with the limit bound (its first five runs are planned for
 * their values, then PostgreSQL may keep a generic plan). Makes and drops a scratch database and file.
 *
 *   BENCH_POSTGRES_URL=postgres://postgres@127.0.0.1:5432/postgres node tools/bench/list-order.js [--rounds=15] [--records=10000]
 */
const { mkdtempSync, rmSync } = require('node:fs');
const { tmpdir } = require('node:os');
const { join } = require('node:path');
const Database = require('better-sqlite3');
const { Client } = require('pg');

const option = (name, fallback) => Number(process.argv.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3) ?? fallback);
const ROUNDS = option('rounds', 15);
const RECORDS = option('records', 10_000);
const CUSTOMER = '4500001';
const OTHERS = 50; // other customers, 200 invoices each
const server = new URL(process.env.BENCH_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres');
const scratch = Object.assign(new URL(server), { pathname: '/curbside_list_order_bench' }).toString();

const COPIES = {
  'by date (main)': { table: 'invoices_by_date', index: () => `("customer_id", "date")` },
  'list order': { table: 'invoices_list_order', index: (nullsFirst) => `("customer_id", "date"${nullsFirst}, LENGTH("id"), "id")` },
};
const SHAPES = [
  { name: 'page of 10', limit: 10, from: null },
  { name: 'page of 10, fromDate', limit: 10, from: '1990-01-01' },
  { name: 'page of 1,000', limit: 1000, from: null },
  { name: 'page of 1,000, fromDate', limit: 1000, from: '1990-01-01' },
];

/** Invoices of each customer newest first, as an export lists them: one a day back from 2026-11-27, ids rising with the date. */
function* rows() {
  const customers = [[CUSTOMER, RECORDS], ...Array.from({ length: OTHERS }, (_, n) => [String(4600000 + n), 200])];
  for (const [customer, count] of customers) {
    for (let n = 0; n < count; n++) {
      const date = new Date(Date.UTC(2026, 10, 27) - n * 86_400_000).toISOString().slice(0, 10);
      yield [customer, String(700000 + count - n), date, '187.42', '0.00', '187.42', date, 'PMT-99812'];
    }
  }
}

const COLUMNS = ['customer_id', 'id', 'date', 'amount', 'balance_amount', 'payment_amount', 'payment_date', 'payment_reference_number'];
const create = (table) =>
  `CREATE TABLE "${table}" (${COLUMNS.map((c) => `"${c}" text${['customer_id', 'id', 'date'].includes(c) ? ' NOT NULL' : ''}`).join(', ')}, PRIMARY KEY ("customer_id", "id"))`;

/** The statements `selectRowPage` sends for `shape` (placeholders `$n`), as TypeORM writes them. */
function statements(table, { limit, from }) {
  const where = `"r"."customer_id" = $1${from === null ? '' : ` AND "r"."date" >= $2`}`;
  const select = COLUMNS.map((c) => `"r"."${c}" AS "r_${c}"`).join(', ');
  const parameters = from === null ? [CUSTOMER] : [CUSTOMER, from];
  const order = `ORDER BY "r"."date" DESC NULLS LAST, LENGTH("r"."id") DESC, "r"."id" DESC`;
  return {
    page: { sql: `SELECT ${select} FROM "${table}" "r" WHERE ${where} ${order} LIMIT ${limit + 1}`, parameters },
    count: { sql: `SELECT COUNT(*) AS "count" FROM "${table}" "r" WHERE ${where}`, parameters },
    // As `rawMany` sends a page now on PostgreSQL: the limit bound, the statement named.
    named: { sql: `SELECT ${select} FROM "${table}" "r" WHERE ${where} ${order} LIMIT $${parameters.length + 1}`, parameters: [...parameters, limit + 1], name: true },
  };
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

/** Median ms of `run(statement)` for each copy × shape × (page, count), copies alternating within a round. */
async function measure(run, parts = ['page', 'count']) {
  const times = new Map();
  for (let round = 0; round < ROUNDS + 1; round++) {
    for (const shape of SHAPES) {
      for (const [copy, { table }] of Object.entries(COPIES)) {
        for (const part of parts) {
          const statement = statements(table, shape)[part];
          const start = process.hrtime.bigint();
          await run(statement);
          const ms = Number(process.hrtime.bigint() - start) / 1e6;
          const key = `${shape.name} | ${copy} | ${part}`;
          if (round > 0) times.set(key, [...(times.get(key) ?? []), ms]); // round 0 warms the cache
        }
      }
    }
  }
  return new Map([...times].map(([key, values]) => [key, median(values)]));
}

function print(title, medians, plans) {
  const named = medians.has(`${SHAPES[0].name} | list order | named`);
  console.log(`\n${title} (median of ${ROUNDS} rounds, ms)`);
  console.log(`| shape | by date (main): page / count | list order: page / count |${named ? ' list order, named: page |' : ''} page plan, main → list order |`);
  console.log(`|---|---:|---:|${named ? '---:|' : ''}---|`);
  for (const shape of SHAPES) {
    const ms = (copy, part) => medians.get(`${shape.name} | ${copy} | ${part}`).toFixed(2);
    const cell = (copy) => `${ms(copy, 'page')} / ${ms(copy, 'count')}`;
    console.log(`| ${shape.name} | ${cell('by date (main)')} | ${cell('list order')} |${named ? ` ${ms('list order', 'named')} |` : ''} ${plans.get(`${shape.name} | by date (main)`)} → ${plans.get(`${shape.name} | list order`)} |`);
  }
}

async function planOf(client, { sql, parameters }) {
  const [{ 'QUERY PLAN': [{ Plan }] }] = (await client.query(`EXPLAIN (FORMAT JSON) ${sql}`, parameters)).rows;
  const names = [];
  for (let node = Plan; node; node = node.Plans?.[0]) names.push(node['Node Type'] + (node['Scan Direction'] === 'Backward' ? ' Backward' : ''));
  return names.filter((name) => name !== 'Limit').join(' ← ');
}

async function postgres() {
  const admin = new Client({ connectionString: server.toString() });
  await admin.connect();
  await admin.query('DROP DATABASE IF EXISTS curbside_list_order_bench');
  await admin.query('CREATE DATABASE curbside_list_order_bench');
  const client = new Client({ connectionString: scratch });
  await client.connect();
  try {
    const all = [...rows()];
    for (const { table, index } of Object.values(COPIES)) {
      await client.query(create(table));
      for (let i = 0; i < all.length; i += 2000) {
        const part = all.slice(i, i + 2000);
        await client.query(
          `INSERT INTO "${table}" SELECT * FROM unnest(${COLUMNS.map((_, c) => `$${c + 1}::text[]`).join(', ')})`,
          COLUMNS.map((_, c) => part.map((row) => row[c])),
        );
      }
      await client.query(`CREATE INDEX "${table}_list" ON "${table}" ${index(' NULLS FIRST')}`);
      // CREATE INDEX counts the rows; an imported table that was never analysed has no count.
      await client.query(`UPDATE pg_class SET reltuples = -1 WHERE oid = '"${table}"'::regclass`);
      await client.query(`DELETE FROM pg_statistic WHERE starelid = '"${table}"'::regclass`);
    }
    // A named statement per text, as `pg` prepares it once per connection (the first five runs are planned for their values).
    const names = new Map();
    const nameOf = (sql) => names.get(sql) ?? names.set(sql, `page_${names.size + 1}`).get(sql);
    const run = ({ sql, parameters, name }) => client.query(name ? { name: nameOf(sql), text: sql, values: parameters } : { text: sql, values: parameters });
    const plans = async () => {
      const found = new Map();
      for (const shape of SHAPES) for (const [copy, { table }] of Object.entries(COPIES)) found.set(`${shape.name} | ${copy}`, await planOf(client, statements(table, shape).page));
      return found;
    };
    print('PostgreSQL, no statistics', await measure(run, ['page', 'count', 'named']), await plans());
    for (const { table } of Object.values(COPIES)) await client.query(`ANALYZE "${table}"`);
    // ANALYZE invalidates the named statements' plans: they are planned again, with the statistics.
    print('PostgreSQL, after ANALYZE', await measure(run, ['page', 'count', 'named']), await plans());
  } finally {
    await client.end();
    await admin.query('DROP DATABASE IF EXISTS curbside_list_order_bench');
    await admin.end();
  }
}

async function sqlite() {
  const folder = mkdtempSync(join(tmpdir(), 'curbside-list-order-'));
  const db = new Database(join(folder, 'bench.sqlite'));
  try {
    const all = [...rows()];
    for (const { table, index } of Object.values(COPIES)) {
      db.exec(create(table));
      const insert = db.prepare(`INSERT INTO "${table}" VALUES (${COLUMNS.map(() => '?').join(', ')})`);
      db.transaction(() => all.forEach((row) => insert.run(row)))();
      db.exec(`CREATE INDEX "${table}_list" ON "${table}" ${index('')}`);
    }
    const sqliteText = (sql) => sql.replace(/\$\d+/g, '?');
    const run = async ({ sql, parameters }) => db.prepare(sqliteText(sql)).all(...parameters);
    const plans = () => {
      const found = new Map();
      for (const shape of SHAPES) {
        for (const [copy, { table }] of Object.entries(COPIES)) {
          const { sql, parameters } = statements(table, shape).page;
          const details = db.prepare(`EXPLAIN QUERY PLAN ${sqliteText(sql)}`).all(...parameters).map((row) => row.detail.replace(/ USING (COVERING )?INDEX \S+/, ' USING INDEX'));
          found.set(`${shape.name} | ${copy}`, details.join('; '));
        }
      }
      return found;
    };
    print('SQLite, no statistics', await measure(run), plans());
    db.exec('ANALYZE');
    print('SQLite, after ANALYZE', await measure(run), plans());
  } finally {
    db.close();
    rmSync(folder, { recursive: true, force: true });
  }
}

(async () => {
  console.log(`${RECORDS} invoices of customer ${CUSTOMER}, ${OTHERS} others of 200; fromDate 1990-01-01 takes every one (the worst case: the range is the customer)`);
  await postgres();
  await sqlite();
})().catch((error) => {
  console.error(error);
  process.exitCode = 1;
});
