import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { testDatabases } from '@curbside/testing';
import { createDataSource, openDatabase, parseDatabaseUrl } from './database';

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
});

function messageOf(action: () => unknown): string {
  try {
    action();
  } catch (error) {
    return (error as Error).message;
  }
  throw new Error('expected an error');
}
