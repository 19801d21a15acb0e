import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { DataSource } from 'typeorm';
import { describeWith, testDatabases } from '@curbside/testing';
import { createDataSource, inPreparedRead, inTransaction, isDatabaseUnavailable, openDatabase, parseDatabaseUrl, relaxedCommit, selectRaw, startBulkWrites } from './index';
import { loadSqliteDriver } from '../sqlite-driver';

describe('parseDatabaseUrl', () => {
  it('reads SQLite paths and PostgreSQL URLs', () => {
    expect(parseDatabaseUrl('sqlite:./data/curbside.sqlite')).toEqual({
      kind: 'sqlite',
      path: './data/curbside.sqlite',
    });
    expect(parseDatabaseUrl('postgres://u:p@db:5432/curbside')).toEqual({
      kind: 'postgres',
      url: 'postgres://u:p@db:5432/curbside',
    });
    expect(parseDatabaseUrl('postgresql://db/curbside').kind).toBe('postgres');
  });

  it.each([
    ['mysql://u:secret@db/x', 'DATABASE_URL has unsupported scheme "mysql:"'],
    ['sqlite:', 'DATABASE_URL names no SQLite file'],
    ['postgres://u:secret@db:5432/', 'DATABASE_URL names no PostgreSQL database'],
    ['postgres://u:secret@:99999/x', 'DATABASE_URL is not a valid PostgreSQL URL'],
    ['just words', 'DATABASE_URL is not a database URL'],
  ])('rejects %s, saying what is wrong without echoing the URL', (url, problem) => {
    const message = messageOf(() => createDataSource(url));
    expect(message).toContain(problem);
    expect(message).toContain('expected sqlite:<path> or postgres://');
    expect(message).not.toContain('secret');
  });
});

describe('openDatabase', () => {
  it('says why it cannot open the database', async () => {
    const directory = await mkdtemp(join(tmpdir(), 'curbside-blocked-'));
    try {
      // The database's parent "directory" is a file, so it cannot be made.
      await writeFile(join(directory, 'blocker'), '');
      await expect(openDatabase(`sqlite:${join(directory, 'blocker', 'curbside.sqlite')}`)).rejects.toThrow(
        /^cannot open the database DATABASE_URL names: .*blocker/,
      );
    } finally {
      await rm(directory, { recursive: true, force: true });
    }
  });
});

describe.each(testDatabases())('schema on $name', (db) => {
  it('migrates an empty database to exactly what the entities describe, and again is a no-op', async () => {
    const { url, drop } = await db.create();
    try {
      const dataSource = await openDatabase(url);
      const pending = await dataSource.driver.createSchemaBuilder().log();
      expect(pending.upQueries.map((query) => query.query)).toEqual([]);
      expect(await dataSource.showMigrations()).toBe(false);
      await dataSource.destroy();

      const reopened = await openDatabase(url);
      const tables: Array<{ name: string }> = await reopened.query(
        reopened.options.type === 'postgres'
          ? `SELECT table_name AS name FROM information_schema.tables WHERE table_schema = 'public'`
          : `SELECT name FROM sqlite_master WHERE type = 'table'`,
      );
      expect(tables.map((table) => table.name)).toEqual(expect.arrayContaining(['customers', 'events', 'api_clients']));
      await reopened.destroy();
    } finally {
      await drop();
    }
  });

  it('indexes the dated lists in their order, the outbox by its pending and its failed rows, and its last migrations undo and redo', async () => {
    const { url, drop } = await db.create();
    try {
      const dataSource = await openDatabase(url);
      expect(await outboxIndexes(dataSource)).toEqual([
        'idx_deliveries_dead_id',
        'idx_deliveries_pending_id',
        'idx_deliveries_suppressed_id',
        'idx_events_dead_id',
        'idx_events_pending_id',
      ]);
      expect(await indexesOf(dataSource, 'service_tickets')).toEqual(['idx_service_tickets_id', 'idx_service_tickets_list_order']);
      const lists = { disposal_tickets: 'modified_at', invoices: 'date', cases: 'requested_at', email_activities: 'sent_at', issue_activities: 'submitted_at' };
      expect(await indexesOf(dataSource, ...Object.keys(lists))).toEqual(Object.keys(lists).map((table) => `idx_${table}_list_order`).sort());
      expect(await indexesOf(dataSource, 'notes', 'pickups')).toEqual(['idx_notes_list_order', 'idx_pickups_confirmed_list_order', 'idx_pickups_customer_id_planned_date']);
      // Undone through a migration, and whatever migrations came after it (a new capability's, say).
      const applied = async (): Promise<string[]> => (await dataSource.query('SELECT "name" FROM "migrations"')).map((row: { name: string }) => row.name);
      const undoThrough = async (name: string) => {
        while ((await applied()).includes(name)) await dataSource.undoLastMigration();
      };
      expect(await columnsOf(dataSource, 'customers')).toEqual(expect.arrayContaining(['language', 'language_modified_by', 'language_modified_at']));
      await undoThrough('CustomerLanguage1765600000000');
      expect((await columnsOf(dataSource, 'customers')).filter((column) => column.startsWith('language'))).toEqual([]);
      await undoThrough('NotesPickupsListOrder1765300000000');
      expect(await indexesOf(dataSource, 'notes', 'pickups')).toEqual(['idx_notes_customer_id_created_at', 'idx_pickups_customer_id_planned_date']);
      await undoThrough('ListOrder1765200000000');
      expect(await indexesOf(dataSource, ...Object.keys(lists))).toEqual(Object.entries(lists).map(([table, date]) => `idx_${table}_customer_id_${date}`).sort());
      await undoThrough('TicketListOrder1765100000000');
      expect(await indexesOf(dataSource, 'service_tickets')).toEqual(['idx_service_tickets_customer_id_created_at', 'idx_service_tickets_id']);
      // Then back to before the outbox's two index migrations (the trace context's columns go too).
      await undoThrough('PendingClaims1764600000000');
      expect(await columnsOf(dataSource, 'events')).not.toContain('traceparent');
      expect(await outboxIndexes(dataSource)).toEqual(['idx_deliveries_state_next_attempt_at', 'idx_events_state_next_attempt_at']);
      await dataSource.runMigrations();
      const pending = await dataSource.driver.createSchemaBuilder().log();
      expect(pending.upQueries.map((query) => query.query)).toEqual([]);
      await dataSource.destroy();
    } finally {
      await drop();
    }
  });

  it('keeps the deliveries queued with their text when messages move to send time, and never hands out a used id again', async () => {
    const { url, drop } = await db.create();
    try {
      // The schema as it was before messages moved to send time, with two queued deliveries; the newest one is then deleted.
      const before = createDataSource(url);
      const migrations = before.options.migrations as Array<new () => unknown>;
      before.setOptions({ migrations: migrations.slice(0, migrations.findIndex((migration) => migration.name === 'RenderedAtSend1764500000000')) });
      await before.initialize();
      await before.runMigrations();
      await expect(insertDelivery(before, 'old-1', null)).rejects.toThrow();
      await insertDelivery(before, 'old-1', 'Queued with its text');
      await insertDelivery(before, 'old-2', 'Deleted');
      const [kept, deleted] = (await before.query(`SELECT "id" FROM "deliveries" ORDER BY "id"`)).map((row: { id: number }) => Number(row.id));
      await before.query(`DELETE FROM "deliveries" WHERE "idempotency_key" = 'old-2'`);
      await before.destroy();

      const after = await openDatabase(url);
      expect(await after.showMigrations()).toBe(false);
      await insertDelivery(after, 'new-1', null);
      const rows: Array<{ id: number; key: string; body: string | null; subject: string | null }> = await after.query(
        `SELECT "id", "idempotency_key" AS "key", "body", "subject" FROM "deliveries" ORDER BY "id"`,
      );
      expect(rows.map((row) => ({ ...row, id: Number(row.id) }))).toEqual([
        { id: kept, key: 'old-1', body: 'Queued with its text', subject: 'Subject' },
        { id: expect.any(Number), key: 'new-1', body: null, subject: 'Subject' },
      ]);
      expect(Number(rows[1].id)).toBeGreaterThan(deleted);
      await expect(insertDelivery(after, 'new-1', null)).rejects.toThrow();
      await after.destroy();
    } finally {
      await drop();
    }
  });
});

async function columnsOf(dataSource: DataSource, table: string): Promise<string[]> {
  const rows: Array<{ name: string }> = await dataSource.query(
    dataSource.options.type === 'postgres'
      ? `SELECT column_name AS name FROM information_schema.columns WHERE table_name = '${table}'`
      : `SELECT name FROM pragma_table_info('${table}')`,
  );
  return rows.map((row) => row.name);
}

function insertDelivery(dataSource: DataSource, key: string, body: string | null): Promise<unknown> {
  const placeholders = dataSource.options.type === 'postgres' ? ['$1', '$2'] : ['?', '?'];
  return dataSource.query(
    `INSERT INTO "deliveries" ("event_id", "customer_id", "channel", "address", "idempotency_key", "subject", "body", "state", "attempts", "created_at", "next_attempt_at")
     VALUES (1, '0001', 'Email', 'resident@example.com', ${placeholders[0]}, 'Subject', ${placeholders[1]}, 'pending', 0, '2026-11-27T10:00:00.000', '2026-11-27T10:00:00.000')`,
    [key, body],
  );
}

function messageOf(action: () => unknown): string {
  try {
    action();
  } catch (error) {
    return (error as Error).message;
  }
  throw new Error('expected an error');
}

describe('a database that cannot be used now', () => {
  it('is unavailable when the PostgreSQL server refuses connections', async () => {
    const error: unknown = await openDatabase('postgres://postgres@127.0.0.1:1/nothing').catch((failure: unknown) => failure);
    expect(isDatabaseUnavailable(error)).toBe(true);
  });

  it('is unavailable when another process holds the SQLite write lock longer than a writer waits, and takes writes again after', async () => {
    const { url, drop } = await testDatabases()[0].create();
    const dataSource = await openDatabase(url, { sqliteWriteWaitMs: 1_000 });
    const holder = new (loadSqliteDriver())(url.slice('sqlite:'.length));
    try {
      await inTransaction(dataSource, (manager) => manager.query('DELETE FROM holidays'));
      holder.exec('BEGIN IMMEDIATE');
      // Timers fire while the writer waits; a synchronous wait would let one fire at most, once it is over.
      let ticks = 0;
      const ticker = setInterval(() => (ticks += 1), 10);
      const started = Date.now();
      const error: unknown = await inTransaction(dataSource, (manager) => manager.query('DELETE FROM holidays')).catch((failure: unknown) => failure);
      clearInterval(ticker);
      expect(isDatabaseUnavailable(error)).toBe(true);
      expect(Date.now() - started).toBeGreaterThanOrEqual(1_000);
      // The wait was on timers: the event loop went on meanwhile (even a loaded 2-core machine runs a few).
      expect(ticks).toBeGreaterThanOrEqual(5);

      holder.exec('ROLLBACK');
      await inTransaction(dataSource, (manager) => manager.query('DELETE FROM holidays'));
      const wrong: unknown = await inTransaction(dataSource, (manager) => manager.query('SELECT 1 FROM nowhere')).catch((failure: unknown) => failure);
      // better-sqlite3's SqliteError comes from another realm under jest: its message, not instanceof.
      expect((wrong as { message?: string }).message).toMatch(/nowhere/);
      expect(isDatabaseUnavailable(wrong)).toBe(false);
    } finally {
      holder.close();
      await dataSource.destroy();
      await drop();
    }
  });
});

describe.each(testDatabases())('bulk writes on $name', (db) => {
  it('an import run checkpoints SQLite less often until it ends; an import transaction on PostgreSQL commits without waiting for the disk', async () => {
    const { url, drop } = await db.create();
    const dataSource = await openDatabase(url);
    const setting = async (sql: string): Promise<string> => String(Object.values((await dataSource.query(sql))[0])[0]);
    try {
      if (db.name === 'sqlite') {
        expect(await setting('PRAGMA wal_autocheckpoint')).toBe('1000');
        const end = await startBulkWrites(dataSource);
        expect(await setting('PRAGMA wal_autocheckpoint')).toBe('10000');
        await end();
        expect(await setting('PRAGMA wal_autocheckpoint')).toBe('1000');
      } else {
        const inside = await inTransaction(dataSource, async (manager) => {
          await relaxedCommit(manager);
          return String((await manager.query('SHOW synchronous_commit'))[0].synchronous_commit);
        });
        expect(inside).toBe('off');
        // SET LOCAL: the pooled connection is back to the server's setting after the transaction.
        expect(await setting('SHOW synchronous_commit')).toBe('on');
      }
    } finally {
      await dataSource.destroy();
      await drop();
    }
  });
});

describe.each(testDatabases())('prepared reads on $name', (db) => {
  it('answer each row as an object by column name, values as the driver reads them, every time a statement runs', async () => {
    const { url, drop } = await db.create();
    const dataSource = await openDatabase(url);
    try {
      const values = `SELECT ? AS "id", '' AS "empty", NULL AS "missing", 2 AS "two", 'first' AS "twice", 'last' AS "twice"`;
      for (const id of ['007', 'A-1']) {
        const rows = await inPreparedRead(dataSource, async (select) => [
          ...(await select(values, [id])),
          ...(await select(`SELECT 1 AS "one" WHERE 1 = 0`, [])),
        ]);
        expect(rows).toEqual([{ id, empty: '', missing: null, two: 2, twice: 'last' }]);
        expect(Object.keys(rows[0] as object)).toEqual(['id', 'empty', 'missing', 'two', 'twice']);
      }
      await dataSource.query(`INSERT INTO "customers" ("id", "currency") VALUES ('0042', 'USD')`);
      expect(await selectRaw(dataSource, `SELECT "id", "currency" FROM "customers" WHERE "id" = ?`, ['0042'])).toEqual([{ id: '0042', currency: 'USD' }]);
    } finally {
      await dataSource.destroy();
      await drop();
    }
  });
});

/** The own indexes (not the primary keys') of `tables`. */
async function indexesOf(dataSource: DataSource, ...tables: string[]): Promise<string[]> {
  const names = tables.map((table) => `'${table}'`).join(', ');
  const rows: Array<{ name: string }> = await dataSource.query(
    dataSource.options.type === 'postgres'
      ? `SELECT indexname AS name FROM pg_indexes WHERE tablename IN (${names})`
      : `SELECT name FROM sqlite_master WHERE type = 'index' AND tbl_name IN (${names})`,
  );
  return rows
    .map((row) => row.name)
    .filter((name) => name.startsWith('idx_'))
    .sort();
}

/** The names of the outbox's and the deliveries' indexes by state (pending, failed, or every row). */
async function outboxIndexes(dataSource: DataSource): Promise<string[]> {
  const rows: Array<{ name: string }> = await dataSource.query(
    dataSource.options.type === 'postgres'
      ? `SELECT indexname AS name FROM pg_indexes WHERE tablename IN ('events', 'deliveries')`
      : `SELECT name FROM sqlite_master WHERE type = 'index' AND tbl_name IN ('events', 'deliveries')`,
  );
  return rows
    .map((row) => row.name)
    .filter((name) => /_(pending|dead|suppressed)_id$|_state_next_attempt_at$/.test(name))
    .sort();
}

describeWith('PostgreSQL')('sessions on postgres', () => {
  const [, db] = testDatabases();
  it('start without JIT and parallel workers, their named statements planned generically from the first run, which an operator can change with PGOPTIONS', async () => {
    const { url, drop } = await db.create();
    const settings = async (): Promise<string[]> => {
      const dataSource = await openDatabase(url);
      try {
        const [row] = await dataSource.query(
          `SELECT current_setting('jit') AS jit, current_setting('max_parallel_workers_per_gather') AS workers, current_setting('plan_cache_mode') AS plans`,
        );
        return [row.jit, row.workers, row.plans];
      } finally {
        await dataSource.destroy();
      }
    };
    const operators = process.env['PGOPTIONS'];
    try {
      delete process.env['PGOPTIONS'];
      expect(await settings()).toEqual(['off', '0', 'force_generic_plan']);
      process.env['PGOPTIONS'] = '-c max_parallel_workers_per_gather=2 -c plan_cache_mode=auto';
      expect(await settings()).toEqual(['off', '2', 'auto']);
    } finally {
      if (operators === undefined) delete process.env['PGOPTIONS'];
      else process.env['PGOPTIONS'] = operators;
      await drop();
    }
  });
});
