import type { EntityManager, EntityMetadata, EntityTarget, ObjectLiteral, SelectQueryBuilder } from 'typeorm';
import type { Id } from '@curbside/domain';
import type { Select } from '../database/index';
import { chunk, KEYS_PER_QUERY } from './chunk';
import { keyBounds, type QueryStep } from './query-steps';
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

/** A child table read by its parents' keys: `sql` selects the customer's rows (`… WHERE "customer_id" = ?`). */
export interface ChildTable {
  sql: string;
  /** The column holding the parent's key. */
  key: string;
  /** `ORDER BY …`: the rows grouped by parent, each parent's in stored order. */
  order: string;
}

/**
 * The customer's child rows of the parents `keys` in one statement whatever their number: those
 * whose parent key lies between the smallest and the largest of `keys` (a range of the primary
 * key, `order`), of which the caller takes its parents'. Keys are digit strings, which sort alike
 * as text on both drivers and in JS. The range holds at least the page's rows and at most the
 * customer's: a filtered or paged list reads what the whole list would, never more. Not `IN (…)`:
 * as a named statement's generic plan on PostgreSQL, 500 keys cost 200 ms a statement, the
 * customer's rows each compared with an array built anew per row.
 */
export async function selectPreparedChildren<T>(select: Select, table: ChildTable, customerId: Id, keys: readonly string[]): Promise<T[]> {
  if (keys.length === 0) return [];
  const [lowest, highest] = keyBounds(keys);
  return select<T>(`${table.sql} AND ${table.key} >= ? AND ${table.key} <= ? ${table.order}`, [customerId, lowest, highest]);
}
