import { ApiClientRepository } from './api-client.repository';
import { CustomerRepository } from './customer.repository';
import { EventRepository } from './event.repository';
import { SigningKeyRepository } from './signing-key.repository';
import { ServiceTicketRepository } from './service-ticket.repository';
import { DisposalTicketRepository } from './disposal-ticket.repository';
import { InvoiceRepository } from './invoice.repository';
import { CaseRepository } from './case.repository';
import { ContactRepository } from './contact.repository';
import { PreferenceRepository } from './preference.repository';
import { ServiceRepository } from './service.repository';
import { EmailActivityRepository, IssueActivityRepository } from './activity.repository';
import { HolidayRepository, NoteRepository, PickupRepository, ProfileRepository } from './pickup.repository';
import { DeliveryRepository } from './delivery.repository';
import { WebhookRepository } from './webhook.repository';
import { NoticeRepository } from './notice.repository';

export { ApiClientRepository, type ClientWithCustomer, type NewApiClient } from './api-client.repository';
export { CustomerRepository, type BulkImport, type BundleResource, type ImportCount, type RecordBatch, type VersionedCustomer } from './customer.repository';
export { EventRepository } from './event.repository';
export { SigningKeyRepository, type SigningKey, type SigningKeys, type StoredSigningKey } from './signing-key.repository';
export { ServiceTicketRepository } from './service-ticket.repository';
export { DisposalTicketRepository } from './disposal-ticket.repository';
export { InvoiceRepository } from './invoice.repository';
export { CaseRepository } from './case.repository';
export { ContactRepository } from './contact.repository';
export { PreferenceRepository } from './preference.repository';
export { ServiceRepository } from './service.repository';
export { EmailActivityRepository, IssueActivityRepository } from './activity.repository';
export { HolidayRepository, NoteRepository, PickupRepository, ProfileRepository } from './pickup.repository';
export { DeliveryRepository, type SentDelivery } from './delivery.repository';
export { WebhookRepository } from './webhook.repository';
export { NoticeRepository, NOTICE_CHUNK, type PlanDeliveries, type WrittenNotice } from './notice.repository';

/** Every repository: plain classes constructed with the DataSource. */
export const REPOSITORIES = [
  CustomerRepository,
  ServiceTicketRepository,
  DisposalTicketRepository,
  InvoiceRepository,
  CaseRepository,
  ContactRepository,
  PreferenceRepository,
  ServiceRepository,
  EmailActivityRepository,
  IssueActivityRepository,
  PickupRepository,
  ProfileRepository,
  NoteRepository,
  HolidayRepository,
  ApiClientRepository,
  SigningKeyRepository,
  EventRepository,
  DeliveryRepository,
  WebhookRepository,
  NoticeRepository,
];
