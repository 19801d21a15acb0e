import { emailKey } from '@curbside/domain';
import { EntityManager, In } from 'typeorm';
import { SuppressionEntity } from '../entities';
import { chunk, KEYS_PER_QUERY } from '../sql/chunk';

/**
 * Lifts the suppression of addresses a write sets again (CONTRACT §10: a PUT of op 10 or of
 * contacts naming the address), in that write's transaction.
 */
export async function liftSuppressions(manager: EntityManager, addresses: ReadonlyArray<string | null>): Promise<void> {
  const keys = [...new Set(addresses.filter((address): address is string => address !== null && address.includes('@')).map(emailKey))];
  for (const part of chunk(keys, KEYS_PER_QUERY)) await manager.delete(SuppressionEntity, { address: In(part) });
}
