#!/usr/bin/env node
/*
 * A hauler bench's database times K, by SQL: a million customers to read without
 * importing a million. A PostgreSQL database that holds the N customers of a hauler bench's import
 * (`npm run bench -- --customers=N`, BENCH_DATABASE_URL) is copied (`CREATE DATABASE … TEMPLATE`),
 * and every row of every table keyed by customer (the customers, and every table with a
 * `customer_id`: contacts, preferences, services, their operations, fees and pickups, tickets and
 * their lines, disposal tickets, invoices, balances, cases, activities, profiles, notes, …) is copied
 * K−1 more times under new customer ids: copy k (1..K−1) of customer `<id>` is `<id><k>`, its rows'
 * own ids unchanged (every such table's primary key starts with `customer_id`). So copy k of hauler
 * customer n has the records the generator gave customer n, which is how the hauler bench's
 * `--existing --times=K` finds their ticket, invoice, case and service ids. Left as they are: the API
 * clients and their grants, events, deliveries and the other tables not of a customer's records.
 * Nothing is vacuumed or analysed: the copy is as a day's bulk writes leave it (autovacuum aside).
 * The source is only read; the copy is kept (drop it when done).
 *
 *   npm run bench -- hauler-scale --source=postgres://postgres@127.0.0.1:5432/million_n100k --times=10 [--target=million_n100k_x10]
 */
const { databasesOn } = require("../fixtures/pg-database");
const { option } = require("../harness/args");

const source = new URL(option("source", ""));
const times = Number(option("times", 10));
const target = option("target", `${source.pathname.slice(1)}_x${times}`);

/** Tables with a `customer_id` that are not a customer's records: left as they are. */
const NOT_RECORDS = new Set([
  "api_client_customers",
  "events",
  "deliveries",
  "outbox_subscriber_cursors",
  "feed_link_revocations",
]);

const { urlOf, onDatabase } = databasesOn(source);

async function main() {
  if (!source.pathname || source.pathname === "/")
    throw new Error(
      "--source=postgres://…/<a hauler bench database> is required",
    );
  if (!Number.isInteger(times) || times < 2 || times > 10)
    throw new Error(
      "--times must be a whole number from 2 to 10 (copy ids are `<id><k>`, k one digit)",
    );
  const started = Date.now();
  await onDatabase("postgres", async (client) => {
    await client.query(`DROP DATABASE IF EXISTS "${target}"`);
    await client.query(
      `CREATE DATABASE "${target}" TEMPLATE "${source.pathname.slice(1)}"`,
    );
  });
  console.error(
    `${target}: a copy of ${source.pathname.slice(1)} (${((Date.now() - started) / 1000).toFixed(1)} s)`,
  );
  const customers = await onDatabase(target, async (client) => {
    const lengths = (
      await client.query(
        "SELECT MIN(LENGTH(id)) AS low, MAX(LENGTH(id)) AS high FROM customers",
      )
    ).rows[0];
    // `<id><k>` is new only when every id has the same length (the hauler's do: 30000000 + n).
    if (lengths.low !== lengths.high)
      throw new Error(
        `customer ids of ${lengths.low} to ${lengths.high} characters: copies could collide`,
      );
    const { rows } = await client.query(
      `SELECT table_name, string_agg(quote_ident(column_name), ',' ORDER BY ordinal_position) AS columns,
              bool_or(column_name = 'customer_id') AS keyed
         FROM information_schema.columns WHERE table_schema = 'public' GROUP BY table_name ORDER BY table_name`,
    );
    await client.query("SET synchronous_commit = off");
    // Copies of consistent rows: the foreign keys' triggers are not fired (a parent's copy may come after its child's).
    await client.query("SET session_replication_role = replica");
    for (const { table_name: table, columns, keyed } of rows) {
      const key =
        table === "customers"
          ? "id"
          : keyed && !NOT_RECORDS.has(table)
            ? "customer_id"
            : null;
      if (key === null) continue;
      const selected = columns
        .split(",")
        .map((column) => (column === key ? `x.${column} || k` : `x.${column}`))
        .join(", ");
      const at = Date.now();
      const inserted = await client.query(
        `INSERT INTO "${table}" (${columns}) SELECT ${selected} FROM "${table}" x, generate_series(1, ${times - 1}) k`,
      );
      console.error(
        `${table}: ${inserted.rowCount} rows (${((Date.now() - at) / 1000).toFixed(1)} s)`,
      );
    }
    return Number(
      (await client.query("SELECT COUNT(*) AS n FROM customers")).rows[0].n,
    );
  });
  console.log(
    `${target}: ${customers} customers, ${((Date.now() - started) / 1000).toFixed(0)} s`,
  );
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
