import type { ObjectLiteral, SelectQueryBuilder } from 'typeorm';
import { rangeBounds, type DateRange } from '@curbside/domain';

export type QueryStep = <T extends ObjectLiteral>(query: SelectQueryBuilder<T>) => SelectQueryBuilder<T>;

/** Rows whose `dateProperty` falls within the inclusive day range. */
export const inRange =
  (dateProperty: string, range: DateRange): QueryStep =>
  (query) => {
    const { from, toExclusive } = rangeBounds(range);
    if (from !== null) query.andWhere(`${query.alias}.${dateProperty} >= :from`, { from });
    if (toExclusive !== null) query.andWhere(`${query.alias}.${dateProperty} < :toExclusive`, { toExclusive });
    return query;
  };

/**
 * Newest first by `dateProperty` (rows without a date last), then by `tieBreak` (default the
 * id), largest first. Ids are digit strings: longer is larger, so ordering by length first
 * compares them as numbers (other keys are merely ordered consistently).
 */
export const newestFirst =
  (dateProperty: string, tieBreak = 'id'): QueryStep =>
  (query) =>
    query
      .orderBy(`${query.alias}.${dateProperty}`, 'DESC', 'NULLS LAST')
      .addOrderBy(`LENGTH(${query.alias}.${tieBreak})`, 'DESC')
      .addOrderBy(`${query.alias}.${tieBreak}`, 'DESC');

/** Smallest id first, numerically. */
export const byId: QueryStep = (query) =>
  query.orderBy(`LENGTH(${query.alias}.id)`, 'ASC').addOrderBy(`${query.alias}.id`, 'ASC');

/** Child rows grouped by their parent (`parentProperties`), each group in stored order. */
export const inStoredOrder =
  (...parentProperties: string[]): QueryStep =>
  (query) =>
    [...parentProperties, 'position'].reduce((q, property) => q.addOrderBy(`${q.alias}.${property}`), query);

/** The smallest and the largest of `keys` (digit strings, which sort alike as text on both drivers and in JS); `keys` is not empty. */
export function keyBounds(keys: readonly string[]): [lowest: string, highest: string] {
  let [lowest, highest] = [keys[0], keys[0]];
  for (const key of keys) {
    if (key < lowest) lowest = key;
    if (key > highest) highest = key;
  }
  return [lowest, highest];
}

/**
 * Rows whose `property` lies between the smallest and the largest of `keys`: one range of an
 * index that starts with the customer and `property`, at least the rows of `keys` and at most
 * the customer's, of which the caller keeps its own. Not `IN (…)`, which PostgreSQL may plan as
 * a filter of every row of the customer (see `selectPreparedChildren`).
 */
export const keysWithin =
  (property: string, keys: readonly string[]): QueryStep =>
  (query) => {
    const [lowestKey, highestKey] = keyBounds(keys);
    return query.andWhere(`${query.alias}.${property} >= :lowestKey AND ${query.alias}.${property} <= :highestKey`, { lowestKey, highestKey });
  };
