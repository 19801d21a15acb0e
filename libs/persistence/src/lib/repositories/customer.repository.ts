import type { BundleResource, Customer, CustomerBundle, CustomerLanguage, Id } from '@curbside/domain';
import { DataSource, In, IsNull, Not } from 'typeorm';
import { inRead, refreshStatistics, selectRaw, startBulkWrites } from '../database/index';
import { CustomerEntity } from '../entities';
import { resources } from '../stores/resources';
import { customerLanguageStore } from '../stores/customer-language.store';

export type { BundleResource } from '@curbside/domain';
export type { ImportCount } from '../stores/resources';

/** A customer as a request resolves it: with the version its cached answers key on. */
export interface VersionedCustomer {
  customer: Customer;
  dataVersion: number;
}

/** The columns a request reads of its customer. */
type CustomerRow = Pick<CustomerEntity, 'id' | 'currency' | 'ivrFee' | 'language' | 'dataVersion'>;

const toCustomer = (row: CustomerRow): Customer => ({ id: row.id, currency: row.currency, ivrFee: row.ivrFee, language: row.language });

/** A customer's row read with its data version (PostgreSQL answers the bigint as text). */
export const toVersionedCustomer = (row: CustomerRow): VersionedCustomer => ({ customer: toCustomer(row), dataVersion: Number(row.dataVersion) });

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
      'SELECT "id", "currency", "ivr_fee" AS "ivrFee", "language", "data_version" AS "dataVersion" FROM "customers" WHERE "id" = ?',
      [id],
    );
    return row === undefined ? null : toVersionedCustomer(row);
  }

  /** The stored language of each of `ids` that has one (CONTRACT §11), in one statement: what the notifier writes a batch in. */
  async languagesOf(ids: readonly Id[]): Promise<Map<Id, string>> {
    if (ids.length === 0) return new Map();
    const rows = await inRead(this.dataSource, (manager) =>
      manager.find(CustomerEntity, { select: { id: true, language: true }, where: { id: In([...ids]), language: Not(IsNull()) } }),
    );
    return new Map(rows.map((row) => [row.id, row.language as string]));
  }

  /** The customer's language and who set it last (CONTRACT §11); null when the customer is unknown. */
  async language(id: Id): Promise<CustomerLanguage | null> {
    return inRead(this.dataSource, (manager) => customerLanguageStore.load(manager, id));
  }

  /**
   * Sets the database for importing many customers, one transaction after another, until `end`
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
   * `seed`): the first request after it is planned on what is there.
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

/** A run of an import's transactions over the customers of an import file (`CustomerRepository.startBulkImport`). */
export interface BulkImport {
  /** Call after each customer is loaded. */
  customerLoaded(): Promise<void>;
  /** Puts the database's settings back. */
  end(): Promise<void>;
}

/** Customers loaded before the first ANALYZE of a bulk import; then at each doubling. */
const FIRST_STATISTICS_REFRESH = 100;

/** Some records of one list of a customer. */
export interface RecordBatch {
  kind: BundleResource;
  records: readonly unknown[];
}
