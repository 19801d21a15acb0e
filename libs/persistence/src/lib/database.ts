import { DataSource, EntityManager } from 'typeorm';
import type { BetterSqlite3Driver } from 'typeorm/driver/better-sqlite3/BetterSqlite3Driver';
import { BetterSqlite3QueryRunner } from 'typeorm/driver/better-sqlite3/BetterSqlite3QueryRunner';
import { ENTITIES } from './resources';
import { SnakeNamingStrategy } from './naming-strategy';
import { loadSqliteDriver } from './sqlite-driver';
import { SQLITE_MIGRATIONS } from '../migrations/sqlite';
import { POSTGRES_MIGRATIONS } from '../migrations/postgres';

export type DatabaseLocation = { kind: 'sqlite'; path: string } | { kind: 'postgres'; url: string };

const EXPECTED = 'expected sqlite:<path> or postgres://user:pass@host:port/db';

/** Reads DATABASE_URL. Errors say what is wrong without echoing credentials. */
export function parseDatabaseUrl(url: string): DatabaseLocation {
  const value = url.trim();
  if (value.startsWith('sqlite:')) {
    const path = value.slice('sqlite:'.length);
    if (path === '') throw new Error(`DATABASE_URL names no SQLite file (${EXPECTED})`);
    return { kind: 'sqlite', path };
  }
  if (/^postgres(ql)?:\/\//.test(value)) {
    let parsed: URL;
    try {
      parsed = new URL(value);
    } catch {
      throw new Error(`DATABASE_URL is not a valid PostgreSQL URL (${EXPECTED})`);
    }
    if (parsed.hostname === '') throw new Error(`DATABASE_URL names no PostgreSQL host (${EXPECTED})`);
    if (parsed.pathname.length <= 1) throw new Error(`DATABASE_URL names no PostgreSQL database (${EXPECTED})`);
    return { kind: 'postgres', url: value };
  }
  const scheme = /^([a-z][a-z0-9+.-]*):/i.exec(value)?.[1];
  throw new Error(
    scheme
      ? `DATABASE_URL has unsupported scheme "${scheme}:" (${EXPECTED})`
      : `DATABASE_URL is not a database URL (${EXPECTED})`,
  );
}

export interface DatabaseOptions {
  /** How long a SQLite writer waits for another process's write lock; SQLITE_WRITE_WAIT_MS unless a test shortens it. */
  sqliteWriteWaitMs?: number;
}

/** A DataSource for DATABASE_URL, not yet initialized. The schema comes only from migrations. */
export function createDataSource(url: string, options: DatabaseOptions = {}): DataSource {
  const location = parseDatabaseUrl(url);
  const common = {
    entities: ENTITIES,
    namingStrategy: new SnakeNamingStrategy(),
    synchronize: false,
    migrationsRun: false,
  };
  if (location.kind === 'sqlite') {
    // TypeORM creates the file's parent directory and turns foreign keys on for every
    // better-sqlite3 connection. WAL lets readers of every process work while one writer
    // commits; with it, synchronous=NORMAL is still safe from corruption and makes a commit
    // cheap (no fsync until a checkpoint), so the write lock is held for less time. The busy
    // timeout is short: better-sqlite3 waits it out synchronously, holding the event loop. Only
    // the brief locks a reader can meet (WAL recovery, a checkpoint) are waited for that way;
    // a writer waits for another process's transaction asynchronously (`withTheWriteLock`).
    const dataSource = new DataSource({
      ...common,
      type: 'better-sqlite3',
      driver: loadSqliteDriver(),
      database: location.path,
      enableWAL: true,
      timeout: SQLITE_BUSY_TIMEOUT_MS,
      prepareDatabase: (db: { pragma(source: string): unknown }) => {
        db.pragma('synchronous = NORMAL');
      },
      migrations: SQLITE_MIGRATIONS,
    });
    const driver = dataSource.driver as BetterSqlite3Driver;
    driver.queryRunner = new ImmediateTransactionQueryRunner(driver);
    writeWaits.set(dataSource, options.sqliteWriteWaitMs ?? SQLITE_WRITE_WAIT_MS);
    return dataSource;
  }
  return new DataSource({ ...common, type: 'postgres', url: location.url, migrations: POSTGRES_MIGRATIONS });
}

/** How long a statement of this connection waits, synchronously, for a lock another process holds. */
const SQLITE_BUSY_TIMEOUT_MS = 200;

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
class WriteLockBusy extends Error {
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
async function withTheWriteLock<T>(dataSource: DataSource, attempt: () => Promise<T>): Promise<T> {
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
 * Brings the schema up to date (the migrations of the DataSource's driver) in one
 * transaction. Processes starting at once (API, notifier, CLI) take turns: each holds a
 * database-wide lock while it migrates, and the later ones find nothing left to do.
 */
export async function migrateDatabase(dataSource: DataSource): Promise<void> {
  if (dataSource.options.type === 'postgres') {
    await withPostgresLock(dataSource, MIGRATION_LOCK, () => dataSource.runMigrations({ transaction: 'all' }));
    return;
  }
  // better-sqlite3 has one connection: a write transaction opened here is the one the
  // migrations run in, and BEGIN IMMEDIATE makes another process wait for it.
  await withTheWriteLock(dataSource, () => dataSource.query('BEGIN IMMEDIATE'));
  try {
    await dataSource.runMigrations({ transaction: 'none' });
    await dataSource.query('COMMIT');
  } catch (error) {
    await dataSource.query('ROLLBACK');
    throw error;
  }
}

/** Any constant that no other application on the server uses as an advisory lock key. */
const MIGRATION_LOCK = 73_612_001;

async function withPostgresLock<T>(dataSource: DataSource, key: number, work: () => Promise<T>): Promise<T> {
  const lockHolder = dataSource.createQueryRunner();
  await lockHolder.connect();
  try {
    await lockHolder.query('SELECT pg_advisory_lock($1)', [key]);
    try {
      return await work();
    } finally {
      await lockHolder.query('SELECT pg_advisory_unlock($1)', [key]);
    }
  } finally {
    await lockHolder.release();
  }
}

/** Create, connect and migrate: what scripts, the CLI and tests need. */
export async function openDatabase(url: string, options: DatabaseOptions = {}): Promise<DataSource> {
  const dataSource = createDataSource(url, options);
  try {
    await dataSource.initialize();
  } catch (error) {
    throw new Error(`cannot open the database DATABASE_URL names: ${reasonOf(error)}`, { cause: error });
  }
  try {
    await migrateDatabase(dataSource);
  } catch (error) {
    await dataSource.destroy();
    throw new Error(`cannot bring the database schema up to date: ${reasonOf(error)}`, { cause: error });
  }
  return dataSource;
}

const reasonOf = (error: unknown): string => (error instanceof Error ? error.message : String(error));

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

function inTurn<T>(dataSource: DataSource, work: () => Promise<T>): Promise<T> {
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
 * Sets this process's connection for a run of many small write transactions (an import file, one
 * transaction per customer) until the returned function is called. SQLite copies its WAL into the
 * database file every BULK_CHECKPOINT_PAGES pages instead of every 1,000: each commit appends every
 * page it changed (a customer's rows touch some sixty B-tree pages), so with small checkpoints the
 * same index pages are copied back again and again. Transactions stay one per customer; what grows
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
 * Brings PostgreSQL's planner statistics of `tables` up to date (ANALYZE), so that plans made from
 * now on, the foreign-key checks' cached ones included, fit how big the tables have grown. No-op on
 * SQLite, which plans without statistics (and checks a foreign key by the parent's primary key).
 */
export async function refreshStatistics(dataSource: DataSource, tables: readonly string[]): Promise<void> {
  if (dataSource.options.type === 'postgres') await dataSource.query(`ANALYZE ${tables.map((table) => `"${table}"`).join(', ')}`);
}

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

/**
 * One SELECT, written with `?` placeholders, as raw rows: no query building, and on SQLite no
 * BEGIN/COMMIT around it (a single statement reads one snapshot anyway; it still takes its turn,
 * so it never runs inside another unit's open transaction). For the lookups every request makes.
 */
export function selectRaw<T>(dataSource: DataSource, sql: string, parameters: readonly unknown[]): Promise<T[]> {
  if (dataSource.options.type === 'better-sqlite3') return inTurn(dataSource, () => dataSource.query(sql, [...parameters]));
  return dataSource.query(numbered(sql), [...parameters]);
}

const numberedStatements = new Map<string, string>();
/** `?` → `$1`, `$2`… for PostgreSQL, remembered per statement text. */
function numbered(sql: string): string {
  let text = numberedStatements.get(sql);
  if (text === undefined) {
    let n = 0;
    numberedStatements.set(sql, (text = sql.replace(/\?/g, () => `$${++n}`)));
  }
  return text;
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

/** What a socket says when it cannot reach, or loses, the PostgreSQL server. */
const CONNECTION_ERRORS = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'EHOSTUNREACH', 'ENETUNREACH', 'ENOTFOUND', 'EAI_AGAIN']);
/** SQLSTATEs of a server that cannot take work now: shutting down, starting up, out of connections. */
const UNAVAILABLE_STATES = new Set(['57P01', '57P02', '57P03', '53300']);
/** node-postgres reports a connection lost, or never made, in a message of its own, with no code. */
const PG_CONNECTION_LOST = /^Connection terminated|is not queryable|timeout exceeded when trying to connect/;

/**
 * Whether `error` says the database cannot be used now rather than that the work is wrong: the
 * PostgreSQL server unreachable, its connection lost, the server shutting down or starting up;
 * the SQLite file locked by another process for longer than a writer waits. Retrying later may
 * succeed; nothing of the failed work was committed.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  // Duck-typed: errors of Node's sockets may come from another realm than this module's Error.
  let current = error as { code?: unknown; message?: unknown; driverError?: unknown; cause?: unknown } | null | undefined;
  for (let depth = 0; typeof current === 'object' && current !== null && depth < 5; depth++) {
    if (current instanceof WriteLockBusy) return true;
    const { code, message } = current;
    if (typeof code === 'string') {
      if (CONNECTION_ERRORS.has(code) || UNAVAILABLE_STATES.has(code) || code.startsWith('08') || code.startsWith('SQLITE_BUSY')) return true;
    } else if (typeof message === 'string' && PG_CONNECTION_LOST.test(message)) {
      return true;
    }
    current = (current.driverError ?? current.cause) as typeof current;
  }
  return false;
}
