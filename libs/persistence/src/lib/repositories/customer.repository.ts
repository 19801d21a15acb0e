import { isDeepStrictEqual } from 'node:util';
import {
  caseEvents,
  invoiceEvents,
  preferencesChanged,
  ticketEvents,
  type Customer,
  type CustomerBundle,
  type Id,
  type NewEvent,
} from '@curbside/domain';
import { DataSource, EntityManager } from 'typeorm';
import { inRead, inTransaction } from '../database';
import { CustomerEntity } from '../entities';
import type { RecordStore } from '../stores/record-store';
import { contactStore } from '../stores/contact.store';
import { preferenceStore } from '../stores/preference.store';
import { serviceStore } from '../stores/service.store';
import { serviceTicketStore } from '../stores/service-ticket.store';
import { disposalTicketStore } from '../stores/disposal-ticket.store';
import { invoiceStore } from '../stores/invoice.store';
import { loadBalances, replaceBalances } from '../stores/balance.store';
import { caseStore, emailActivityStore, issueActivityStore } from '../stores/activity.store';
import { appendEvents } from '../stores/event.store';

/** The record lists of a bundle. */
export type BundleResource = Exclude<keyof CustomerBundle, 'customer'>;

export interface ImportCount {
  created: number;
  replaced: number;
}

/** What one `importBundle` did. */
export interface ImportSummary {
  customerId: Id;
  /** True when the customer was new (then no events were written: a first load of history is not news). */
  customerCreated: boolean;
  resources: Record<BundleResource, ImportCount>;
}

/** The stores of the records that are created or replaced one by one, by key. */
const KEYED_STORES = {
  contacts: contactStore,
  preferences: preferenceStore,
  services: serviceStore,
  tickets: serviceTicketStore,
  disposalTickets: disposalTicketStore,
  invoices: invoiceStore,
  cases: caseStore,
  emailActivities: emailActivityStore,
  issueActivities: issueActivityStore,
} satisfies { [K in Exclude<BundleResource, 'balances'>]: RecordStore<CustomerBundle[K][number]> };

type KeyedResource = keyof typeof KEYED_STORES;

export class CustomerRepository {
  constructor(private readonly dataSource: DataSource) {}

  async exists(id: Id): Promise<boolean> {
    return inRead(this.dataSource, (manager) => manager.exists(CustomerEntity, { where: { id } }));
  }

  async find(id: Id): Promise<Customer | null> {
    const row = await inRead(this.dataSource, (manager) => manager.findOneBy(CustomerEntity, { id }));
    return row && { id: row.id, currency: row.currency };
  }

  /**
   * Loads a bundle in one transaction: creates the customer or updates its currency, then
   * creates or replaces (delete with children, insert) every record in the bundle by its key.
   * Records not in the bundle stay; balances are replaced as a whole list when the bundle has
   * any. For an existing customer, writes the events the changes mean.
   */
  async importBundle(bundle: CustomerBundle): Promise<ImportSummary> {
    const customerId = bundle.customer.id;
    assertUniqueKeys(bundle);
    return inTransaction(this.dataSource, async (manager) => {
      const customerCreated = !(await manager.exists(CustomerEntity, { where: { id: customerId } }));
      await manager.save(CustomerEntity, { id: customerId, currency: bundle.customer.currency });

      const replace = <K extends KeyedResource>(resource: K) =>
        replaceByKey(
          manager,
          customerId,
          KEYED_STORES[resource] as RecordStore<CustomerBundle[K][number]>,
          bundle[resource],
        );
      const contacts = await replace('contacts');
      const preferences = await replace('preferences');
      const services = await replace('services');
      const tickets = await replace('tickets');
      const disposalTickets = await replace('disposalTickets');
      const invoices = await replace('invoices');
      const cases = await replace('cases');
      const emailActivities = await replace('emailActivities');
      const issueActivities = await replace('issueActivities');
      const balances = await this.replaceBalancesIfAny(manager, bundle);

      if (!customerCreated) {
        const events: NewEvent[] = [
          ...bundle.tickets.flatMap((ticket) => ticketEvents(customerId, tickets.previous.get(ticket.id), ticket)),
          ...bundle.cases.flatMap((record) => caseEvents(customerId, cases.previous.get(record.id), record)),
          ...bundle.invoices.flatMap((invoice) =>
            invoiceEvents(customerId, invoices.previous.get(invoice.id), invoice),
          ),
        ];
        const preferencesDiffer = bundle.preferences.some(
          (preference) => !isDeepStrictEqual(preferences.previous.get(preference.category), preference),
        );
        if (preferencesDiffer) events.push(preferencesChanged(customerId, null));
        await appendEvents(manager, events);
      }

      return {
        customerId,
        customerCreated,
        resources: {
          contacts: contacts.count,
          preferences: preferences.count,
          services: services.count,
          tickets: tickets.count,
          disposalTickets: disposalTickets.count,
          invoices: invoices.count,
          balances,
          cases: cases.count,
          emailActivities: emailActivities.count,
          issueActivities: issueActivities.count,
        },
      };
    });
  }

  /** Everything stored for the customer, each list in its natural order; null when unknown. */
  async exportBundle(id: Id): Promise<CustomerBundle | null> {
    return inTransaction(this.dataSource, async (manager) => {
      const customer = await manager.findOneBy(CustomerEntity, { id });
      if (customer === null) return null;
      return {
        customer: { id: customer.id, currency: customer.currency },
        contacts: await contactStore.load(manager, id),
        preferences: await preferenceStore.load(manager, id),
        services: await serviceStore.load(manager, id),
        tickets: await serviceTicketStore.load(manager, id),
        disposalTickets: await disposalTicketStore.load(manager, id),
        invoices: await invoiceStore.load(manager, id),
        balances: await loadBalances(manager, id),
        cases: await caseStore.load(manager, id),
        emailActivities: await emailActivityStore.load(manager, id),
        issueActivities: await issueActivityStore.load(manager, id),
      };
    });
  }

  private async replaceBalancesIfAny(
    manager: EntityManager,
    { customer, balances }: CustomerBundle,
  ): Promise<ImportCount> {
    if (balances.length === 0) return { created: 0, replaced: 0 };
    const previousTypes = new Set((await loadBalances(manager, customer.id)).map((balance) => balance.type));
    await replaceBalances(manager, customer.id, balances);
    const replaced = balances.filter((balance) => previousTypes.has(balance.type)).length;
    return { created: balances.length - replaced, replaced };
  }
}

async function replaceByKey<R>(
  manager: EntityManager,
  customerId: Id,
  store: RecordStore<R>,
  records: readonly R[],
): Promise<{ count: ImportCount; previous: Map<string, R> }> {
  const previous = new Map(
    (await store.load(manager, customerId, records.map(store.key))).map((record) => [store.key(record), record]),
  );
  await store.delete(manager, customerId, [...previous.keys()]);
  await store.insert(manager, customerId, records);
  return { count: { created: records.length - previous.size, replaced: previous.size }, previous };
}

/** A key twice in one bundle is a mistake in the file, not a replacement. */
function assertUniqueKeys(bundle: CustomerBundle): void {
  for (const [resource, store] of Object.entries(KEYED_STORES) as Array<[KeyedResource, RecordStore<unknown>]>) {
    const seen = new Set<string>();
    for (const record of bundle[resource]) {
      const key = store.key(record);
      if (seen.has(key)) throw new Error(`customer ${bundle.customer.id}: ${resource} has "${key}" more than once`);
      seen.add(key);
    }
  }
}
