export { parseDatabaseUrl, type DatabaseLocation } from './url';
export { createDataSource, migrateDatabase, openDatabase, type DatabaseOptions } from './connection';
export { inTransaction, inRead, selectRaw } from './transactions';
export { startBulkWrites, refreshStatistics, relaxedCommit } from './bulk-writes';
export { isDatabaseUnavailable } from './outage';
