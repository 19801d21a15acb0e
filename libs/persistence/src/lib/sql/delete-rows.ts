import type { EntityManager, EntityTarget, ObjectLiteral } from 'typeorm';
import type { Id } from '@curbside/domain';
import { chunk, KEYS_PER_QUERY } from './chunk';

/** Deletes the customer's rows whose `keyProperty` is in `keys` (children go by ON DELETE CASCADE). */
export async function deleteRows<T extends ObjectLiteral>(
  manager: EntityManager,
  entity: EntityTarget<T>,
  customerId: Id,
  keyProperty: keyof T & string,
  keys: readonly string[],
): Promise<void> {
  const column = manager.connection.getMetadata(entity).findColumnWithPropertyName(keyProperty)?.databaseName;
  for (const part of chunk(keys, KEYS_PER_QUERY)) {
    await manager
      .createQueryBuilder()
      .delete()
      .from(entity)
      .where('customer_id = :customerId', { customerId })
      .andWhere(`${column} IN (:...keys)`, { keys: part })
      .execute();
  }
}
