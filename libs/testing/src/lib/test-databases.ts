import { copyFile, mkdir, mkdtemp, rename, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { Client } from 'pg';
import { testServerUrl } from './servers';
import { templateName, templateFolder } from './test-run';

/** A database made for one test run; `drop()` removes it and nothing else. */
export interface TestDatabase {
  url: string;
  drop(): Promise<void>;
}

/** Brings the database at `url` to the current schema (the caller's migrations: this lib knows no schema). */
export type Migrate = (url: string) => Promise<void>;

export interface TestDatabaseKind {
  name: 'sqlite' | 'postgres';
  /** An empty database. */
  create(): Promise<TestDatabase>;
  /**
   * A database with the schema: a copy of the worker's template, which `migrate` makes once per
   * Jest worker and run (a file copy on SQLite, `CREATE DATABASE … TEMPLATE` on PostgreSQL). Outside
   * a Jest run with the bench's global setup, a new database migrated by `migrate`.
   */
  createMigrated(migrate: Migrate): Promise<TestDatabase>;
}

/**
 * The databases every persistence test runs on: SQLite always, PostgreSQL too when
 * `TEST_POSTGRES_URL` names a server. Use as `describe.each(testDatabases())('on $name', (db) => ...)`.
 */
export function testDatabases(): TestDatabaseKind[] {
  const kinds: TestDatabaseKind[] = [SQLITE];
  const postgresUrl = testServerUrl('PostgreSQL');
  if (postgresUrl) {
    kinds.push({
      name: 'postgres',
      create: () => createPostgresDatabase(postgresUrl),
      createMigrated: (migrate) => copyPostgresTemplate(postgresUrl, migrate),
    });
  }
  return kinds;
}

/**
 * The database of a suite whose subject does not depend on the driver: SQLite alone. That is HTTP
 * behaviour (negotiation, problems, ETags, links, validation, access) and a story through the
 * programs whose reads and writes the persistence specs run on both drivers. What depends on the
 * driver — persistence, plans, paging, concurrency, outages, the property suite's data paths — runs
 * on `testDatabases()`.
 */
export function driverIndependentDatabases(): TestDatabaseKind[] {
  return [SQLITE];
}

const SQLITE: TestDatabaseKind = { name: 'sqlite', create: createSqliteDatabase, createMigrated: copySqliteTemplate };

async function createSqliteDatabase(): Promise<TestDatabase> {
  const directory = await mkdtemp(join(tmpdir(), 'curbside-test-'));
  return {
    url: `sqlite:${join(directory, 'curbside.sqlite')}`,
    drop: () => rm(directory, { recursive: true, force: true }),
  };
}

async function copySqliteTemplate(migrate: Migrate): Promise<TestDatabase> {
  const folder = templateFolder();
  if (folder === null) return migrated(await createSqliteDatabase(), migrate);
  const template = join(folder, `${templateName()}.sqlite`);
  if (!(await exists(template))) {
    await mkdir(folder, { recursive: true });
    const made = `${template}.${randomBytes(4).toString('hex')}`;
    try {
      await migrate(`sqlite:${made}`);
      await rename(made, template);
    } finally {
      await rm(made, { force: true });
    }
  }
  const copy = await createSqliteDatabase();
  await copyFile(template, copy.url.slice('sqlite:'.length));
  return copy;
}

async function createPostgresDatabase(serverUrl: string, template?: string): Promise<TestDatabase> {
  const name = `curbside_test_${randomBytes(6).toString('hex')}`;
  await onServer(serverUrl, `CREATE DATABASE "${name}"${template === undefined ? '' : ` TEMPLATE "${template}"`}`);
  return {
    url: databaseUrl(serverUrl, name),
    drop: async () => {
      await onServer(serverUrl, `DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    },
  };
}

async function copyPostgresTemplate(serverUrl: string, migrate: Migrate): Promise<TestDatabase> {
  if (templateFolder() === null) return migrated(await createPostgresDatabase(serverUrl), migrate);
  const template = templateName();
  const [{ made }] = await onServer<{ made: boolean }>(serverUrl, 'SELECT EXISTS (SELECT 1 FROM pg_database WHERE datname = $1) AS made', [template]);
  if (!made) {
    await onServer(serverUrl, `CREATE DATABASE "${template}"`);
    try {
      await migrate(databaseUrl(serverUrl, template));
    } catch (error) {
      await onServer(serverUrl, `DROP DATABASE IF EXISTS "${template}" WITH (FORCE)`);
      throw error;
    }
  }
  return createPostgresDatabase(serverUrl, template);
}

async function migrated(database: TestDatabase, migrate: Migrate): Promise<TestDatabase> {
  try {
    await migrate(database.url);
    return database;
  } catch (error) {
    await database.drop();
    throw error;
  }
}

const exists = (file: string) => stat(file).then(() => true, () => false);

function databaseUrl(serverUrl: string, name: string): string {
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

async function onServer<R = unknown>(serverUrl: string, sql: string, values: unknown[] = []): Promise<R[]> {
  const client = new Client({ connectionString: serverUrl });
  await client.connect();
  try {
    return (await client.query(sql, values)).rows as R[];
  } finally {
    await client.end();
  }
}
