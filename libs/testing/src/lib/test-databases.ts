import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { Client } from 'pg';
import { testServerUrl } from './servers';

/** A database made for one test run; `drop()` removes it and nothing else. */
export interface TestDatabase {
  url: string;
  drop(): Promise<void>;
}

export interface TestDatabaseKind {
  name: 'sqlite' | 'postgres';
  create(): Promise<TestDatabase>;
}

/**
 * The databases every persistence test runs on: SQLite always, PostgreSQL too when
 * `TEST_POSTGRES_URL` names a server. Use as `describe.each(testDatabases())('on $name', (db) => ...)`.
 */
export function testDatabases(): TestDatabaseKind[] {
  const kinds: TestDatabaseKind[] = [{ name: 'sqlite', create: createSqliteDatabase }];
  const postgresUrl = testServerUrl('PostgreSQL');
  if (postgresUrl) kinds.push({ name: 'postgres', create: () => createPostgresDatabase(postgresUrl) });
  return kinds;
}

async function createSqliteDatabase(): Promise<TestDatabase> {
  const directory = await mkdtemp(join(tmpdir(), 'curbside-test-'));
  return {
    url: `sqlite:${join(directory, 'curbside.sqlite')}`,
    drop: () => rm(directory, { recursive: true, force: true }),
  };
}

async function createPostgresDatabase(serverUrl: string): Promise<TestDatabase> {
  const name = `curbside_test_${randomBytes(6).toString('hex')}`;
  await onServer(serverUrl, `CREATE DATABASE "${name}"`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: () => onServer(serverUrl, `DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`),
  };
}

async function onServer(serverUrl: string, sql: string): Promise<void> {
  const client = new Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}
