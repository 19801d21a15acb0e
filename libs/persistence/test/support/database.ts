import type { TestDatabase, TestDatabaseKind } from '@curbside/testing';
import { DataSource } from 'typeorm';
import { openDatabase } from '../../src/lib/database/index';

/**
 * A migrated database of `kind` for the enclosing describe block; tests in it use customer
 * ids of their own. Returns a getter for the DataSource.
 */
export function useDatabase(kind: TestDatabaseKind): () => DataSource {
  let database: TestDatabase;
  let dataSource: DataSource;
  beforeAll(async () => {
    database = await kind.create();
    dataSource = await openDatabase(database.url);
  });
  afterAll(async () => {
    await dataSource?.destroy();
    await database?.drop();
  });
  return () => dataSource;
}
