import { importListChange, type BundleResource, type Customer, type CustomerBundle, type Id, type NewEvent } from '@curbside/domain';
import { DataSource, EntityManager, In, Not } from 'typeorm';
import { inRead, inTransaction, refreshStatistics, relaxedCommit, selectRaw, startBulkWrites } from '../database/index';
import { chunk, KEYS_PER_QUERY } from '../stores/rows/chunk';
import { insertRows, withHeldInserts } from '../stores/rows/insert-rows';
import { CustomerEntity } from '../entities';
import { type ImportCount, type Resource, resources } from '../resources';
import { bumpedDataVersion } from '../stores/data-version.store';
import { appendEvents } from '../stores/event.store';

export type { BundleResource } from '@curbside/domain';
export type { ImportCount } from '../resources';

/** A customer as a request resolves it: with the version its cached answers key on. */
export interface VersionedCustomer {
  customer: Customer;
  dataVersion: number;
}

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

  /** True when any customer other than `ids` is stored. */
  async anyOtherThan(ids: readonly Id[]): Promise<boolean> {
    return inRead(this.dataSource, (manager) => manager.exists(CustomerEntity, { where: { id: Not(In([...ids])) } }));
  }

  async find(id: Id): Promise<Customer | null> {
    return (await this.findVersioned(id))?.customer ?? null;
  }

  /**
   * The customer and its data version (bumped by every write of what its GETs show), in one
   * lookup: what a request resolves once, and what its ETag and cached body key on.
   */
  async findVersioned(id: Id): Promise<VersionedCustomer | null> {
    const [row] = await selectRaw<CustomerEntity>(
      this.dataSource,
      'SELECT "id", "currency", "ivr_fee" AS "ivrFee", "data_version" AS "dataVersion" FROM "customers" WHERE "id" = ?',
      [id],
    );
    return row === undefined ? null : { customer: toCustomer(row), dataVersion: Number(row.dataVersion) };
  }

  /**
   * Loads a bundle in one transaction: creates the customer or updates its currency and IVR fee,
   * then writes every record list of the bundle (RESOURCES: by key, or balances as a whole list
   * when the bundle has any). Records not in the bundle stay. For an existing customer, writes the
   * events the changes mean.
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
  async importBatches(customer: Customer, batches: AsyncIterable<RecordBatch> | Iterable<RecordBatch>): Promise<ImportSummary> {
    return inTransaction(this.dataSource, async (manager) => {
      await relaxedCommit(manager);
      return importCustomer(manager, customer, await writeCustomer(manager, customer), batches);
    });
  }

  /**
   * Several customers of an import in one transaction, each as importBatches writes it, their new
   * rows written table by table at the end (`withHeldInserts`): all of them or none. A failure
   * names no customer: the caller tries them again one by one (LoadImportFile).
   */
  async importCustomers(customers: readonly CustomerRecords[]): Promise<ImportSummary[]> {
    return inTransaction(this.dataSource, async (manager) => {
      await relaxedCommit(manager);
      const known = await knownCustomers(manager, customers.map(({ customer }) => customer.id));
      await insertRows(manager, CustomerEntity, customers.filter(({ customer }) => !known.has(customer.id)).map(({ customer }) => newCustomerRow(customer)));
      return withHeldInserts(manager, async () => {
        const summaries: ImportSummary[] = [];
        for (const { customer, batches } of customers) {
          if (known.has(customer.id)) await writeCustomer(manager, customer);
          summaries.push(await importCustomer(manager, customer, !known.has(customer.id), batches));
        }
        return summaries;
      });
    });
  }

  /**
   * Sets the database for importing many customers, one `importBatches` after another, until `end`
   * (`startBulkWrites`), and keeps the planner's statistics of the customer tables current as they
   * grow: ANALYZE when 100, 200, 400… customers have been loaded. Without it PostgreSQL keeps the
   * plans it made for the foreign-key checks while the tables were empty; with ids repeated across
   * customers (ticket "5000009" at thousands of them) such a plan can look a child row's parent up
   * by `id` alone, reading a row of every customer that has it. A 10,000-customer import went from
   * about 5 to about 50 customers a second when ANALYZE ran during it.
   */
  async startBulkImport(): Promise<BulkImport> {
    const endBulkWrites = await startBulkWrites(this.dataSource);
    const tables = this.customerTables();
    // Mid-way only on PostgreSQL, whose foreign-key checks keep their plans; both drivers get `refreshStatistics` at the end.
    const midway = this.dataSource.options.type === 'postgres';
    let loaded = 0;
    let nextRefresh = FIRST_STATISTICS_REFRESH;
    // ANALYZE runs beside the import's writes (another connection), one at a time.
    let refreshing: Promise<void> = Promise.resolve();
    return {
      customerLoaded: async () => {
        loaded += 1;
        if (!midway || loaded < nextRefresh) return;
        nextRefresh *= 2;
        await refreshing;
        refreshing = refreshStatistics(this.dataSource, tables);
        refreshing.catch(() => undefined); // awaited, and so thrown, at the next refresh or at the end
      },
      end: async () => {
        try {
          await refreshing;
        } finally {
          await endBulkWrites();
        }
      },
    };
  }

  /**
   * Planner statistics for every customer table, after a bulk write of customers (an import,
   * `seed`): the first request after it is planned on what is there (issue 45).
   */
  async refreshStatistics(): Promise<void> {
    await refreshStatistics(this.dataSource, this.customerTables());
  }

  private customerTables(): string[] {
    return [CustomerEntity, ...resources().flatMap(([, resource]) => resource.entities)].map((entity) => this.dataSource.getMetadata(entity).tableName);
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

/** Writes the records of one customer of an import (just written: `customerCreated` when new) in `manager`'s transaction. */
async function importCustomer(
  manager: EntityManager,
  customer: Customer,
  customerCreated: boolean,
  batches: AsyncIterable<RecordBatch> | Iterable<RecordBatch>,
): Promise<ImportSummary> {
  const byKind = new Map(resources());
  const counts = new Map([...byKind.keys()].map((kind) => [kind, { created: 0, replaced: 0 }]));
  const events = new Map([...byKind.keys()].map((kind) => [kind, [] as NewEvent[]]));
  const held = new Map<BundleResource, unknown[]>();
  const write = async (kind: BundleResource, records: readonly unknown[]) => {
    const resource = byKind.get(kind) as Resource<unknown>;
    const change = await saveList(manager, resource, kind, customer.id, records, customerCreated).catch((error: Error) => {
      throw new Error(`customer ${customer.id}, ${kind}: ${error.message}`, { cause: error });
    });
    const total = counts.get(kind) as ImportCount;
    counts.set(kind, { created: total.created + change.count.created, replaced: total.replaced + change.count.replaced });
    events.get(kind)?.push(...change.events);
  };
  for await (const { kind, records } of batches) {
    if (byKind.get(kind)?.wholeList) held.set(kind, [...(held.get(kind) ?? []), ...records]);
    else await write(kind, records);
  }
  for (const [kind, records] of held) await write(kind, records);
  // In RESOURCES order, whatever order the file's lists came in.
  await appendEvents(manager, [...events.values()].flat());
  return { customerId: customer.id, customerCreated, resources: Object.fromEntries(counts) as Record<BundleResource, ImportCount> };
}

/** Loads the stored records an import of `records` may replace, asks the domain what the import means (`importListChange`), and saves that. */
async function saveList(manager: EntityManager, resource: Resource<unknown>, kind: BundleResource, customerId: Id, records: readonly unknown[], customerCreated: boolean) {
  const stored = await resource.loadStored(manager, customerId, records, customerCreated);
  const change = importListChange(kind, customerId, records as never[], stored as never[], resource.key, !customerCreated);
  await resource.save(manager, customerId, change.goes, records, customerCreated);
  return change;
}

/**
 * Updates the customer's currency and IVR fee and bumps its data version (its records are about to
 * change), or creates it; true when it was created. Two statements at most, one for a known customer.
 */
async function writeCustomer(manager: EntityManager, customer: Customer): Promise<boolean> {
  const { id, currency, ivrFee } = customer;
  const { affected } = await manager.update(CustomerEntity, { id }, { currency, ivrFee, dataVersion: bumpedDataVersion });
  if (affected === 1) return false;
  await insertRows(manager, CustomerEntity, [newCustomerRow(customer)]);
  return true;
}

const newCustomerRow = ({ id, currency, ivrFee }: Customer): CustomerEntity => ({ id, currency, ivrFee, dataVersion: 1 });

/** Which of `ids` are stored customers. */
async function knownCustomers(manager: EntityManager, ids: readonly Id[]): Promise<Set<Id>> {
  const known = new Set<Id>();
  for (const part of chunk(ids, KEYS_PER_QUERY)) {
    for (const { id } of await manager.find(CustomerEntity, { select: { id: true }, where: { id: In(part) } })) known.add(id);
  }
  return known;
}

/** A run of `importBatches` over the customers of an import file (`CustomerRepository.startBulkImport`). */
export interface BulkImport {
  /** Call after each customer is loaded. */
  customerLoaded(): Promise<void>;
  /** Puts the database's settings back. */
  end(): Promise<void>;
}

/** Customers loaded before the first ANALYZE of a bulk import; then at each doubling. */
const FIRST_STATISTICS_REFRESH = 100;

/** A customer of an import and its records, in batches (`importCustomers`). */
export interface CustomerRecords {
  customer: Customer;
  batches: Iterable<RecordBatch>;
}

/** Some records of one list of a customer. */
export interface RecordBatch {
  kind: BundleResource;
  records: readonly unknown[];
}

/** A bundle's lists as one batch each, in RESOURCES order. */
function* wholeLists(bundle: CustomerBundle): Iterable<RecordBatch> {
  for (const [kind] of resources()) yield { kind, records: bundle[kind] as readonly unknown[] };
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
