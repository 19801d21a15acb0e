import type { EntityManager, EntityTarget, ObjectLiteral, SelectQueryBuilder } from 'typeorm';
import { rangeBounds, type Id, type ListPosition, type ListQuery, type Page, type UncountedPage } from '@curbside/domain';
import type { Select } from '../database/index';
import { cursorArms, readArms, type CursorArm } from './cursor-arms';
import { inRange, newestFirst, type QueryStep } from './query-steps';
import { rawMany } from './raw-many';
import { rowQuery, rowReader } from './select-rows';

/*
 * The one paging engine of the lists (CONTRACT §7, ARCHITECTURE "Lists through one query shape"): `readPage`. It
 * reads a page in two forms of statement, the same conditions and order in each: built by TypeORM's query builder
 * (`selectPage`, `selectRowPage`: every list but one), or written once per shape as text for a prepared read
 * (`selectPreparedPage`: the service-ticket list, the hottest read, through `inPreparedRead`).
 */

/**
 * The rows of a list after `list.after`, newest first, at most `list.limit`, and where the next page starts. Keyset
 * paging, not OFFSET: every page costs the same, and a record added meanwhile neither repeats nor hides another.
 * `read` runs a statement for an arm of the rows after the cursor (see `cursorArms`: each a range of the list-order
 * index, so a page after a cursor costs what the first page costs), one arm after another until `limit + 1` rows
 * tell whether there are more; `positionOf` tells where a row stands (its date and tie-break). `date` and `id` are
 * the list's date and unique tie-break columns as the statement names them.
 */
async function readPage<R>(
  list: ListQuery,
  { date, id }: { date: string; id: string },
  read: (arm: CursorArm | null, wanted: number) => Promise<R[]>,
  positionOf: (row: R) => ListPosition,
): Promise<UncountedPage<R>> {
  const { from, toExclusive } = rangeBounds(list.range);
  const arms = cursorArms(date, id, list.after, from === null && toExclusive === null);
  const rows = await readArms(arms, list.limit + 1, read);
  const items = rows.slice(0, list.limit);
  const hasMore = rows.length > list.limit;
  return { items, next: hasMore ? positionOf(items[items.length - 1]) : null };
}

/**
 * One page of the rows `base` selects whose `dateProperty` is within `list.range` (`readPage`), newest first (see
 * `newestFirst`; ties broken by `tieBreak`, a unique property such as `id`), built by TypeORM's query builder. The
 * whole filtered list is counted only when this page is not all of it. `read` gets the limit apart, to bind it (see
 * `rawMany`).
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
  const columns = { date: `${filtered.alias}.${dateProperty}`, id: `${filtered.alias}.${tieBreak}` };
  const { items, next } = await readPage(list, columns, (arm, wanted) => read(armOf(arm, dateProperty, tieBreak)(filtered.clone()), wanted), positionOf);
  const totalCount = list.after === null && next === null ? items.length : await countRows(filtered.clone().orderBy());
  return { items, totalCount, next };
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

/** The table a prepared page reads, its columns as the statement names them. */
export interface PageTable {
  /** `"t"."id" AS "id", …`: what a page row holds. */
  selectList: string;
  /** The table, aliased `t`. */
  from: string;
  /** `"t"."customer_id"`. */
  customer: string;
  /** `"t"."created_at"`: the list's date column. */
  date: string;
  /** `"t"."id"`: the unique tie-break column, a digit string. */
  id: string;
}

/**
 * One page of the customer's rows of `table` (`readPage`), as statement text for a prepared read (`select`), in
 * `selectPage`'s order; not counted: its one list (op 1) answers no `totalCount`, and counting a long filtered list
 * is a statement of the customer's size on every page that has more after it.
 */
export async function selectPreparedPage<R>(
  select: Select,
  table: PageTable,
  customerId: Id,
  list: ListQuery,
  positionOf: (row: R) => ListPosition,
): Promise<UncountedPage<R>> {
  const filtered = inTableRange(table, customerId, list);
  const { date, id } = table;
  const read = (arm: CursorArm | null, wanted: number): Promise<R[]> => {
    const order = arm?.lengthFixed ? `${date} DESC NULLS LAST, ${id} DESC` : `${date} DESC NULLS LAST, LENGTH(${id}) DESC, ${id} DESC`;
    return select<R>(
      `SELECT ${table.selectList} FROM ${table.from} WHERE ${filtered.sql}${arm ? ` AND ${arm.condition}` : ''} ORDER BY ${order} LIMIT ?`,
      [...filtered.parameters, ...(arm?.values ?? []), wanted],
    );
  };
  return readPage(list, table, read, positionOf);
}

interface Condition {
  sql: string;
  parameters: unknown[];
}

/** The customer's rows whose date falls within the list's inclusive day range (query-steps.ts `inRange`, as text). */
function inTableRange(table: PageTable, customerId: Id, list: ListQuery): Condition {
  const { from, toExclusive } = rangeBounds(list.range);
  const condition: Condition = { sql: `${table.customer} = ?`, parameters: [customerId] };
  if (from !== null) {
    condition.sql += ` AND ${table.date} >= ?`;
    condition.parameters.push(from);
  }
  if (toExclusive !== null) {
    condition.sql += ` AND ${table.date} < ?`;
    condition.parameters.push(toExclusive);
  }
  return condition;
}
