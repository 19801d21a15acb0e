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
 * Then a page after a cursor (issue 45, item 1, cursors): on the list-order copy, the first page
 * of 10 and of 1,000 against the page after 8,000 rows (the 801st of 10, the 9th of 1,000), the cursor written as the OR condition `selectPage`
 * sent before (`date < ? OR date IS NULL OR (date = ? AND …)`) and as the row-value range it sends
 * now (`(date, LENGTH(id), id) < (?, ?, ?)`, `cursorArms`' first arm; its second, the undated rows,
 * runs only when a page is short, never here: every invoice has a date), without and with a date
 * range; named with the limit bound on PostgreSQL as `rawMany` sends them, medians in ms, the
 * deep page over the first within one run, and each deep page's plan.
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

/** Row `n` (0-based) of the customer's invoices newest first, as `rows` writes them: where a cursor after it points. */
const positionAt = (n) => ({ date: new Date(Date.UTC(2026, 10, 27) - n * 86_400_000).toISOString().slice(0, 10), id: String(700000 + RECORDS - n) });

/** Where the deep page starts: after this many rows of the customer. */
const DEEP = 8000;

/** The list-order copy's first page and its page after `DEEP` rows, the cursor as before (OR) and as now (row value), as named statements with the limit bound. */
function cursorStatements({ limit, from }) {
  const table = COPIES['list order'].table;
  const select = COLUMNS.map((c) => `"r"."${c}" AS "r_${c}"`).join(', ');
  const order = `ORDER BY "r"."date" DESC NULLS LAST, LENGTH("r"."id") DESC, "r"."id" DESC`;
  const filtered = from === null ? { where: `"r"."customer_id" = $1`, parameters: [CUSTOMER] } : { where: `"r"."customer_id" = $1 AND "r"."date" >= $2`, parameters: [CUSTOMER, from] };
  const k = filtered.parameters.length;
  const cursor = positionAt(DEEP - 1);
  const page = (condition, values) => ({
    sql: `SELECT ${select} FROM "${table}" "r" WHERE ${filtered.where}${condition} ${order} LIMIT $${k + values.length + 1}`,
    parameters: [...filtered.parameters, ...values, limit + 1],
    name: true,
  });
  const { date, id } = cursor;
  return {
    'first page': page('', []),
    'deep, OR (before)': page(
      ` AND ("r"."date" < $${k + 1} OR "r"."date" IS NULL OR ("r"."date" = $${k + 2} AND (LENGTH("r"."id") < $${k + 3} OR (LENGTH("r"."id") = $${k + 4} AND "r"."id" < $${k + 5}))))`,
      [date, date, id.length, id.length, id],
    ),
    'deep, row value (now)': page(` AND ("r"."date", LENGTH("r"."id"), "r"."id") < ($${k + 1}, $${k + 2}, $${k + 3})`, [date, id.length, id]),
  };
}

const CURSOR_SHAPES = [
  { name: 'page of 10', limit: 10, from: null },
  { name: 'page of 10, fromDate', limit: 10, from: '1990-01-01' },
  { name: 'page of 1,000', limit: 1000, from: null },
  { name: 'page of 1,000, fromDate', limit: 1000, from: '1990-01-01' },
];

/** Median ms of each cursor statement per shape, the statements alternating within a round; checks that both deep pages hold the same rows first. */
async function measureCursors(run, planOfStatement) {
  const times = new Map();
  for (const shape of CURSOR_SHAPES) {
    const statements = cursorStatements(shape);
    const [before, now] = [await run(statements['deep, OR (before)']), await run(statements['deep, row value (now)'])];
    if (JSON.stringify(before) !== JSON.stringify(now) || now.length !== shape.limit + 1) throw new Error(`${shape.name}: the two cursors' pages differ`);
  }
  for (let round = 0; round < ROUNDS + 1; round++) {
    for (const shape of CURSOR_SHAPES) {
      for (const [part, statement] of Object.entries(cursorStatements(shape))) {
        const start = process.hrtime.bigint();
        await run(statement);
        const ms = Number(process.hrtime.bigint() - start) / 1e6;
        if (round > 0) times.set(`${shape.name} | ${part}`, [...(times.get(`${shape.name} | ${part}`) ?? []), ms]);
      }
    }
  }
  const rows = [];
  for (const shape of CURSOR_SHAPES) {
    const ms = (part) => median(times.get(`${shape.name} | ${part}`));
    const statements = cursorStatements(shape);
    const first = ms('first page');
    const cell = (part) => `${ms(part).toFixed(2)} (${(ms(part) / first).toFixed(1)}×)`;
    rows.push(
      `| ${shape.name} | ${first.toFixed(2)} | ${cell('deep, OR (before)')} | ${cell('deep, row value (now)')} | ${await planOfStatement(statements['deep, OR (before)'])} → ${await planOfStatement(statements['deep, row value (now)'])} |`,
    );
  }
  return rows;
}

function printCursors(title, rows) {
  console.log(`\n${title}: the page after ${DEEP} rows (a cursor), list-order copy (median of ${ROUNDS} rounds, ms; × the first page)`);
  console.log(`| shape | first page | after ${DEEP}, OR (before) | after ${DEEP}, row value (now) | deep page's plan, before → now |`);
  console.log('|---|---:|---:|---:|---|');
  for (const row of rows) console.log(row);
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
    // A named statement's plan once PostgreSQL keeps one for every value: its generic plan, with the scan's index condition.
    const genericPlan = async ({ sql, parameters }) => {
      const literal = (value) => (typeof value === 'number' ? String(value) : `'${value}'`);
      await client.query('SET plan_cache_mode = force_generic_plan');
      await client.query(`PREPARE bench_plan AS ${sql}`);
      try {
        const [{ 'QUERY PLAN': [{ Plan }] }] = (await client.query(`EXPLAIN (FORMAT JSON) EXECUTE bench_plan(${parameters.map(literal).join(', ')})`)).rows;
        let node = Plan;
        while (node.Plans) node = node.Plans[0];
        return `${node['Node Type']}${node['Scan Direction'] === 'Backward' ? ' Backward' : ''}, Index Cond: ${node['Index Cond']}${node.Filter ? `, Filter: ${node.Filter}` : ''}`;
      } finally {
        await client.query('DEALLOCATE bench_plan');
        await client.query('RESET plan_cache_mode');
      }
    };
    const rowsOf = async (statement) => (await run(statement)).rows;
    print('PostgreSQL, no statistics', await measure(run, ['page', 'count', 'named']), await plans());
    printCursors('PostgreSQL, no statistics', await measureCursors(rowsOf, genericPlan));
    for (const { table } of Object.values(COPIES)) await client.query(`ANALYZE "${table}"`);
    // ANALYZE invalidates the named statements' plans: they are planned again, with the statistics.
    print('PostgreSQL, after ANALYZE', await measure(run, ['page', 'count', 'named']), await plans());
    printCursors('PostgreSQL, after ANALYZE', await measureCursors(rowsOf, genericPlan));
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
    const sqlitePlan = async ({ sql, parameters }) =>
      db.prepare(`EXPLAIN QUERY PLAN ${sqliteText(sql)}`).all(...parameters).map((row) => row.detail).join('; ');
    print('SQLite, no statistics', await measure(run), plans());
    printCursors('SQLite, no statistics', await measureCursors(run, sqlitePlan));
    db.exec('ANALYZE');
    print('SQLite, after ANALYZE', await measure(run), plans());
    printCursors('SQLite, after ANALYZE', await measureCursors(run, sqlitePlan));
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
