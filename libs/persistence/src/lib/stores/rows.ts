import { EntityManager, EntityMetadata, EntityTarget, ObjectLiteral, SelectQueryBuilder } from 'typeorm';
import type { QueryDeepPartialEntity } from 'typeorm/query-builder/QueryPartialEntity';
import { rangeBounds, type DateRange, type Id } from '@curbside/domain';

/*
 * Small helpers the stores share. Every table has `customer_id`; statements are kept well
 * under the bind-parameter limits of SQLite (32766) and PostgreSQL (65535) by chunking.
 */

const PARAMETERS_PER_STATEMENT = 30_000;
const KEYS_PER_QUERY = 500;

function chunk<T>(items: readonly T[], size: number): T[][] {
  const chunks: T[][] = [];
  for (let start = 0; start < items.length; start += size) chunks.push(items.slice(start, start + size));
  return chunks;
}

/** Inserts many rows with as few statements as the bind-parameter limit allows. */
export async function insertRows<T extends ObjectLiteral>(
  manager: EntityManager,
  entity: EntityTarget<T>,
  rows: QueryDeepPartialEntity<T>[],
): Promise<void> {
  const rowsPerStatement = Math.floor(PARAMETERS_PER_STATEMENT / manager.connection.getMetadata(entity).columns.length);
  for (const part of chunk(rows, rowsPerStatement)) await manager.insert(entity, part);
}

export type QueryStep = <T extends ObjectLiteral>(query: SelectQueryBuilder<T>) => SelectQueryBuilder<T>;

export interface RowSelection {
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
  { keys, where = (query) => query, order }: RowSelection,
): Promise<T[]> {
  const metadata = manager.connection.getMetadata(entity);
  const select = (): SelectQueryBuilder<T> =>
    order(
      where(
        manager
          .createQueryBuilder(entity, 'r')
          .select(metadata.columns.map((column) => `r.${column.propertyName}`))
          .where('r.customerId = :customerId', { customerId }),
      ),
    );
  const read = async (query: SelectQueryBuilder<T>): Promise<T[]> => {
    const rows: Record<string, unknown>[] = await query.getRawMany();
    return rows.map((raw) => fromRawColumns<T>(metadata, raw, 'r_'));
  };
  if (keys === undefined) return read(select());
  const rows: T[] = [];
  for (const part of chunk(keys.values, KEYS_PER_QUERY)) {
    rows.push(...(await read(select().andWhere(`r.${keys.property} IN (:...keys)`, { keys: part }))));
  }
  return rows;
}

/** A raw row (columns named `<prefix><database name>`) as an object named like the entity's properties. */
export function fromRawColumns<T>(metadata: EntityMetadata, raw: Record<string, unknown>, prefix = ''): T {
  const row: Record<string, unknown> = {};
  for (const column of metadata.columns) {
    const value = raw[`${prefix}${column.databaseName}`];
    row[column.propertyName] = column.type === 'boolean' ? rawBoolean(value) : value;
  }
  return row as T;
}

/** `keys` for `selectRows`, when there are any. */
export const withKeys = (property: string, values: readonly string[] | undefined): RowSelection['keys'] =>
  values === undefined ? undefined : { property, values };

/** Rows whose `dateProperty` falls within the inclusive day range. */
export const inRange =
  (dateProperty: string, range: DateRange): QueryStep =>
  (query) => {
    const { from, toExclusive } = rangeBounds(range);
    if (from !== null) query.andWhere(`${query.alias}.${dateProperty} >= :from`, { from });
    if (toExclusive !== null) query.andWhere(`${query.alias}.${dateProperty} < :toExclusive`, { toExclusive });
    return query;
  };

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

/**
 * Newest first by `dateColumn` (rows without a date last), then by id, largest first.
 * Ids are digit strings: longer is larger, so ordering by length first compares them as numbers.
 */
export const newestFirst =
  (dateProperty: string): QueryStep =>
  (query) =>
    query
      .orderBy(`${query.alias}.${dateProperty}`, 'DESC', 'NULLS LAST')
      .addOrderBy(`LENGTH(${query.alias}.id)`, 'DESC')
      .addOrderBy(`${query.alias}.id`, 'DESC');

/** Smallest id first, numerically. */
export const byId: QueryStep = (query) =>
  query.orderBy(`LENGTH(${query.alias}.id)`, 'ASC').addOrderBy(`${query.alias}.id`, 'ASC');

/** Child rows grouped by their parent (`parentProperties`), each group in stored order. */
export const inStoredOrder =
  (...parentProperties: string[]): QueryStep =>
  (query) =>
    [...parentProperties, 'position'].reduce((q, property) => q.addOrderBy(`${q.alias}.${property}`), query);

export function groupBy<T>(rows: readonly T[], key: (row: T) => string): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const row of rows) {
    const group = groups.get(key(row));
    if (group) group.push(row);
    else groups.set(key(row), [row]);
  }
  return groups;
}

/** SQLite hands raw booleans back as 0/1, PostgreSQL as booleans. */
function rawBoolean(value: unknown): boolean | null {
  return value === null || value === undefined ? null : value === true || value === 1 || value === '1';
}
