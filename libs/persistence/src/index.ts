export {
  parseDatabaseUrl,
  createDataSource,
  migrateDatabase,
  openDatabase,
  inTransaction,
  type DatabaseLocation,
} from './lib/database';
export { PersistenceModule, type PersistenceOptions } from './lib/persistence.module';
export {
  ApiClientRepository,
  CaseRepository,
  ContactRepository,
  CustomerRepository,
  DisposalTicketRepository,
  EmailActivityRepository,
  EventRepository,
  InvoiceRepository,
  IssueActivityRepository,
  PreferenceRepository,
  ServiceRepository,
  ServiceTicketRepository,
  SigningKeyRepository,
  DeliveryRepository,
  WebhookRepository,
  type BundleResource,
  type CustomerSendWindow,
  type SentDelivery,
  type ImportCount,
  type ImportSummary,
  type NewApiClient,
  type SigningKey,
} from './lib/repositories';
export { SetTicketStatus } from './lib/use-cases/set-ticket-status';
