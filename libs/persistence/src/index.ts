export {
  parseDatabaseUrl,
  createDataSource,
  migrateDatabase,
  openDatabase,
  type DatabaseLocation,
} from './lib/database';
export { PersistenceModule, type PersistenceOptions } from './lib/persistence.module';
export {
  ApiClientRepository,
  CustomerRepository,
  EventRepository,
  SigningKeyRepository,
  type BundleResource,
  type ImportCount,
  type ImportSummary,
  type NewApiClient,
  type SigningKey,
} from './lib/repositories';
