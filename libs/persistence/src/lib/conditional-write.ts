import type { Id } from '@curbside/domain';
import { DataSource, EntityManager } from 'typeorm';
import { inTransaction } from './database/index';
import { CustomerEntity } from './entities';
import { touchCustomers } from './stores/data-version.store';

/**
 * A client's condition on a write (e.g. HTTP `If-Match`): given the current state, it throws
 * to refuse the write. It runs inside the write's transaction, so what it saw is what is replaced.
 */
export type Precondition<S> = (current: S) => void;

export interface ConditionalWrite<S> {
  /** The state the precondition is checked against and the result is read from. */
  read(manager: EntityManager): Promise<S>;
  write(manager: EntityManager): Promise<void>;
  /** Absent: the write is unconditional. */
  precondition?: Precondition<S> | undefined;
}

/**
 * Compare-and-write, in one transaction that holds the customer's write lock: reads the state,
 * lets the precondition refuse (nothing is written then), writes, and returns the state after
 * the write. Two concurrent writes with the same expectation therefore take turns, and the
 * second sees the first's result. On PostgreSQL the lock is the customer's row (FOR UPDATE);
 * SQLite has one writer at a time already.
 */
export function writeIfCurrent<S>(
  dataSource: DataSource,
  customerId: Id,
  { read, write, precondition }: ConditionalWrite<S>,
): Promise<S> {
  return inTransaction(dataSource, async (manager) => {
    await lockCustomer(manager, customerId);
    if (precondition !== undefined) precondition(await read(manager));
    await write(manager);
    await touchCustomers(manager, [customerId]);
    return read(manager);
  });
}

/**
 * Takes the customer's write lock for the rest of the caller's transaction: the customer's row
 * (FOR UPDATE) on PostgreSQL; SQLite has one writer at a time already.
 */
export async function lockCustomer(manager: EntityManager, customerId: Id): Promise<void> {
  if (manager.connection.options.type !== 'postgres') return;
  await manager
    .createQueryBuilder(CustomerEntity, 'c')
    .select('c.id')
    .where('c.id = :customerId', { customerId })
    .setLock('pessimistic_write')
    .getRawOne();
}
