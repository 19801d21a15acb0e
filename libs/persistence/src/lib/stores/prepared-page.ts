import { rangeBounds, type Id, type ListPosition, type ListQuery, type Page } from '@curbside/domain';
import type { Select } from '../database/index';
import { chunk, KEYS_PER_QUERY } from './rows/chunk';

/*
 * `selectPage` and `selectRows` of rows.ts as statement text for a prepared read (`inPreparedRead`):
 * the same conditions and order, written once per shape instead of built by TypeORM per request.
 */

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

/** One page of the customer's rows of `table`, newest first, as `selectPage` reads it. */
export async function selectPreparedPage<R>(
  select: Select,
  table: PageTable,
  customerId: Id,
  list: ListQuery,
  positionOf: (row: R) => ListPosition,
): Promise<Page<R>> {
  const filtered = inRange(table, customerId, list);
  const page = after(table, list.after);
  const order = `ORDER BY ${table.date} DESC NULLS LAST, LENGTH(${table.id}) DESC, ${table.id} DESC`;
  const rows = await select<R>(
    `SELECT ${table.selectList} FROM ${table.from} WHERE ${filtered.sql}${page.sql} ${order} LIMIT ?`,
    [...filtered.parameters, ...page.parameters, list.limit + 1],
  );
  const items = rows.slice(0, list.limit);
  const hasMore = rows.length > list.limit;
  const totalCount =
    list.after === null && !hasMore ? items.length : await countRows(select, `SELECT COUNT(*) AS "count" FROM ${table.from} WHERE ${filtered.sql}`, filtered.parameters);
  return { items, totalCount, next: hasMore ? positionOf(items[items.length - 1]) : null };
}

async function countRows(select: Select, sql: string, parameters: readonly unknown[]): Promise<number> {
  const [{ count }] = await select<{ count: number | string }>(sql, parameters);
  return Number(count);
}

interface Condition {
  sql: string;
  parameters: unknown[];
}

/** The customer's rows whose date falls within the list's inclusive day range (rows.ts `inRange`). */
function inRange(table: PageTable, customerId: Id, list: ListQuery): Condition {
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

/** Rows after `position` in newest-first order (rows.ts `after`). */
function after(table: PageTable, position: ListPosition | null): Condition {
  if (position === null) return { sql: '', parameters: [] };
  const { date, id } = table;
  const smallerId = `(LENGTH(${id}) < ? OR (LENGTH(${id}) = ? AND ${id} < ?))`;
  const idParameters = [position.id.length, position.id.length, position.id];
  return position.date === null
    ? { sql: ` AND (${date} IS NULL AND ${smallerId})`, parameters: idParameters }
    : {
        sql: ` AND (${date} < ? OR ${date} IS NULL OR (${date} = ? AND ${smallerId}))`,
        parameters: [position.date, position.date, ...idParameters],
      };
}

/** A child table read by its parents' keys: `sql` selects the customer's rows (`… WHERE "customer_id" = ?`). */
export interface ChildTable {
  sql: string;
  /** The column holding the parent's key. */
  key: string;
  /** `ORDER BY …`: the rows grouped by parent, each parent's in stored order. */
  order: string;
}

/** Whether `page` is every row of the customer's list: the first page, no more after it, no date range. */
export function holdsEveryRow(list: ListQuery, page: Page<unknown>): boolean {
  const { from, toExclusive } = rangeBounds(list.range);
  return list.after === null && page.next === null && from === null && toExclusive === null;
}

/**
 * The customer's child rows of the parents `keys`, `KEYS_PER_QUERY` at a time, each chunk in
 * `order` (rows.ts `selectRows` with keys). When the parents are all the customer's
 * (`holdsEveryRow`), every child row is one of theirs: one statement without the keys, whatever
 * their number (binding a thousand ids cost as much as reading the page itself, issue 32).
 */
export async function selectPreparedChildren<T>(select: Select, table: ChildTable, customerId: Id, keys: readonly string[], everyParent: boolean): Promise<T[]> {
  if (everyParent) return select<T>(`${table.sql} ${table.order}`, [customerId]);
  const rows: T[] = [];
  for (const part of chunk(keys, KEYS_PER_QUERY)) {
    rows.push(...(await select<T>(`${table.sql} AND ${table.key} IN (${part.map(() => '?').join(', ')}) ${table.order}`, [customerId, ...part])));
  }
  return rows;
}
