// First: TypeORM's driver factory and directory loader must be in place before anything requires `typeorm` (see the module).
import './lib/database/typeorm-modules';
export {
  parseDatabaseUrl,
  createDataSource,
  migrateDatabase,
  openDatabase,
  inTransaction,
  isDatabaseUnavailable,
  type DatabaseLocation,
  type DatabaseOptions,
} from './lib/database/index';
export { loadSqliteDriver, SqliteDriverUnavailable, type SqliteDatabaseConstructor } from './lib/sqlite-driver';
export { SqliteImportScratch, sqliteImportScratches, type CheckedCustomer } from './lib/import-scratch';
export { writeIfCurrent, type ConditionalWrite, type Precondition } from './lib/conditional-write';
export { PersistenceModule, type PersistenceOptions } from './lib/persistence.module';
export { OutboxSubscriptions, type SubscriberCursor } from './lib/repositories/outbox-subscription.repository';
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
  DeliveryRepository,
  WebhookRepository,
  NoticeRepository,
  NOTICE_CHUNK,
  type PlanDeliveries,
  type WrittenNotice,
  type BundleResource,
  type SentDelivery,
  type ImportCount,
  type BulkImport,
  type RecordBatch,
  type VersionedCustomer,
  type NewApiClient,
  type ClientWithCustomer,
  type SigningKey,
  type SigningKeys,
  type StoredSigningKey,
} from './lib/repositories';
/*
 * For the application layer (libs/application): the unit of work and the stores its use cases
 * read and write through inside it. A use case opens `inTransaction`, takes the customer's lock,
 * and calls these with the transaction's EntityManager; nothing else outside persistence does.
 */
export { lockCustomer } from './lib/conditional-write';
export { touchCustomers } from './lib/stores/data-version.store';
export { appendEvents } from './lib/stores/event.store';
export { customerLanguageStore } from './lib/stores/customer-language.store';
export { customerImportStore, importTransaction } from './lib/stores/customer-import.store';
export { withHeldInserts } from './lib/sql/insert-rows';
export { contactStore, saveContacts } from './lib/stores/contact.store';
export { revokeFeedLink, type FeedLinkRevocation } from './lib/stores/feed-link.store';
export { residentFormKeyStore, residentTokenStore, type StoredResidentToken } from './lib/stores/resident-token.store';
export { loadHolidays } from './lib/stores/holiday.store';
export { preferenceStore } from './lib/stores/preference.store';
export { loadTextSelections, saveSelections } from './lib/stores/selection.store';
export { serviceStore } from './lib/stores/service.store';
export { serviceTicketStore } from './lib/stores/service-ticket.store';
export {
  findIdempotencyRecord,
  insertServiceRequest,
  loadServiceRequests,
  nextTicketId,
  saveIdempotencyRecord,
  type IdempotentOutcome,
  type StoredResponse,
} from './lib/stores/service-request.store';
/** Traces through the outbox (`@opentelemetry/api` only: nothing happens unless a door started the SDK). */
export { annotateSpan, contextOf, currentTraceparent, inSpan, markFailed, propagateTrace, spanThatWas, startSpan, Traced } from './lib/tracing';
export type { Span } from './lib/tracing';
