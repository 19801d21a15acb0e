import type { EntityManager, ObjectLiteral } from 'typeorm';
import type { ColumnMetadata } from 'typeorm/metadata/ColumnMetadata';
import { storedValue } from './stored-value';

/**
 * `INSERT INTO "t" ("a", "b") VALUES (?, ?), (?, ?)…` for `count` rows, in the database's placeholder style.
 * Remembered (a bulk write sends the same full-width statement thousands of times, each one's text hundreds of KiB).
 */
export function insertStatement(manager: EntityManager, table: string, columns: readonly ColumnMetadata[], count: number): string {
  const postgres = manager.connection.options.type === 'postgres';
  const names = columns.map((column) => `"${column.databaseName}"`).join(', ');
  const key = `${postgres}|${table}|${names}|${count}`;
  let statement = insertStatements.get(key);
  if (statement === undefined) {
    let n = 0;
    const row = () => `(${columns.map(() => (postgres ? `$${++n}` : '?')).join(', ')})`;
    statement = `INSERT INTO "${table}" (${names}) VALUES ${Array.from({ length: count }, row).join(', ')}`;
    if (insertStatements.size >= INSERT_STATEMENTS_KEPT) insertStatements.clear();
    insertStatements.set(key, statement);
  }
  return statement;
}

/** The statements `insertStatement` remembers, at most: the full-width ones of each table, and some tails. */
const INSERT_STATEMENTS_KEPT = 200;
const insertStatements = new Map<string, string>();

/** The rows' values in column order, as the driver stores them (booleans as 0/1 on SQLite). */
export function insertParameters(manager: EntityManager, columns: readonly ColumnMetadata[], rows: readonly ObjectLiteral[]): unknown[] {
  const stored = columns.map((column) => storedValue(manager, column));
  const names = columns.map((column) => column.propertyName);
  const values: unknown[] = [];
  // One flat array, no array per row: an import or a notice run passes millions of rows.
  for (const row of rows) for (let index = 0; index < names.length; index++) values.push(stored[index](row[names[index]]));
  return values;
}
