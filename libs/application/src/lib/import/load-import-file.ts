import { setImmediate } from 'node:timers/promises';
import { Injectable } from '@nestjs/common';
import { Customer, ImportFile } from '@curbside/domain';
import { CustomerRepository, HolidayRepository, ImportCount, RecordBatch, Traced } from '@curbside/persistence';
import { RECORDS_PER_BATCH, type CheckedFile } from './check-import-file';
import { CustomerImport, type CustomerRecords, type ImportSummary } from './customer-import';
import { ImportScratch } from './import-scratch';

/** Records of small customers written in one transaction (about 140 customers of a hauler's file). */
const RECORDS_PER_TRANSACTION = 10_000;

/** What an import did: the holiday calendar's counts, then each customer's, as it is loaded. */
export interface ImportResult<Summaries = AsyncIterable<ImportSummary>> {
  holidays: ImportCount;
  customers: Summaries;
}

/**
 * The second pass of an import file (CONTRACT §3; the CLI's `import` and `seed`): the file
 * `CheckImportFile` checked, each customer loaded all or nothing, by `CustomerImport` (which asks
 * the domain what each customer's records mean), many small customers a transaction.
 */
@Injectable()
export class LoadImportFile {
  constructor(
    private readonly customers: CustomerRepository,
    private readonly holidays: HolidayRepository,
    private readonly imports: CustomerImport,
  ) {}

  /**
   * The second pass: the holiday calendar (one transaction), then, as the summaries are taken,
   * the customers, each all or nothing: small ones many to a transaction (up to
   * RECORDS_PER_TRANSACTION records, held in memory), a larger one alone, its records written in
   * batches as they come. The records are those the first pass decoded (kept in the scratch):
   * the file is not read again. Nothing is kept per customer.
   */
  @Traced()
  async loadChecked(checked: CheckedFile): Promise<ImportResult> {
    if (!checked.recordsKept) throw new Error('the file was checked without keeping its records: check it again to load it');
    const holidays = await this.holidays.importHolidays(checked.holidays);
    return { holidays, customers: this.loadCustomers(checked.customers) };
  }

  /**
   * While a group of customers is written, the next is read from the scratch: on PostgreSQL
   * the reading and the database's work overlap (on SQLite, whose calls block, they take turns).
   */
  private async *loadCustomers(scratch: ImportScratch): AsyncGenerator<ImportSummary> {
    const bulk = await this.customers.startBulkImport();
    let writing: Promise<GroupResult> = Promise.resolve({ summaries: [] });
    const written = async function* () {
      const { summaries, failure } = await writing;
      writing = Promise.resolve({ summaries: [] });
      for (const summary of summaries) {
        await bulk.customerLoaded();
        yield summary;
      }
      if (failure !== undefined) throw failure.error;
    };
    const group = new CustomerGroup();
    try {
      let position = 0;
      for (const { customer, records } of scratch.customers()) {
        const count = Object.values(records).reduce((sum, n) => sum + n, 0);
        if (count > RECORDS_PER_BATCH) {
          yield* written();
          writing = this.importGroup(group.take());
          yield* written();
          writing = this.importAlone(customer, scratch.batchesOf(position++));
          yield* written();
          continue;
        }
        group.add({ customer, batches: scratch.keptBatchesOf(position++) }, count);
        // Reading the scratch does not wait for anything: let the database's replies in.
        await setImmediate();
        if (group.records < RECORDS_PER_TRANSACTION) continue;
        yield* written();
        writing = this.importGroup(group.take());
      }
      yield* written();
      writing = this.importGroup(group.take());
      yield* written();
      await this.customers.refreshStatistics();
    } finally {
      await writing;
      await bulk.end();
    }
  }

  /**
   * Customers in one transaction; when it fails, each again in a transaction of its own, so that
   * the failure is the failing customer's (the error names it and the list) and the customers
   * before it in the file are loaded, as they would have been one transaction each.
   */
  private async importGroup(group: readonly CustomerRecords[]): Promise<GroupResult> {
    if (group.length === 0) return { summaries: [] };
    try {
      return { summaries: await this.imports.importCustomers(group) };
    } catch {
      // Tried again one by one, below.
    }
    const summaries: ImportSummary[] = [];
    for (const { customer, batches } of group) {
      const alone = await this.importAlone(customer, batches);
      summaries.push(...alone.summaries);
      if (alone.failure !== undefined) return { summaries, failure: alone.failure };
    }
    return { summaries };
  }

  /** One customer in a transaction of its own. Never rejects: a failure is returned. */
  private async importAlone(customer: Customer, batches: AsyncIterable<RecordBatch> | Iterable<RecordBatch>): Promise<GroupResult> {
    try {
      return { summaries: [await this.imports.importBatches(customer, batches)] };
    } catch (error) {
      return { summaries: [], failure: { error } };
    }
  }

  /** Loads the holiday calendar (one transaction), then each customer (one transaction each). */
  @Traced()
  async load(file: ImportFile, onCustomerDone: (summary: ImportSummary) => void = () => undefined): Promise<ImportResult<ImportSummary[]>> {
    const holidays = await this.holidays.importHolidays(file.holidays);
    const customers: ImportSummary[] = [];
    for (const bundle of file.customers) {
      const summary = await this.imports.importBundle(bundle);
      customers.push(summary);
      onCustomerDone(summary);
    }
    await this.customers.refreshStatistics();
    return { holidays, customers };
  }
}

/** What writing a group of customers did: the summaries of those loaded, and the failure that stopped it. */
interface GroupResult {
  summaries: ImportSummary[];
  failure?: { error: unknown };
}

/** Small customers read ahead, to be written in one transaction. */
class CustomerGroup {
  private customers: CustomerRecords[] = [];
  records = 0;

  add(customer: CustomerRecords, records: number): void {
    this.customers.push(customer);
    this.records += records;
  }

  /** The customers added since the last take. */
  take(): CustomerRecords[] {
    const taken = this.customers;
    this.customers = [];
    this.records = 0;
    return taken;
  }
}
