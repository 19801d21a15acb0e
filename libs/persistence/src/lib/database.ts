import { DataSource, EntityManager } from 'typeorm';
import type { BetterSqlite3Driver } from 'typeorm/driver/better-sqlite3/BetterSqlite3Driver';
import { BetterSqlite3QueryRunner } from 'typeorm/driver/better-sqlite3/BetterSqlite3QueryRunner';
import { ENTITIES } from './resources';
import { SnakeNamingStrategy } from './naming-strategy';
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

/** A DataSource for DATABASE_URL, not yet initialized. The schema comes only from migrations. */
export function createDataSource(url: string): DataSource {
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
    // timeout is how long a writer waits for another process's transaction to commit.
    const dataSource = new DataSource({
      ...common,
      type: 'better-sqlite3',
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
    return dataSource;
  }
  return new DataSource({ ...common, type: 'postgres', url: location.url, migrations: POSTGRES_MIGRATIONS });
}

/** How long a writer waits for another process's write transaction before failing. */
const SQLITE_BUSY_TIMEOUT_MS = 10_000;

/**
 * TypeORM begins SQLite transactions DEFERRED: they start as readers and fail at once with
 * SQLITE_BUSY(_SNAPSHOT) when their first write finds another process has written meanwhile,
 * which no busy timeout helps. This query runner (the driver's one, shared by all work on its
 * one connection) begins them IMMEDIATE instead: the write lock is taken at BEGIN, waiting out
 * the busy timeout, and then nothing in the transaction can fail for being busy.
 */
class ImmediateTransactionQueryRunner extends BetterSqlite3QueryRunner {
  override query(...[sql, ...rest]: Parameters<BetterSqlite3QueryRunner['query']>): ReturnType<BetterSqlite3QueryRunner['query']> {
    return super.query(sql === 'BEGIN TRANSACTION' ? 'BEGIN IMMEDIATE TRANSACTION' : sql, ...rest);
  }
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
  // migrations run in, and BEGIN IMMEDIATE makes another process wait (busy timeout) for it.
  await dataSource.query('BEGIN IMMEDIATE');
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
export async function openDatabase(url: string): Promise<DataSource> {
  const dataSource = createDataSource(url);
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

/** Runs `work` in one database transaction; every write in this library goes through here. Do not nest calls. */
export function inTransaction<T>(dataSource: DataSource, work: (manager: EntityManager) => Promise<T>): Promise<T> {
  return inTurn(dataSource, () => dataSource.transaction(work));
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
