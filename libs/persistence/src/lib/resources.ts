import { isDeepStrictEqual } from 'node:util';
import {
  caseEvents,
  disposalTicketEvents,
  invoiceEvents,
  pickupEvents,
  preferencesChanged,
  ticketEvents,
  type Balance,
  type BundleResource,
  type CustomerBundle,
  type Id,
  type NewEvent,
} from '@curbside/domain';
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
} from './entities';
import { emailActivityStore, issueActivityStore } from './stores/activity.store';
import { caseStore } from './stores/case.store';
import { loadBalances, replaceBalances } from './stores/balance.store';
import { contactStore } from './stores/contact.store';
import { disposalTicketStore } from './stores/disposal-ticket.store';
import { invoiceStore } from './stores/invoice.store';
import { noteStore } from './stores/note.store';
import { pickupStore } from './stores/pickup.store';
import { profileStore } from './stores/profile.store';
import { preferenceStore } from './stores/preference.store';
import type { RecordStore } from './stores/record-store';
import { serviceStore } from './stores/service.store';
import { serviceTicketStore } from './stores/service-ticket.store';

/** An entity class (a table). */
type EntityClass = new () => ObjectLiteral;

export interface ImportCount {
  created: number;
  replaced: number;
}

/** What importing one record list did: the counts, and the records it replaced, by key. */
export interface ListImport<R> {
  count: ImportCount;
  previous: Map<string, R>;
}

/** How one kind of customer record is stored, imported, exported and announced. */
export interface Resource<R> {
  /** Its tables: the record's, then its child rows'. */
  entities: EntityClass[];
  /** What identifies a record within its customer: unique in an import. */
  key(record: R): string;
  /** The customer's records, in their natural order (the order of an export). */
  load(manager: EntityManager, customerId: Id): Promise<R[]>;
  /**
   * Writes an import's records (by key, or as a whole list) and says what it replaced. `customerIsNew`: the
   * customer was created by this import, so nothing is replaced and nothing need be looked up (a lookup per
   * batch of a million-record list costs more than the writes).
   */
  importRecords(manager: EntityManager, customerId: Id, records: readonly R[], customerIsNew?: boolean): Promise<ListImport<R>>;
  /** The list is replaced as a whole by an import that has any: its records are written in one call. */
  wholeList?: boolean;
  /** The events an import of a known customer's records means (CONTRACT §5). */
  events?(customerId: Id, records: readonly R[], previous: Map<string, R>): NewEvent[];
}

/** Records created or replaced one by one, by their key; the others stay. */
function byKey<R>(store: RecordStore<R>, entities: Resource<R>['entities'], events?: Resource<R>['events']): Resource<R> {
  return {
    entities,
    key: store.key,
    load: (manager, customerId) => store.load(manager, customerId),
    async importRecords(manager, customerId, records, customerIsNew = false) {
      const stored = customerIsNew ? [] : await store.load(manager, customerId, records.map(store.key));
      const previous = new Map(stored.map((record) => [store.key(record), record]));
      await store.delete(manager, customerId, [...previous.keys()]);
      await store.insert(manager, customerId, records);
      return { count: { created: records.length - previous.size, replaced: previous.size }, previous };
    },
    events,
  };
}

/** Lifts a per-record event rule to a list. */
const eachRecord =
  <R>(key: (record: R) => string, rule: (customerId: Id, before: R | undefined, after: R) => NewEvent[]) =>
  (customerId: Id, records: readonly R[], previous: Map<string, R>): NewEvent[] =>
    records.flatMap((record) => rule(customerId, previous.get(key(record)), record));

/** Balances are one list, replaced as a whole when an import has any. */
const balances: Resource<Balance> = {
  entities: [BalanceEntity],
  wholeList: true,
  key: (balance) => balance.type,
  load: loadBalances,
  async importRecords(manager, customerId, records, customerIsNew = false) {
    if (records.length === 0) return { count: { created: 0, replaced: 0 }, previous: new Map() };
    const stored = customerIsNew ? [] : await loadBalances(manager, customerId);
    const previous = new Map(stored.map((balance) => [balance.type, balance]));
    await replaceBalances(manager, customerId, records, customerIsNew);
    const replaced = records.filter((balance) => previous.has(balance.type)).length;
    return { count: { created: records.length - replaced, replaced }, previous };
  },
};

/**
 * Every kind of customer record. A new resource is one row here (with its entities and store).
 * Import writes and announces them in this order, so a known customer's events come out
 * tickets, cases, invoices, preferences, then the rest.
 */
export const RESOURCES: { [K in BundleResource]: Resource<CustomerBundle[K][number]> } = {
  tickets: byKey(
    serviceTicketStore,
    [ServiceTicketEntity, ServiceTicketServiceEntity],
    eachRecord(serviceTicketStore.key, ticketEvents),
  ),
  cases: byKey(caseStore, [CaseEntity, CaseNoteEntity, CaseAdjustmentEntity], eachRecord(caseStore.key, caseEvents)),
  invoices: byKey(invoiceStore, [InvoiceEntity, InvoiceLineEntity], eachRecord(invoiceStore.key, invoiceEvents)),
  preferences: byKey(
    preferenceStore,
    [PreferenceCategoryEntity, PreferenceChannelEntity, PreferenceSelectionEntity, PreferenceOptionEntity],
    (customerId, records, previous) =>
      records.some((preference) => !isDeepStrictEqual(previous.get(preference.category), preference))
        ? [preferencesChanged(customerId, null)]
        : [],
  ),
  contacts: byKey(contactStore, [ContactEntity]),
  services: byKey(serviceStore, [ServiceEntity, ServiceInvoiceFeeEntity, ServiceOperationEntity]),
  disposalTickets: byKey(
    disposalTicketStore,
    [DisposalTicketEntity, DisposalTicketDetailEntity, DisposalTicketTaxEntity],
    eachRecord(disposalTicketStore.key, disposalTicketEvents),
  ),
  balances,
  emailActivities: byKey(emailActivityStore, [EmailActivityEntity]),
  issueActivities: byKey(issueActivityStore, [IssueActivityEntity]),
  pickups: byKey(pickupStore, [PickupEntity], eachRecord(pickupStore.key, pickupEvents)),
  profiles: byKey(profileStore, [ProfileEntity]),
  notes: byKey(noteStore, [NoteEntity]),
};

/** The rows of the table, each with its kind. */
export const resources = (): Array<[BundleResource, Resource<unknown>]> =>
  Object.entries(RESOURCES) as Array<[BundleResource, Resource<unknown>]>;
