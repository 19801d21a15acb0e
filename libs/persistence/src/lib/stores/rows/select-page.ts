import type { EntityManager, EntityTarget, ObjectLiteral, SelectQueryBuilder } from 'typeorm';
import { rangeBounds, type Id, type ListPosition, type ListQuery, type Page } from '@curbside/domain';
import { cursorArms, readArms, type CursorArm } from './cursor-arms';
import { inRange, newestFirst, type QueryStep } from './query-steps';
import { rawMany } from './raw-many';
import { rowQuery, rowReader } from './select-rows';

/**
 * One page of a list (CONTRACT §7, ARCHITECTURE "Lists through one query shape"): the rows
 * `base` selects whose `dateProperty` is within `list.range`, newest first (see `newestFirst`;
 * ties broken by `tieBreak`, a unique property such as `id`), after `list.after`, at most
 * `list.limit`. Keyset paging, not OFFSET: every page costs the same, and a record added
 * meanwhile neither repeats nor hides another. `read` runs a query (one per arm of the rows after
 * the cursor that the page reaches, see `cursorArms`: each a range of the list-order index, so a
 * page after a cursor costs what the first page costs); `positionOf` tells where
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
  const { from, toExclusive } = rangeBounds(list.range);
  const [date, id] = [`${filtered.alias}.${dateProperty}`, `${filtered.alias}.${tieBreak}`];
  const arms = cursorArms(date, id, list.after, from === null && toExclusive === null);
  const rows = await readArms(arms, list.limit + 1, (arm, wanted) => read(armOf(arm, dateProperty, tieBreak)(filtered.clone()), wanted));
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

/**
 * The rows of `arm` (all, for none) in `newestFirst(dateProperty, tieBreak)` order (without the
 * `LENGTH` term where the arm fixes it), its values bound as `:cursor0`, `:cursor1`, ….
 */
const armOf =
  (arm: CursorArm | null, dateProperty: string, tieBreak: string): QueryStep =>
  (query) => {
    if (arm === null) return newestFirst(dateProperty, tieBreak)(query);
    let n = 0;
    const parameters: Record<string, unknown> = {};
    const condition = arm.condition.replace(/\?/g, () => {
      parameters[`cursor${n}`] = arm.values[n];
      return `:cursor${n++}`;
    });
    query.andWhere(`(${condition})`, parameters);
    if (!arm.lengthFixed) return newestFirst(dateProperty, tieBreak)(query);
    return query.orderBy(`${query.alias}.${dateProperty}`, 'DESC', 'NULLS LAST').addOrderBy(`${query.alias}.${tieBreak}`, 'DESC');
  };

/** The page with each item mapped. */
export const mapItems = <T, U>(page: Page<T>, map: (item: T) => U): Page<U> => ({
  ...page,
  items: page.items.map((item) => map(item)),
});
