import type { Id } from '@curbside/domain';
import { EntityManager, In } from 'typeorm';
import { CustomerEntity } from '../entities';
import { chunk, KEYS_PER_QUERY } from '../sql/chunk';

/**
 * Bumps the data version of customers whose GETs now answer differently, inside the write's own
 * transaction (ARCHITECTURE: one data version per customer). Every write path of customer data
 * calls it (the import bumps it in its own update of the customer's row, `bumpedDataVersion`): both PUTs, ticket status changes, service requests, the notifier's email
 * activities; the API's ETags, 304s and cached bodies key on the version it leaves.
 */
export async function touchCustomers(manager: EntityManager, customerIds: readonly Id[]): Promise<void> {
  const ids = [...new Set(customerIds)];
  for (const part of chunk(ids, KEYS_PER_QUERY)) {
    await manager.increment(CustomerEntity, { id: part.length === 1 ? part[0] : In(part) }, 'dataVersion', 1);
  }
}

/** The SET expression of a bump, for a write that updates the customer's row anyway (the import's). */
export const bumpedDataVersion = (): string => '"data_version" + 1';

/** Bumps every customer's data version: for what all of them show (the holiday calendar moves pickups). */
export async function touchAllCustomers(manager: EntityManager): Promise<void> {
  await manager.query('UPDATE "customers" SET "data_version" = "data_version" + 1');
}
