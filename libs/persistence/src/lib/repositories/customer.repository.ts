import type { BundleResource, Customer, CustomerBundle, Id, NewEvent } from '@curbside/domain';
import { DataSource } from 'typeorm';
import { inRead, inTransaction, selectRaw } from '../database';
import { CustomerEntity } from '../entities';
import { type ImportCount, resources } from '../resources';
import { appendEvents } from '../stores/event.store';

export type { BundleResource } from '@curbside/domain';
export type { ImportCount } from '../resources';

/** What one `importBundle` did. */
export interface ImportSummary {
  customerId: Id;
  /** True when the customer was new (then no events were written: a first load of history is not news). */
  customerCreated: boolean;
  resources: Record<BundleResource, ImportCount>;
}

const toCustomer = (row: CustomerEntity): Customer => ({ id: row.id, currency: row.currency, ivrFee: row.ivrFee });

export class CustomerRepository {
  constructor(private readonly dataSource: DataSource) {}

  async exists(id: Id): Promise<boolean> {
    return inRead(this.dataSource, (manager) => manager.exists(CustomerEntity, { where: { id } }));
  }

  async find(id: Id): Promise<Customer | null> {
    const [row] = await selectRaw<CustomerEntity>(
      this.dataSource,
      'SELECT "id", "currency", "ivr_fee" AS "ivrFee" FROM "customers" WHERE "id" = ?',
      [id],
    );
    return row === undefined ? null : toCustomer(row);
  }

  /**
   * Loads a bundle in one transaction: creates the customer or updates its currency and IVR fee,
   * then writes every record list of the bundle (RESOURCES: by key, or balances as a whole list
   * when the bundle has any). Records not in the bundle stay. For an existing customer, writes the
   * events the changes mean.
   */
  async importBundle(bundle: CustomerBundle): Promise<ImportSummary> {
    const { customer } = bundle;
    assertUniqueKeys(bundle);
    return inTransaction(this.dataSource, async (manager) => {
      const customerCreated = !(await manager.exists(CustomerEntity, { where: { id: customer.id } }));
      await manager.save(CustomerEntity, { id: customer.id, currency: customer.currency, ivrFee: customer.ivrFee });

      const counts: Partial<Record<BundleResource, ImportCount>> = {};
      const events: NewEvent[] = [];
      for (const [kind, resource] of resources()) {
        const records = bundle[kind] as readonly unknown[];
        const { count, previous } = await resource.importRecords(manager, customer.id, records);
        counts[kind] = count;
        if (!customerCreated && resource.events) events.push(...resource.events(customer.id, records, previous));
      }
      await appendEvents(manager, events);

      return { customerId: customer.id, customerCreated, resources: counts as Record<BundleResource, ImportCount> };
    });
  }

  /** Everything stored for the customer, each list in its natural order; null when unknown. */
  async exportBundle(id: Id): Promise<CustomerBundle | null> {
    return inRead(this.dataSource, async (manager) => {
      const row = await manager.findOneBy(CustomerEntity, { id });
      if (row === null) return null;
      const bundle: Record<string, unknown> = { customer: toCustomer(row) };
      for (const [kind, resource] of resources()) bundle[kind] = await resource.load(manager, id);
      return bundle as unknown as CustomerBundle;
    });
  }
}

/** A key twice in one bundle is a mistake in the file, not a replacement. */
function assertUniqueKeys(bundle: CustomerBundle): void {
  for (const [kind, resource] of resources()) {
    const seen = new Set<string>();
    for (const record of bundle[kind] as readonly unknown[]) {
      const key = resource.key(record);
      if (seen.has(key)) throw new Error(`customer ${bundle.customer.id}: ${kind} has "${key}" more than once`);
      seen.add(key);
    }
  }
}
