import type { EntityManager, ObjectLiteral } from 'typeorm';
import type { ColumnMetadata } from 'typeorm/metadata/ColumnMetadata';
import { arrayParameter } from './array-parameter';
import { storedValue } from './stored-value';

/** The column types `unnestInsert` casts to (every table's: see entities/columns.ts). */
export const ARRAY_TYPES = new Set(['text', 'integer', 'boolean']);

/**
 * `INSERT INTO "t" ("a", "b", "c") SELECT u.c1, $2::integer, u.c2 FROM unnest($1::text[], $3::text[]) AS u(c1, c2)`:
 * PostgreSQL's bulk insert with one parameter per column, whatever the rows. Its server side costs
 * about a third of a multi-row VALUES list's of thousands of parameters, which PostgreSQL parses and
 * plans anew each time (docs/performance.md). A column with the same value in every row (a pending
 * delivery's state, attempts and a dozen nulls: 12 of its 19 columns) goes as one value, not an
 * array the server parses element by element; the first column stays an array, for the row count.
 */
export function unnestInsert(manager: EntityManager, table: string, columns: readonly ColumnMetadata[], rows: readonly ObjectLiteral[]): [string, unknown[]] {
  const parameters: unknown[] = [];
  const arrays: string[] = [];
  const selected = columns.map((column, index) => {
    const stored = storedValue(manager, column);
    const name = column.propertyName;
    const values = rows.map((row) => stored(row[name]));
    const type = String(column.type);
    if (index > 0 && isConstant(values)) {
      parameters.push(values[0]);
      return `$${parameters.length}::${type}`;
    }
    parameters.push(arrayParameter(values));
    arrays.push(`$${parameters.length}::${type}[]`);
    return `u.c${arrays.length}`;
  });
  const names = columns.map((column) => `"${column.databaseName}"`).join(', ');
  const aliases = arrays.map((_, index) => `c${index + 1}`).join(', ');
  return [`INSERT INTO "${table}" (${names}) SELECT ${selected.join(', ')} FROM unnest(${arrays.join(', ')}) AS u(${aliases})`, parameters];
}

/** Whether every value is the first one, a string, number, boolean or null. */
function isConstant(values: readonly unknown[]): boolean {
  const first = values[0];
  return (first === null || typeof first !== 'object') && values.every((value) => value === first);
}
