import { DataSource, EntityManager } from 'typeorm';
import type { BetterSqlite3Driver } from 'typeorm/driver/better-sqlite3/BetterSqlite3Driver';
import { BetterSqlite3QueryRunner } from 'typeorm/driver/better-sqlite3/BetterSqlite3QueryRunner';

/*
 * Units of work on either database: transactions, reads, single selects. On SQLite (one connection per
 * process, several processes per file) each unit takes its turn on the connection, and a writer waits
 * for another process's write lock without holding the event loop.
 */

/** How long a statement of this connection waits, synchronously, for a lock another process holds. */
export const SQLITE_BUSY_TIMEOUT_MS = 200;

/** How long a writer waits, asynchronously, for another process's write transaction before failing. */
const SQLITE_WRITE_WAIT_MS = 10_000;
const writeWaits = new WeakMap<DataSource, number>();
/** The pauses between tries for the write lock: doubling from the first to the last. */
const FIRST_PAUSE_MS = 5;
const LAST_PAUSE_MS = 100;

/**
 * The write lock of a SQLite file was held by another process at the one try of `BEGIN
 * IMMEDIATE`; nothing of the transaction ran. Once `withTheWriteLock` gives up, the database is
 * unavailable to writers (`isDatabaseUnavailable`).
 */
export class WriteLockBusy extends Error {
  constructor(cause: unknown) {
    super('the SQLite write lock is held by another process', { cause });
    this.name = 'WriteLockBusy';
  }
}

/**
 * TypeORM begins SQLite transactions DEFERRED: they start as readers and fail at once with
 * SQLITE_BUSY(_SNAPSHOT) when their first write finds another process has written meanwhile,
 * which no busy timeout helps. This query runner (the driver's one, shared by all work on its
 * one connection) begins them IMMEDIATE instead: the write lock is taken at BEGIN, and then
 * nothing in the transaction can fail for being busy. BEGIN tries once, with no busy timeout (a
 * synchronous wait would hold the event loop): when another process holds the lock it throws
 * `WriteLockBusy`, and `withTheWriteLock` tries again later.
 */
class ImmediateTransactionQueryRunner extends BetterSqlite3QueryRunner {
  override async query(...[sql, ...rest]: Parameters<BetterSqlite3QueryRunner['query']>): ReturnType<BetterSqlite3QueryRunner['query']> {
    if (sql !== 'BEGIN TRANSACTION' && sql !== 'BEGIN IMMEDIATE') return super.query(sql, ...rest);
    const connection = (this.driver as BetterSqlite3Driver).databaseConnection as { pragma(source: string): unknown };
    connection.pragma('busy_timeout = 0');
    try {
      return await super.query('BEGIN IMMEDIATE', ...rest);
    } catch (error) {
      // TypeORM marks the transaction active before its BEGIN and would never unmark it.
      this.isTransactionActive = false;
      throw sqliteCode(error) === 'SQLITE_BUSY' ? new WriteLockBusy(error) : error;
    } finally {
      connection.pragma(`busy_timeout = ${SQLITE_BUSY_TIMEOUT_MS}`);
    }
  }
}

/**
 * Runs `attempt` (which begins with `BEGIN IMMEDIATE`) until it gets the write lock, pausing on a
 * timer between tries, so that the process serves other requests meanwhile; after
 * SQLITE_WRITE_WAIT_MS it gives up with the last `WriteLockBusy`.
 */
export async function withTheWriteLock<T>(dataSource: DataSource, attempt: () => Promise<T>): Promise<T> {
  const deadline = Date.now() + (writeWaits.get(dataSource) ?? SQLITE_WRITE_WAIT_MS);
  for (let pause = FIRST_PAUSE_MS; ; pause = Math.min(2 * pause, LAST_PAUSE_MS)) {
    try {
      return await attempt();
    } catch (error) {
      if (!(error instanceof WriteLockBusy) || Date.now() >= deadline) throw error;
    }
    await new Promise((resolve) => setTimeout(resolve, Math.min(pause, Math.max(0, deadline - Date.now()))));
  }
}

/** The SQLite result code of a better-sqlite3 error, also when TypeORM wrapped it. */
function sqliteCode(error: unknown): string | undefined {
  const driverError = (error as { driverError?: unknown } | null)?.driverError ?? error;
  const code = (driverError as { code?: unknown } | null)?.code;
  return typeof code === 'string' && code.startsWith('SQLITE_') ? code : undefined;
}

/**
 * Makes `dataSource` (better-sqlite3) begin its transactions IMMEDIATE and wait up to `writeWaitMs`,
 * asynchronously, for another process's write lock: see `ImmediateTransactionQueryRunner`.
 */
export function useTheWriteLock(dataSource: DataSource, writeWaitMs = SQLITE_WRITE_WAIT_MS): void {
  const driver = dataSource.driver as BetterSqlite3Driver;
  driver.queryRunner = new ImmediateTransactionQueryRunner(driver);
  writeWaits.set(dataSource, writeWaitMs);
}

const sqliteTurns = new WeakMap<DataSource, Promise<unknown>>();

/**
 * TypeORM's better-sqlite3 driver shares one connection, so work that awaits between its
 * statements would interleave on it with other requests' work: a read could see another
 * request's uncommitted rows, or a lone write land inside someone else's transaction. On
 * SQLite every unit of work therefore takes its turn; the driver is synchronous, so turns
 * cost ordering, not parallelism. PostgreSQL gives each unit its own pooled connection.
 */
/**
 * Resolves after the event loop has gone round once: a turn starts in a task of its own, so that
 * a queue of turns (each synchronous on better-sqlite3) never holds the loop for the whole queue:
 * sockets are read and timers fire in between (a graceful shutdown counts on reading every request).
 */
const afterTheLoopGoesRound = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

export function inTurn<T>(dataSource: DataSource, work: () => Promise<T>): Promise<T> {
  if (dataSource.options.type !== 'better-sqlite3') return work();
  const previous = sqliteTurns.get(dataSource) ?? Promise.resolve();
  const next = previous.catch(() => undefined).then(afterTheLoopGoesRound).then(work);
  sqliteTurns.set(dataSource, next);
  return next;
}

/**
 * Runs `work` in one database transaction; every write in this library goes through here. Do not
 * nest calls. On SQLite each try for the write lock takes a turn of its own, so that other work of
 * this process (reads, writes that need no wait) takes its turns while this one waits for
 * another process's lock.
 */
export function inTransaction<T>(dataSource: DataSource, work: (manager: EntityManager) => Promise<T>): Promise<T> {
  if (dataSource.options.type !== 'better-sqlite3') return dataSource.transaction(work);
  return withTheWriteLock(dataSource, () => inTurn(dataSource, () => dataSource.transaction(work)));
}

/**
 * Runs the statements of one read; every read in this library goes through here, so that it
 * never sees a transaction half done: on SQLite its statements share one read snapshot (a
 * deferred transaction that only reads never waits for, nor blocks, a writer in WAL mode), so
 * that a commit of another process cannot land between them. Do not nest calls, nor call
 * inside a transaction.
 */
export function inRead<T>(dataSource: DataSource, work: (manager: EntityManager) => Promise<T>): Promise<T> {
  if (dataSource.options.type !== 'better-sqlite3') return work(dataSource.manager);
  return inTurn(dataSource, async () => {
    await dataSource.query('BEGIN DEFERRED');
    try {
      return await work(dataSource.manager);
    } finally {
      await dataSource.query('COMMIT');
    }
  });
}
