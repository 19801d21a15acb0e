import { DataSource } from 'typeorm';
import { reasonOf } from '@curbside/domain';
import { ENTITIES } from '../entities/all';
import { SnakeNamingStrategy } from '../naming-strategy';
import { loadSqliteDriver } from '../sqlite-driver';
import { MIGRATIONS } from '../../migrations';
import { SQLITE_BUSY_TIMEOUT_MS, useTheWriteLock, withTheWriteLock } from './transactions';
import { parseDatabaseUrl } from './url';

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
      // Bulk INSERTs come in ten sizes per table (`sqliteStatementParts`): room for all of them.
      statementCacheSize: 400,
      prepareDatabase: (db: { pragma(source: string): unknown }) => {
        db.pragma('synchronous = NORMAL');
      },
      migrations: MIGRATIONS,
    });
    useTheWriteLock(dataSource, options.sqliteWriteWaitMs);
    return dataSource;
  }
  return new DataSource({ ...common, type: 'postgres', url: location.url, extra: { options: postgresSessionOptions() }, migrations: MIGRATIONS });
}

/**
 * The settings every PostgreSQL session of Curbside starts with. Its statements are index reads of
 * a page and batch writes: compiling one with JIT (up to 60 ms for a plan the planner costs above
 * `jit_above_cost`) or starting parallel workers for it costs more CPU than it saves, CPU the
 * writers share (a million customers' notice run: the server's CPU 50 s instead of 62–67 s).
 * The prepared reads' named statements are planned once, generically, from their first run
 * (`plan_cache_mode`): that generic plan is the one `list-plans.spec.ts` holds to the list's index
 * order, where PostgreSQL's default plans a statement's first five runs for their values, which on
 * a table without statistics sorts (a page of 1,000 of 10,000: 18 ms instead of 0.4).
 * Unnamed statements (TypeORM's) are planned for their values whatever this says. An operator's
 * `PGOPTIONS` comes after, so it overrides these; `options` in DATABASE_URL replaces them.
 * (`jit` needs PostgreSQL 11 or later, `plan_cache_mode` 12; the compose file runs 17.)
 */
function postgresSessionOptions(): string {
  return ['-c jit=off -c max_parallel_workers_per_gather=0 -c plan_cache_mode=force_generic_plan', process.env['PGOPTIONS']].filter(Boolean).join(' ');
}

/**
 * Brings the schema up to date (`MIGRATIONS`, the same on both drivers) in one
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
