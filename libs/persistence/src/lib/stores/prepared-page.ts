import { rangeBounds, type Id, type ListPosition, type ListQuery, type UncountedPage } from '@curbside/domain';
import type { Select } from '../database/index';
import { cursorArms, readArms } from './rows/cursor-arms';
import { keyBounds } from './rows/query-steps';

/*
 * `selectPage` and `selectRows` (rows/select-page.ts, rows/select-rows.ts) as statement text for a prepared read (`inPreparedRead`):
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

/**
 * One page of the customer's rows of `table`, newest first, as `selectPage` reads it, but not
 * counted: its one list (op 1) answers no `totalCount`, and counting a long filtered list is a
 * statement of the customer's size on every page that has more after it.
 */
export async function selectPreparedPage<R>(
  select: Select,
  table: PageTable,
  customerId: Id,
  list: ListQuery,
  positionOf: (row: R) => ListPosition,
): Promise<UncountedPage<R>> {
  const filtered = inRange(table, customerId, list);
  const { date, id } = table;
  const { from, toExclusive } = rangeBounds(list.range);
  const arms = cursorArms(date, id, list.after, from === null && toExclusive === null);
  const rows = await readArms(arms, list.limit + 1, (arm, wanted) => {
    const order = arm?.lengthFixed ? `${date} DESC NULLS LAST, ${id} DESC` : `${date} DESC NULLS LAST, LENGTH(${id}) DESC, ${id} DESC`;
    return select<R>(
      `SELECT ${table.selectList} FROM ${table.from} WHERE ${filtered.sql}${arm ? ` AND ${arm.condition}` : ''} ORDER BY ${order} LIMIT ?`,
      [...filtered.parameters, ...(arm?.values ?? []), wanted],
    );
  });
  const items = rows.slice(0, list.limit);
  const hasMore = rows.length > list.limit;
  return { items, next: hasMore ? positionOf(items[items.length - 1]) : null };
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
