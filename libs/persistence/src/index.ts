export {
  parseDatabaseUrl,
  createDataSource,
  migrateDatabase,
  openDatabase,
  inTransaction,
  type DatabaseLocation,
} from './lib/database';
export { writeIfCurrent, type ConditionalWrite, type Precondition } from './lib/conditional-write';
export { PersistenceModule, type PersistenceOptions } from './lib/persistence.module';
export {
  ApiClientRepository,
  CaseRepository,
  ContactRepository,
  CustomerRepository,
  DisposalTicketRepository,
  EmailActivityRepository,
  EventRepository,
  HolidayRepository,
  NoteRepository,
  PickupRepository,
  ProfileRepository,
  InvoiceRepository,
  IssueActivityRepository,
  PreferenceRepository,
  ServiceRepository,
  ServiceTicketRepository,
  SigningKeyRepository,
  type BundleResource,
  type ImportCount,
  type ImportSummary,
  type NewApiClient,
  type SigningKey,
} from './lib/repositories';
