import type { EntityManager, EntityMetadata, EntityTarget, ObjectLiteral, SelectQueryBuilder } from 'typeorm';
import type { Id } from '@curbside/domain';
import { chunk, KEYS_PER_QUERY } from './chunk';
import type { QueryStep } from './query-steps';
import { named, rawColumnsOf } from './raw-columns';
import { rawMany } from './raw-many';

export interface RowSelection {
  /** Only these properties (default: every column), for reads that use a few of a wide row's. */
  columns?: readonly string[];
  /** Only rows whose `property` is one of `values`. */
  keys?: { property: string; values: readonly string[] } | undefined;
  where?: QueryStep;
  order: QueryStep;
}

/**
 * The customer's rows of `entity` as plain objects named like the entity's properties, read
 * raw (no entity hydration: lists are the hot path). With many keys, the chunks are
 * queried one after another, each in `order`.
 */
export async function selectRows<T extends ObjectLiteral>(
  manager: EntityManager,
  entity: EntityTarget<T>,
  customerId: Id,
  { columns, keys, where = (query) => query, order }: RowSelection,
): Promise<T[]> {
  const select = (): SelectQueryBuilder<T> => order(where(rowQuery(manager, entity, customerId, columns)));
  const readRows = rowReader<T>(manager.connection.getMetadata(entity), columns);
  if (keys === undefined) return readRows(select());
  const rows: T[] = [];
  for (const part of chunk(keys.values, KEYS_PER_QUERY)) {
    rows.push(...(await readRows(select().andWhere(`r.${keys.property} IN (:...keys)`, { keys: part }))));
  }
  return rows;
}

/** The `columns` (default: every column) of the customer's rows of `entity`, aliased `r`. */
export function rowQuery<T extends ObjectLiteral>(manager: EntityManager, entity: EntityTarget<T>, customerId: Id, columns?: readonly string[]): SelectQueryBuilder<T> {
  const properties = columns ?? manager.connection.getMetadata(entity).columns.map((column) => column.propertyName);
  return manager
    .createQueryBuilder(entity, 'r')
    .select(properties.map((property) => `r.${property}`))
    .where('r.customerId = :customerId', { customerId });
}

/** Reads the rows of a `rowQuery` raw (no entity hydration: lists are the hot path). */
export const rowReader =
  <T extends ObjectLiteral>(metadata: EntityMetadata, columns?: readonly string[]) =>
  async (query: SelectQueryBuilder<T>, limit?: number): Promise<T[]> => {
    const rows = await rawMany<Record<string, unknown>, T>(query, limit);
    const names = rawColumnsOf(metadata, 'r_', columns);
    return rows.map((raw) => named<T>(names, raw));
  };

/** `keys` for `selectRows`, when there are any. */
export const withKeys = (property: string, values: readonly string[] | undefined): RowSelection['keys'] =>
  values === undefined ? undefined : { property, values };
