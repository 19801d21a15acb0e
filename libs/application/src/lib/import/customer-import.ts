import { Injectable } from '@nestjs/common';
import { importedLanguageEvents, importListChange, WHOLE_LISTS, type BundleResource, type Customer, type CustomerBundle, type Id, type ImportCount, type NewEvent } from '@curbside/domain';
import { appendEvents, customerImportStore as store, customerLanguageStore, importTransaction, withHeldInserts, type RecordBatch } from '@curbside/persistence';
import { DataSource, EntityManager } from 'typeorm';

/** What importing one customer did. */
export interface ImportSummary {
  customerId: Id;
  /** True when the customer was new (then no events were written: a first load of history is not news). */
  customerCreated: boolean;
  resources: Record<BundleResource, ImportCount>;
}

/** A customer of an import and its records, in batches (`importCustomers`). */
export interface CustomerRecords {
  customer: Customer;
  batches: Iterable<RecordBatch>;
}

/**
 * Writes an import's customers (CONTRACT §3), each all or nothing: the use case's side of
 * LoadImportFile. Per customer and list it loads the stored records the import may replace, asks
 * the domain what the import means (`importListChange`: which go, the counts, the events) and saves
 * that, then appends the customer's events, in the one transaction it opens (`importTransaction`).
 * Persistence only loads and saves (`customerImportStore`).
 */
@Injectable()
export class CustomerImport {
  constructor(private readonly dataSource: DataSource) {}

  /**
   * Loads a bundle in one transaction: creates the customer or updates its currency and IVR fee,
   * then writes every record list of the bundle (by key, or balances as a whole list when the
   * bundle has any). Records not in the bundle stay. For an existing customer, writes the events
   * the changes mean.
   */
  async importBundle(bundle: CustomerBundle): Promise<ImportSummary> {
    assertUniqueKeys(bundle);
    return this.importBatches(bundle.customer, wholeLists(bundle));
  }

  /**
   * importBundle for a customer whose records come in batches (a streamed import file): the
   * same transaction, writes and events, the keys unique across all batches (the caller checks).
   * The batches are written as they come; a list replaced whole (balances) is written at the end.
   */
  importBatches(customer: Customer, batches: AsyncIterable<RecordBatch> | Iterable<RecordBatch>): Promise<ImportSummary> {
    return importTransaction(this.dataSource, async (manager) => {
      const known = await updateHeader(manager, customer);
      if (!known) await store.insert(manager, [customer]);
      return importCustomer(manager, customer, !known, batches);
    });
  }

  /**
   * Several customers of an import in one transaction, each as importBatches writes it, their new
   * rows written table by table at the end (`withHeldInserts`): all of them or none. A failure
   * names no customer: the caller tries them again one by one (LoadImportFile).
   */
  importCustomers(customers: readonly CustomerRecords[]): Promise<ImportSummary[]> {
    return importTransaction(this.dataSource, async (manager) => {
      const known = await store.known(manager, customers.map(({ customer }) => customer.id));
      await store.insert(manager, customers.filter(({ customer }) => !known.has(customer.id)).map(({ customer }) => customer));
      return withHeldInserts(manager, async () => {
        const summaries: ImportSummary[] = [];
        for (const { customer, batches } of customers) {
          if (known.has(customer.id)) await updateHeader(manager, customer);
          summaries.push(await importCustomer(manager, customer, !known.has(customer.id), batches));
        }
        return summaries;
      });
    });
  }
}

/**
 * Saves a stored customer's header (`store.update`) and appends the event its language's change
 * means (`importedLanguageEvents`); the stored language is read only when the file names one.
 * False when the customer is not stored (nothing written).
 */
async function updateHeader(manager: EntityManager, customer: Customer): Promise<boolean> {
  const stored = customer.language === undefined ? null : await customerLanguageStore.load(manager, customer.id);
  const known = await store.update(manager, customer);
  if (known && stored !== null) await appendEvents(manager, importedLanguageEvents(customer.id, stored.language, customer.language));
  return known;
}

/** Writes the records of one customer of an import (just written: `customerCreated` when new) in `manager`'s transaction. */
async function importCustomer(
  manager: EntityManager,
  customer: Customer,
  customerCreated: boolean,
  batches: AsyncIterable<RecordBatch> | Iterable<RecordBatch>,
): Promise<ImportSummary> {
  const kinds = store.kinds();
  const counts = new Map(kinds.map((kind) => [kind, { created: 0, replaced: 0 }]));
  const events = new Map(kinds.map((kind) => [kind, [] as NewEvent[]]));
  const held = new Map<BundleResource, unknown[]>();
  const write = async (kind: BundleResource, records: readonly unknown[]) => {
    const change = await importList(manager, kind, customer, records, customerCreated).catch((error: Error) => {
      throw new Error(`customer ${customer.id}, ${kind}: ${error.message}`, { cause: error });
    });
    const total = counts.get(kind) as ImportCount;
    counts.set(kind, { created: total.created + change.count.created, replaced: total.replaced + change.count.replaced });
    events.get(kind)?.push(...change.events);
  };
  for await (const { kind, records } of batches) {
    if (WHOLE_LISTS.has(kind)) held.set(kind, [...(held.get(kind) ?? []), ...records]);
    else await write(kind, records);
  }
  for (const [kind, records] of held) await write(kind, records);
  // In the store's order of kinds, whatever order the file's lists came in.
  await appendEvents(manager, [...events.values()].flat());
  return { customerId: customer.id, customerCreated, resources: Object.fromEntries(counts) as Record<BundleResource, ImportCount> };
}

/** Loads the stored records an import of `records` may replace, asks the domain what the import means (`importListChange`), and saves that. */
async function importList(manager: EntityManager, kind: BundleResource, customer: Customer, records: readonly unknown[], customerCreated: boolean) {
  const stored = await store.loadStored(manager, kind, customer.id, records, customerCreated);
  const change = importListChange(kind, customer.id, records as never[], stored as never[], store.key(kind), !customerCreated);
  await store.save(manager, kind, customer.id, change.goes, records, customerCreated);
  return change;
}

/** A bundle's lists as one batch each, in the store's order of kinds. */
function* wholeLists(bundle: CustomerBundle): Iterable<RecordBatch> {
  for (const kind of store.kinds()) yield { kind, records: bundle[kind] as readonly unknown[] };
}

/** A key twice in one bundle is a mistake in the file, not a replacement. */
function assertUniqueKeys(bundle: CustomerBundle): void {
  for (const kind of store.kinds()) {
    const key = store.key(kind);
    const seen = new Set<string>();
    for (const record of bundle[kind] as readonly unknown[]) {
      if (seen.has(key(record))) throw new Error(`customer ${bundle.customer.id}: ${kind} has "${key(record)}" more than once`);
      seen.add(key(record));
    }
  }
}
