import type { SeenCustomerIds } from '@curbside/codecs';
import type { CheckedCustomer, RecordBatch } from '@curbside/persistence';

/**
 * The port an import keeps its customers through between its two passes: each customer's header
 * and record counts, its decoded records in batches, and the ids seen (to find one given twice),
 * off the heap. Persistence implements it (`SqliteImportScratch`, a scratch SQLite file); the
 * application wires it (`ApplicationModule`).
 */
export interface ImportScratch extends SeenCustomerIds {
  /** How many customers were added. */
  readonly count: number;
  add(customer: CheckedCustomer): void;
  /** The customers, in the order they were added. */
  customers(): Iterable<CheckedCustomer>;
  /** Keeps batches of the customer at `customer` (its position), `records` records in all. */
  addBatches(customer: number, batches: readonly RecordBatch[], records: number): void;
  /** The customer's batches, read back as they are taken (a large customer's). */
  batchesOf(customer: number): Iterable<RecordBatch>;
  /** The customer's batches, read back now (a small customer's, held until its group is written). */
  keptBatchesOf(customer: number): Iterable<RecordBatch>;
  /** Throws the scratch away. */
  close(): void;
}

/** Opens an import's scratch. */
export abstract class ImportScratches {
  abstract open(): ImportScratch;
}
