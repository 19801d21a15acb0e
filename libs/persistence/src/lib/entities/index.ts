import { ContactEntity, CustomerEntity } from './customer.entities';
import {
  PreferenceCategoryEntity,
  PreferenceChannelEntity,
  PreferenceOptionEntity,
  PreferenceSelectionEntity,
} from './preference.entities';
import { ServiceEntity, ServiceInvoiceFeeEntity } from './service.entities';
import { ServiceTicketEntity, ServiceTicketServiceEntity } from './service-ticket.entities';
import { DisposalTicketDetailEntity, DisposalTicketEntity, DisposalTicketTaxEntity } from './disposal-ticket.entities';
import { BalanceEntity, InvoiceEntity, InvoiceLineEntity } from './invoice.entities';
import { CaseEntity, EmailActivityEntity, IssueActivityEntity } from './activity.entities';
import { ApiClientCustomerEntity, ApiClientEntity, SigningKeyEntity } from './api-client.entities';
import { EventEntity } from './event.entities';
import { DeliveryEntity, WebhookEntity } from './delivery.entities';

export * from './customer.entities';
export * from './preference.entities';
export * from './service.entities';
export * from './service-ticket.entities';
export * from './disposal-ticket.entities';
export * from './invoice.entities';
export * from './activity.entities';
export * from './api-client.entities';
export * from './event.entities';
export * from './delivery.entities';

export const ENTITIES = [
  CustomerEntity,
  ContactEntity,
  PreferenceCategoryEntity,
  PreferenceChannelEntity,
  PreferenceSelectionEntity,
  PreferenceOptionEntity,
  ServiceEntity,
  ServiceInvoiceFeeEntity,
  ServiceTicketEntity,
  ServiceTicketServiceEntity,
  DisposalTicketEntity,
  DisposalTicketDetailEntity,
  DisposalTicketTaxEntity,
  InvoiceEntity,
  InvoiceLineEntity,
  BalanceEntity,
  CaseEntity,
  EmailActivityEntity,
  IssueActivityEntity,
  ApiClientEntity,
  ApiClientCustomerEntity,
  SigningKeyEntity,
  EventEntity,
  DeliveryEntity,
  WebhookEntity,
];
