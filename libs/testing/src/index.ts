export { testDatabases } from './lib/test-databases';
export type { TestDatabase, TestDatabaseKind } from './lib/test-databases';
