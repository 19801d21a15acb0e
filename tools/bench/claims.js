#!/usr/bin/env node
/*
 * What one claim of due deliveries costs as the delivered rows pile up (issue 33, item 4: a
 * million-customer drain slowed from ~1,000 to ~300 emails/s): a scratch PostgreSQL database
 * migrated by this checkout, `--delivered` delivered rows and `--pending` pending ones written
 * in SQL, then the notifier's own claim (`DeliveryRepository.claimDue`, the batch of 100) timed
 * `--claims` times with the partial index of the pending rows and `--claims` times without it
 * (dropped for the second half, as the schema was before migration 1764600000000), alternating
 * in rounds. The claims are undone after each round so each round sees the same rows.
 *
 *   npm run build && BENCH_POSTGRES_URL=postgres://postgres@127.0.0.1:5432/postgres \
 *     node tools/bench/claims.js [--delivered=1000000] [--pending=10000] [--claims=20] [--rounds=2]
 */
const { Client } = require('pg');
const { DeliveryRepository, openDatabase } = require('@curbside/persistence');

const option = (name, fallback) => Number(process.argv.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3) ?? fallback);
const delivered = option('delivered', 1_000_000);
const pending = option('pending', 10_000);
const claims = option('claims', 20);
const rounds = option('rounds', 2);
const server = process.env.BENCH_POSTGRES_URL;
if (!server) throw new Error('BENCH_POSTGRES_URL names a PostgreSQL server (its database is only used to make a scratch one)');
const database = `curbside_claims_${process.pid}`;
const urlOf = (name) => Object.assign(new URL(server), { pathname: `/${name}` }).toString();

async function onServer(sql) {
  const client = new Client({ connectionString: server });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

const ROWS = (state, count, from) => `INSERT INTO "deliveries" ("event_id", "customer_id", "channel", "address", "selection_type", "idempotency_key",
  "state", "attempts", "created_at", "next_attempt_at", "delivered_at")
  SELECT n, lpad(n::text, 8, '0'), 'Email', 'c' || n || '@example.com', 'SEMAIL', 'curbside-' || n || '-email-semail',
    '${state}', ${state === 'delivered' ? 1 : 0}, '2026-11-27T10:00:00.000', '2026-11-27T10:00:00.000', ${state === 'delivered' ? "'2026-11-27T10:00:01.000'" : 'NULL'}
  FROM generate_series(${from}, ${from + count - 1}) AS n`;

async function timedClaims(repository) {
  const times = [];
  for (let i = 0; i < claims; i++) {
    const started = process.hrtime.bigint();
    const claimed = await repository.claimDue(`bench-${i}`, 100, 60, [], new Date('2026-11-27T12:00:00Z'));
    times.push(Number(process.hrtime.bigint() - started) / 1e6);
    if (claimed.length !== 100) throw new Error(`claimed ${claimed.length}, not 100`);
  }
  return times.sort((a, b) => a - b)[Math.floor(times.length / 2)];
}

async function main() {
  await onServer(`CREATE DATABASE "${database}"`);
  try {
    const dataSource = await openDatabase(urlOf(database));
    await dataSource.query(ROWS('delivered', delivered, 1));
    await dataSource.query(ROWS('pending', pending, delivered + 1));
    await dataSource.query('ANALYZE "deliveries"');
    const repository = new DeliveryRepository(dataSource);
    const unclaim = () => dataSource.query(`UPDATE "deliveries" SET "claimed_by" = NULL, "claimed_until" = NULL WHERE "claimed_by" IS NOT NULL`);
    const results = [];
    for (let round = 1; round <= rounds; round++) {
      await unclaim();
      const withIndex = await timedClaims(repository);
      await dataSource.query(`DROP INDEX "idx_deliveries_pending_id"`);
      await unclaim();
      const withoutIndex = await timedClaims(repository);
      await dataSource.query(`CREATE INDEX "idx_deliveries_pending_id" ON "deliveries" ("id") WHERE "state" = 'pending'`);
      results.push({ round, withIndex, withoutIndex });
    }
    await dataSource.destroy();
    process.stdout.write(
      [
        `Node ${process.version}; ${delivered} delivered and ${pending} pending deliveries; median of ${claims} claims of 100`,
        '',
        '| round | claim ms, with the pending index | claim ms, without | without / with |',
        '|---:|---:|---:|---:|',
        ...results.map(({ round, withIndex, withoutIndex }) => `| ${round} | ${withIndex.toFixed(2)} | ${withoutIndex.toFixed(2)} | ${(withoutIndex / withIndex).toFixed(1)} |`),
        '',
      ].join('\n'),
    );
  } finally {
    await onServer(`DROP DATABASE IF EXISTS "${database}" WITH (FORCE)`);
  }
}

main().catch((error) => {
  process.stderr.write(`claims bench failed: ${error.stack}\n`);
  process.exit(1);
});
