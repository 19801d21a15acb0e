#!/usr/bin/env node
/*
 * The raw-insert ceiling of a hauler import: every row the CLI's import wrote
 * into SOURCE (every table of customer records, the customers and the holiday calendar), inserted
 * again into TARGET, an empty migrated database of the same driver, the way a bulk loader would:
 * multi-row INSERTs of as many rows as the driver's parameter limit allows, 20,000 rows a
 * transaction, foreign keys not checked. No parsing, no mapping, no per-customer transaction:
 * what the database alone costs for the same rows. Writes `{ "rows": n, "tables": n }` to REPORT.
 *
 *   node copy-rows.js sqlite:/path/source.sqlite sqlite:/path/target.sqlite REPORT
 *   node copy-rows.js postgres://…/source postgres://…/target REPORT
 */
const ROWS_PER_TRANSACTION = 20_000;
const PARAMETERS_PER_STATEMENT = { sqlite: 32_000, postgres: 65_000 };
/** Tables that are not customer records: the schema's own, API clients, the notifier's work. */
const NOT_RECORDS = /^(migrations|typeorm_metadata|api_clients|api_client_customers|signing_keys|webhooks|events|deliveries|notice_runs|route_alerts|idempotency_keys|service_requests|sqlite_.*)$/;

function sqlite(url) {
  const db = require('./sqlite').openSqlite(url.slice('sqlite:'.length));
  return {
    kind: 'sqlite',
    tables: async () => db.prepare(`SELECT name FROM sqlite_master WHERE type = 'table'`).all().map((row) => row.name),
    columns: async (table) => db.prepare(`SELECT name FROM pragma_table_info(?)`).all(table).map((row) => row.name),
    /** Rows of `table` in pages, as arrays of values in `columns` order. */
    async *rows(table, columns) {
      yield* db.prepare(`SELECT ${columns.map((c) => `"${c}"`).join(', ')} FROM "${table}"`).raw().iterate();
    },
    begin: async () => db.exec('PRAGMA foreign_keys = OFF; BEGIN'),
    commit: async () => db.exec('COMMIT'),
    insert: async (sql, values) => db.prepare(sql).run(...values),
    close: async () => db.close(),
  };
}

async function postgres(url) {
  const { Client } = require('pg');
  const client = new Client({ connectionString: url });
  await client.connect();
  return {
    kind: 'postgres',
    tables: async () => (await client.query(`SELECT tablename AS name FROM pg_tables WHERE schemaname = current_schema()`)).rows.map((row) => row.name),
    columns: async (table) =>
      (await client.query(`SELECT column_name AS name FROM information_schema.columns WHERE table_schema = current_schema() AND table_name = $1 ORDER BY ordinal_position`, [table])).rows.map((row) => row.name),
    async *rows(table, columns) {
      for (let offset = 0; ; offset += 10_000) {
        const { rows } = await client.query({ text: `SELECT ${columns.map((c) => `"${c}"`).join(', ')} FROM "${table}" ORDER BY ctid LIMIT 10000 OFFSET ${offset}`, rowMode: 'array' });
        yield* rows;
        if (rows.length < 10_000) return;
      }
    },
    begin: async () => client.query(`BEGIN; SET LOCAL session_replication_role = replica`),
    commit: async () => client.query('COMMIT'),
    insert: async (sql, values) => client.query(sql, values),
    close: async () => client.end(),
  };
}

const open = (url) => (url.startsWith('sqlite:') ? sqlite(url) : postgres(url));

function insertStatement(kind, table, columns, count) {
  let n = 0;
  const row = () => `(${columns.map(() => (kind === 'postgres' ? `$${++n}` : '?')).join(', ')})`;
  return `INSERT INTO "${table}" (${columns.map((c) => `"${c}"`).join(', ')}) VALUES ${Array.from({ length: count }, row).join(', ')}`;
}

async function main() {
  const [sourceUrl, targetUrl, reportFile] = process.argv.slice(2);
  const [source, target] = [await open(sourceUrl), await open(targetUrl)];
  const tables = (await source.tables()).filter((table) => !NOT_RECORDS.test(table));
  let copied = 0;
  let inTransaction = 0;
  await target.begin();
  for (const table of tables) {
    const columns = await source.columns(table);
    const perStatement = Math.max(1, Math.floor(PARAMETERS_PER_STATEMENT[target.kind] / columns.length));
    let batch = [];
    const flush = async () => {
      if (batch.length === 0) return;
      await target.insert(insertStatement(target.kind, table, columns, batch.length), batch.flat());
      copied += batch.length;
      inTransaction += batch.length;
      batch = [];
      if (inTransaction >= ROWS_PER_TRANSACTION) {
        await target.commit();
        await target.begin();
        inTransaction = 0;
      }
    };
    for await (const row of source.rows(table, columns)) {
      batch.push(row);
      if (batch.length === perStatement) await flush();
    }
    await flush();
  }
  await target.commit();
  await Promise.all([source.close(), target.close()]);
  require('node:fs').writeFileSync(reportFile, `${JSON.stringify({ rows: copied, tables: tables.length })}\n`);
}

main().catch((error) => {
  process.stderr.write(`copy-rows failed: ${error.stack}\n`);
  process.exit(1);
});
