import type { ListPosition } from '@curbside/domain';

/**
 * One part of the rows after a cursor, as a condition (`?` placeholders, `values` in order) that
 * a list-order index `(customer_id, date [NULLS FIRST], LENGTH(id), id)` serves as a range.
 */
export interface CursorArm {
  condition: string;
  values: unknown[];
  /**
   * The arm fixes `LENGTH(id)`: it is read in `date DESC NULLS LAST, id DESC` order, which is the
   * list's there. SQLite cannot tell that an expression fixed by the condition orders nothing,
   * and would sort the arm's rows for a `LENGTH(id) DESC` term.
   */
  lengthFixed: boolean;
}

/**
 * The rows after `position` in `date DESC NULLS LAST, LENGTH(id) DESC, id DESC` order, as arms
 * whose rows, each arm in that order, follow one another in it: the page is the first arms'
 * first `limit + 1` rows, read arm by arm until it is full. Null for no cursor (the whole list).
 *
 * Not one condition with ORs (`date < ? OR date IS NULL OR (date = ? AND …)`), which no index
 * range serves: a deep page then walked the index from the customer's newest row down to the
 * cursor. A dated cursor's rows are the row-value range `(date, LENGTH(id), id) < (…)`
 * (PostgreSQL bounds its index scan by all three, SQLite by the date), then the undated rows,
 * which come last, and only when `undated` (no date range, which they would never be in).
 * An undated cursor's are the undated rows of the cursor's id length below it, then the undated
 * rows of shorter ids: two ranges SQLite serves too, where `(LENGTH(id), id) < (…)` it would not.
 */
export function cursorArms(date: string, id: string, position: ListPosition | null, undated: boolean): CursorArm[] | null {
  if (position === null) return null;
  const length = position.id.length;
  if (position.date === null) {
    if (!undated) return [];
    return [
      { condition: `${date} IS NULL AND LENGTH(${id}) = ? AND ${id} < ?`, values: [length, position.id], lengthFixed: true },
      { condition: `${date} IS NULL AND LENGTH(${id}) < ?`, values: [length], lengthFixed: false },
    ];
  }
  const dated: CursorArm = { condition: `(${date}, LENGTH(${id}), ${id}) < (?, ?, ?)`, values: [position.date, length, position.id], lengthFixed: false };
  return undated ? [dated, { condition: `${date} IS NULL`, values: [], lengthFixed: false }] : [dated];
}

/**
 * The rows `read` gives for each arm in turn (`read(arm, rowsStillWanted)`), until `wanted` rows
 * are read or the arms are done; one read, unconditioned, for no cursor (`arms` null).
 */
export async function readArms<R>(arms: CursorArm[] | null, wanted: number, read: (arm: CursorArm | null, wanted: number) => Promise<R[]>): Promise<R[]> {
  if (arms === null) return read(null, wanted);
  const rows: R[] = [];
  for (const arm of arms) {
    if (rows.length >= wanted) break;
    rows.push(...(await read(arm, wanted - rows.length)));
  }
  return rows;
}
