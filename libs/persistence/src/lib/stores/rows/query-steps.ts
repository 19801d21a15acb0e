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
