export { parseDatabaseUrl, type DatabaseLocation } from './url';
export { createDataSource, migrateDatabase, openDatabase, type DatabaseOptions } from './connection';
export { inTransaction, inRead } from './transactions';
export { inPreparedRead, selectRaw, type Select } from './prepared';
export { startBulkWrites, refreshStatistics, relaxedCommit } from './bulk-writes';
export { isDatabaseUnavailable } from './outage';
