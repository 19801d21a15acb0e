import type { DataSource, EntityManager } from 'typeorm';
import { inTurn } from './transactions';

/**
 * Sets this process's connection for a run of many write transactions (an import file, a few
 * customers each) until the returned function is called. SQLite copies its WAL into the
 * database file every BULK_CHECKPOINT_PAGES pages instead of every 1,000: each commit appends every
 * page it changed (a customer's rows touch some sixty B-tree pages), so with small checkpoints the
 * same index pages are copied back again and again. What grows
 * is the WAL file between checkpoints. PostgreSQL needs nothing here (see `relaxedCommit`).
 */
export async function startBulkWrites(dataSource: DataSource): Promise<() => Promise<void>> {
  if (dataSource.options.type !== 'better-sqlite3') return async () => undefined;
  await inTurn(dataSource, () => dataSource.query(`PRAGMA wal_autocheckpoint = ${BULK_CHECKPOINT_PAGES}`));
  return async () => {
    await inTurn(dataSource, async () => {
      await dataSource.query(`PRAGMA wal_autocheckpoint = ${DEFAULT_CHECKPOINT_PAGES}`);
      await dataSource.query('PRAGMA wal_checkpoint(PASSIVE)');
    });
  };
}

/**
 * Brings the planner statistics of `tables` up to date after a bulk write (an import, the notice
 * run, `seed`), as PostgreSQL advises after a bulk load: ANALYZE on PostgreSQL, so that
 * plans made from now on, the foreign-key checks' cached ones included, fit how big the tables have
 * grown (autovacuum may be off, or not have run yet); ANALYZE on SQLite too, its sampling bounded
 * by `analysis_limit` so that a million customers cost what a thousand do. No read depends on them
 * to stay fast (the query-plan suites hold the reads to their indexes with and without statistics).
 */
export async function refreshStatistics(dataSource: DataSource, tables: readonly string[]): Promise<void> {
  const list = tables.map((table) => `"${table}"`);
  if (dataSource.options.type === 'postgres') {
    await dataSource.query(`ANALYZE ${list.join(', ')}`);
    return;
  }
  await inTurn(dataSource, async () => {
    await dataSource.query(`PRAGMA analysis_limit = ${SQLITE_ANALYSIS_ROWS}`);
    for (const table of list) await dataSource.query(`ANALYZE ${table}`);
  });
}

/** Index entries SQLite's ANALYZE reads per index (an approximate count past it: https://sqlite.org/lang_analyze.html#approx). */
const SQLITE_ANALYSIS_ROWS = 1_000;

/** 40 MiB of 4 KiB pages. */
const BULK_CHECKPOINT_PAGES = 10_000;
/** SQLite's default. */
const DEFAULT_CHECKPOINT_PAGES = 1_000;

/**
 * In a PostgreSQL transaction, lets its COMMIT return before the WAL reaches the disk: for writes
 * that can simply be done again (an import creates or replaces by id). A server crash may lose the
 * last fraction of a second of such commits, never half of one; nothing else changes. No-op on SQLite,
 * whose commits (WAL, synchronous=NORMAL) do not wait for the disk anyway.
 */
export async function relaxedCommit(manager: EntityManager): Promise<void> {
  if (manager.connection.options.type === 'postgres') await manager.query('SET LOCAL synchronous_commit = off');
}
