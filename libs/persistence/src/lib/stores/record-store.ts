import { EntityManager } from 'typeorm';
import type { Id } from '@curbside/domain';

/**
 * How one kind of customer record is written to and read from its tables. Import, export,
 * find and the repositories all go through these, so each mapping exists once.
 */
export interface RecordStore<R> {
  /** What identifies the record within its customer (an id, a contact type, a category). */
  key(record: R): string;
  /** The customer's records in their natural order, or only those with `keys` (then in no particular order). */
  load(manager: EntityManager, customerId: Id, keys?: readonly string[]): Promise<R[]>;
  insert(manager: EntityManager, customerId: Id, records: readonly R[]): Promise<void>;
  /** Deletes records with their child rows. */
  delete(manager: EntityManager, customerId: Id, keys: readonly string[]): Promise<void>;
}
