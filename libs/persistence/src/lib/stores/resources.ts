import type { Balance, BundleResource, CustomerBundle, Id } from '@curbside/domain';
import { EntityManager, type ObjectLiteral } from 'typeorm';
import {
  BalanceEntity,
  CaseAdjustmentEntity,
  CaseEntity,
  CaseNoteEntity,
  ContactEntity,
  DisposalTicketDetailEntity,
  DisposalTicketEntity,
  DisposalTicketTaxEntity,
  EmailActivityEntity,
  InvoiceEntity,
  InvoiceLineEntity,
  IssueActivityEntity,
  NoteEntity,
  PickupEntity,
  PreferenceCategoryEntity,
  PreferenceChannelEntity,
  PreferenceOptionEntity,
  PreferenceSelectionEntity,
  ProfileEntity,
  ServiceEntity,
  ServiceInvoiceFeeEntity,
  ServiceOperationEntity,
  ServiceTicketEntity,
  ServiceTicketServiceEntity,
} from '../entities';
import { emailActivityStore, issueActivityStore } from './activity.store';
import { caseStore } from './case.store';
import { loadBalances, replaceBalances } from './balance.store';
import { contactStore } from './contact.store';
import { disposalTicketStore } from './disposal-ticket.store';
import { invoiceStore } from './invoice.store';
import { noteStore } from './note.store';
import { pickupStore } from './pickup.store';
import { profileStore } from './profile.store';
import { preferenceStore } from './preference.store';
import type { RecordStore } from './record-store';
import { serviceStore } from './service.store';
import { serviceTicketStore } from './service-ticket.store';

/** An entity class (a table). */
type EntityClass = new () => ObjectLiteral;

export type { ImportCount } from '@curbside/domain';

/**
 * How one kind of customer record is stored, imported and exported. What an import of it means
 * (which stored records go, the counts, the events) is the domain's `importListChange`: a resource
 * only loads and saves.
 */
export interface Resource<R> {
  /** Its tables: the record's, then its child rows'. */
  entities: EntityClass[];
  /** What identifies a record within its customer: unique in an import. */
  key(record: R): string;
  /** The customer's records, in their natural order (the order of an export). */
  load(manager: EntityManager, customerId: Id): Promise<R[]>;
  /**
   * The stored records an import of `records` may replace: those with their keys (a whole list: all
   * of them, when the import has any). `customerIsNew`: the customer was created by this import, so
   * there are none and nothing is looked up (a lookup per batch of a million-record list costs more
   * than the writes).
   */
  loadStored(manager: EntityManager, customerId: Id, records: readonly R[], customerIsNew: boolean): Promise<R[]>;
  /** Deletes the stored records whose keys are `goes` and writes `records`. */
  save(manager: EntityManager, customerId: Id, goes: readonly string[], records: readonly R[], customerIsNew: boolean): Promise<void>;
}

/** Records stored by their key. */
function byKey<R>(store: RecordStore<R>, entities: Resource<R>['entities']): Resource<R> {
  return {
    entities,
    key: store.key,
    load: (manager, customerId) => store.load(manager, customerId),
    loadStored: async (manager, customerId, records, customerIsNew) => (customerIsNew ? [] : store.load(manager, customerId, records.map(store.key))),
    async save(manager, customerId, goes, records) {
      await store.delete(manager, customerId, goes);
      await store.insert(manager, customerId, records);
    },
  };
}

/** Balances are one list, replaced as a whole when an import has any (the domain's `WHOLE_LISTS`). */
const balances: Resource<Balance> = {
  entities: [BalanceEntity],
  key: (balance) => balance.type,
  load: loadBalances,
  loadStored: async (manager, customerId, records, customerIsNew) => (records.length === 0 || customerIsNew ? [] : loadBalances(manager, customerId)),
  save: async (manager, customerId, _goes, records, customerIsNew) => {
    if (records.length > 0) await replaceBalances(manager, customerId, records, customerIsNew);
  },
};

/**
 * Every kind of customer record. A new resource is one row here (with its entities and store).
 * Import writes them in this order, so a known customer's events come out tickets, cases,
 * invoices, preferences, then the rest.
 */
export const RESOURCES: { [K in BundleResource]: Resource<CustomerBundle[K][number]> } = {
  tickets: byKey(serviceTicketStore, [ServiceTicketEntity, ServiceTicketServiceEntity]),
  cases: byKey(caseStore, [CaseEntity, CaseNoteEntity, CaseAdjustmentEntity]),
  invoices: byKey(invoiceStore, [InvoiceEntity, InvoiceLineEntity]),
  preferences: byKey(preferenceStore, [PreferenceCategoryEntity, PreferenceChannelEntity, PreferenceSelectionEntity, PreferenceOptionEntity]),
  contacts: byKey(contactStore, [ContactEntity]),
  services: byKey(serviceStore, [ServiceEntity, ServiceInvoiceFeeEntity, ServiceOperationEntity]),
  disposalTickets: byKey(disposalTicketStore, [DisposalTicketEntity, DisposalTicketDetailEntity, DisposalTicketTaxEntity]),
  balances,
  emailActivities: byKey(emailActivityStore, [EmailActivityEntity]),
  issueActivities: byKey(issueActivityStore, [IssueActivityEntity]),
  pickups: byKey(pickupStore, [PickupEntity]),
  profiles: byKey(profileStore, [ProfileEntity]),
  notes: byKey(noteStore, [NoteEntity]),
};

/** The rows of the table, each with its kind. */
export const resources = (): Array<[BundleResource, Resource<unknown>]> =>
  Object.entries(RESOURCES) as Array<[BundleResource, Resource<unknown>]>;
