import type { EntityManager, EntityTarget, ObjectLiteral } from 'typeorm';
import type { QueryDeepPartialEntity } from 'typeorm/query-builder/QueryPartialEntity';
import { chunk, PARAMETERS_PER_STATEMENT } from './chunk';
import { insertParameters, insertStatement } from './insert-statement';
import { sqliteStatementParts } from './sqlite-statement-parts';
import { ARRAY_TYPES, unnestInsert } from './unnest-insert';

/** Rows held back per transaction by `withHeldInserts`, by table, in the order the tables were first written. */
const heldInserts = new WeakMap<EntityManager, { rows: number; tables: Map<EntityTarget<ObjectLiteral>, ObjectLiteral[]> }>();
/** Rows held before they are written anyway: bounds memory when one customer is very large. */
const HELD_ROWS_MAX = 50_000;

/**
 * Runs `work` with the transaction's `insertRows` held back and written at the end, each table's
 * rows (of many customers) in as few multi-row INSERTs as the parameter limit allows, tables in
 * the order they were first written (a parent's before its children's). For writes that read
 * none of the rows they insert (an import of new records): statements, not rows, are what a
 * transaction of many small customers costs, on PostgreSQL a round trip each.
 */
export async function withHeldInserts<T>(manager: EntityManager, work: () => Promise<T>): Promise<T> {
  heldInserts.set(manager, { rows: 0, tables: new Map() });
  try {
    const result = await work();
    await writeHeldInserts(manager);
    return result;
  } finally {
    heldInserts.delete(manager);
  }
}

async function writeHeldInserts(manager: EntityManager): Promise<void> {
  const held = heldInserts.get(manager);
  if (held === undefined) return;
  const tables = [...held.tables];
  held.tables.clear();
  held.rows = 0;
  for (const [entity, rows] of tables) await insertRowsNow(manager, entity, rows);
}

/**
 * Inserts many rows with as few statements as the bind-parameter limit allows (or holds them for
 * the end of the transaction: `withHeldInserts`).
 */
export async function insertRows<T extends ObjectLiteral>(
  manager: EntityManager,
  entity: EntityTarget<T>,
  rows: QueryDeepPartialEntity<T>[],
): Promise<void> {
  const held = heldInserts.get(manager);
  if (held === undefined) return insertRowsNow(manager, entity, rows);
  if (rows.length === 0) return;
  const table = held.tables.get(entity) ?? [];
  held.tables.set(entity, table);
  for (const row of rows) table.push(row);
  held.rows += rows.length;
  if (held.rows >= HELD_ROWS_MAX) await writeHeldInserts(manager);
}

/**
 * Rows that give every column a value (generated ids aside) are written by hand: on PostgreSQL
 * as one array per column (`unnest`), elsewhere as plain multi-row INSERTs (TypeORM's insert
 * builder spends most of an import's time on its parameter bookkeeping); others go through
 * TypeORM (defaults).
 */
async function insertRowsNow<T extends ObjectLiteral>(manager: EntityManager, entity: EntityTarget<T>, rows: QueryDeepPartialEntity<T>[]): Promise<void> {
  const metadata = manager.connection.getMetadata(entity);
  const columns = metadata.columns.filter((column) => !column.isGenerated);
  const complete = rows.every((row) => columns.every((column) => (row as ObjectLiteral)[column.propertyName] !== undefined));
  const postgres = manager.connection.options.type === 'postgres';
  const byColumn = complete && postgres && columns.every((column) => ARRAY_TYPES.has(String(column.type)));
  const parts = complete && !postgres ? sqliteStatementParts(rows) : chunk(rows, Math.floor(PARAMETERS_PER_STATEMENT / columns.length));
  for (const part of parts) {
    if (byColumn) await manager.query(...unnestInsert(manager, metadata.tableName, columns, part));
    else if (complete) await manager.query(insertStatement(manager, metadata.tableName, columns, part.length), insertParameters(manager, columns, part));
    else await manager.insert(entity, part);
  }
}
