import type { EntityManager, EntityTarget, ObjectLiteral, SelectQueryBuilder } from 'typeorm';
import type { Id, ListPosition, ListQuery, Page } from '@curbside/domain';
import { inRange, newestFirst, type QueryStep } from './query-steps';
import { rawMany } from './raw-many';
import { rowQuery, rowReader } from './select-rows';

/**
 * One page of a list (CONTRACT §7, ARCHITECTURE "Lists through one query shape"): the rows
 * `base` selects whose `dateProperty` is within `list.range`, newest first (see `newestFirst`;
 * ties broken by `tieBreak`, a unique property such as `id`), after `list.after`, at most
 * `list.limit`. Keyset paging, not OFFSET: every page costs the same, and a record added
 * meanwhile neither repeats nor hides another. `read` runs the query; `positionOf` tells where
 * a row stands (its date and `tieBreak`). The whole filtered list is counted only when this
 * page is not all of it. `read` gets the limit apart, to bind it (see `rawMany`).
 */
export async function selectPage<T extends ObjectLiteral, R>(
  base: SelectQueryBuilder<T>,
  dateProperty: string,
  list: ListQuery,
  read: (query: SelectQueryBuilder<T>, limit: number) => Promise<R[]>,
  positionOf: (row: R) => ListPosition,
  tieBreak = 'id',
): Promise<Page<R>> {
  const filtered = inRange(dateProperty, list.range)(base);
  const page = newestFirst(dateProperty, tieBreak)(after(dateProperty, list.after, tieBreak)(filtered.clone()));
  const rows = await read(page, list.limit + 1);
  const items = rows.slice(0, list.limit);
  const hasMore = rows.length > list.limit;
  const totalCount =
    list.after === null && !hasMore ? items.length : await countRows(filtered.clone().orderBy());
  return { items, totalCount, next: hasMore ? positionOf(items[items.length - 1]) : null };
}

/**
 * `selectPage` over every column of `entity`, for lists whose records are one row each;
 * `where` narrows the rows beyond the date range.
 */
export function selectRowPage<T extends ObjectLiteral>(
  manager: EntityManager,
  entity: EntityTarget<T>,
  customerId: Id,
  dateProperty: keyof T & string,
  list: ListQuery,
  { tieBreak = 'id', where = (query) => query }: { tieBreak?: keyof T & string; where?: QueryStep } = {},
): Promise<Page<T>> {
  const read = rowReader<T>(manager.connection.getMetadata(entity));
  const positionOf = (row: T): ListPosition => ({ date: row[dateProperty] as string | null, id: row[tieBreak] as string });
  return selectPage(where(rowQuery(manager, entity, customerId)), dateProperty, list, read, positionOf, tieBreak);
}

async function countRows<T extends ObjectLiteral>(query: SelectQueryBuilder<T>): Promise<number> {
  const [{ count }] = await rawMany<{ count: number | string }, T>(query.select('COUNT(*)', 'count'));
  return Number(count);
}

/** Rows that come after `position` in `newestFirst(dateProperty, tieBreak)` order. */
const after =
  (dateProperty: string, position: ListPosition | null, tieBreak: string): QueryStep =>
  (query) => {
    if (position === null) return query;
    const date = `${query.alias}.${dateProperty}`;
    const id = `${query.alias}.${tieBreak}`;
    const smallerId = `(LENGTH(${id}) < :afterIdLength OR (LENGTH(${id}) = :afterIdLength AND ${id} < :afterId))`;
    const parameters = { afterDate: position.date, afterId: position.id, afterIdLength: position.id.length };
    return position.date === null
      ? query.andWhere(`(${date} IS NULL AND ${smallerId})`, parameters)
      : query.andWhere(`(${date} < :afterDate OR ${date} IS NULL OR (${date} = :afterDate AND ${smallerId}))`, parameters);
  };

/** The page with each item mapped. */
export const mapItems = <T, U>(page: Page<T>, map: (item: T) => U): Page<U> => ({
  ...page,
  items: page.items.map((item) => map(item)),
});
