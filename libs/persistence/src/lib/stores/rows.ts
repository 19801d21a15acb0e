import { EntityManager, EntityMetadata, EntityTarget, ObjectLiteral, QueryRunner, SelectQueryBuilder } from 'typeorm';
import type { ColumnMetadata } from 'typeorm/metadata/ColumnMetadata';
import type { QueryDeepPartialEntity } from 'typeorm/query-builder/QueryPartialEntity';
import { rangeBounds, type DateRange, type Id, type ListPosition, type ListQuery, type Page } from '@curbside/domain';

/*
 * Small helpers the stores share. Every table has `customer_id`; statements are kept well
 * under the bind-parameter limits of SQLite (32766) and PostgreSQL (65535) by chunking.
 */

export const PARAMETERS_PER_STATEMENT = 30_000;
export const KEYS_PER_QUERY = 500;

export function chunk<T>(items: readonly T[], size: number): T[][] {
  const chunks: T[][] = [];
  for (let start = 0; start < items.length; start += size) chunks.push(items.slice(start, start + size));
  return chunks;
}

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

/** Rows of one SQLite INSERT, at most: a power of two, under the parameter limit for any table's columns. */
export const SQLITE_ROWS_PER_STATEMENT = 512;

/**
 * `rows` in parts of SQLITE_ROWS_PER_STATEMENT, the rest in parts of falling powers of two (700 rows:
 * 512, 128, 32, 16, 8, 4): each table's INSERTs come in ten sizes, whose prepared statements the
 * driver keeps (`statementCacheSize`) instead of preparing one for every new row count. SQLite has
 * no round trip to save, so small statements cost little more per row than large ones.
 */
export function sqliteStatementParts<T>(rows: readonly T[]): T[][] {
  const parts: T[][] = [];
  for (let start = 0, size = SQLITE_ROWS_PER_STATEMENT; start < rows.length; ) {
    while (size > rows.length - start) size /= 2;
    parts.push(rows.slice(start, start + size));
    start += size;
  }
  return parts;
}

/** The column types `unnestInsert` casts to (every table's: see entities/columns.ts). */
const ARRAY_TYPES = new Set(['text', 'integer', 'boolean']);

/**
 * `INSERT INTO "t" ("a", "b", "c") SELECT u.c1, $2::integer, u.c2 FROM unnest($1::text[], $3::text[]) AS u(c1, c2)`:
 * PostgreSQL's bulk insert with one parameter per column, whatever the rows. Its server side costs
 * about a third of a multi-row VALUES list's of thousands of parameters, which PostgreSQL parses and
 * plans anew each time (docs/performance.md). A column with the same value in every row (a pending
 * delivery's state, attempts and a dozen nulls: 12 of its 19 columns) goes as one value, not an
 * array the server parses element by element; the first column stays an array, for the row count.
 */
function unnestInsert(manager: EntityManager, table: string, columns: readonly ColumnMetadata[], rows: readonly ObjectLiteral[]): [string, unknown[]] {
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

/**
 * An array parameter for PostgreSQL in its text form (`{"a","b\"c",NULL,7}`), written by V8's
 * native `JSON.stringify`: node-postgres escapes each element with two regular expressions, a
 * tenth of a notice run's CPU. A JSON array of strings, numbers, booleans and nulls is such a
 * literal once its brackets become braces: both quote every string and escape `"` and `\` with a
 * backslash, and the literal reads an unquoted `null` as NULL. They differ only where JSON writes
 * an escape the literal would not read back (control characters, lone surrogates) or a value
 * JSON cannot hold (a non-finite number, anything else): such arrays go to node-postgres as they are.
 */
export function arrayParameter(values: readonly unknown[]): string | readonly unknown[] {
  for (const value of values) {
    if (typeof value === 'string' ? JSON_ESCAPED.test(value) : !(value === null || typeof value === 'boolean' || Number.isFinite(value))) return values;
  }
  return `{${JSON.stringify(values).slice(1, -1)}}`;
}

/** What `JSON.stringify` writes as an escape that an array literal reads differently: control characters, and any surrogate (a lone one is escaped). */
// eslint-disable-next-line no-control-regex
const JSON_ESCAPED = /[\u0000-\u001f\ud800-\udfff]/;

/**
 * `INSERT INTO "t" ("a", "b") VALUES (?, ?), (?, ?)…` for `count` rows, in the database's placeholder style.
 * Remembered (a bulk write sends the same full-width statement thousands of times, each one's text hundreds of KiB).
 */
function insertStatement(manager: EntityManager, table: string, columns: readonly ColumnMetadata[], count: number): string {
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
function insertParameters(manager: EntityManager, columns: readonly ColumnMetadata[], rows: readonly ObjectLiteral[]): unknown[] {
  const stored = columns.map((column) => storedValue(manager, column));
  const names = columns.map((column) => column.propertyName);
  const values: unknown[] = [];
  // One flat array, no array per row: an import or a notice run passes millions of rows.
  for (const row of rows) for (let index = 0; index < names.length; index++) values.push(stored[index](row[names[index]]));
  return values;
}

/**
 * How the driver stores a column's values. Text and integers are stored as they are, without
 * the driver's per-value checks: those allocate, and an import or a notice run passes millions.
 */
function storedValue(manager: EntityManager, column: ColumnMetadata): (value: unknown) => unknown {
  if (column.transformer === undefined && (column.type === 'text' || column.type === 'integer')) return (value) => value;
  const { driver } = manager.connection;
  return (value) => driver.preparePersistentValue(value, column);
}

export type QueryStep = <T extends ObjectLiteral>(query: SelectQueryBuilder<T>) => SelectQueryBuilder<T>;

export interface RowSelection {
  /** Only these properties (default: every column), for reads that use a few of a wide row's. */
  columns?: readonly string[];
  /** Only rows whose `property` is one of `values`. */
  keys?: { property: string; values: readonly string[] } | undefined;
  where?: QueryStep;
  order: QueryStep;
}

/**
 * The customer's rows of `entity` as plain objects named like the entity's properties, read
 * raw (no entity hydration: lists are the hot path). With many keys, the chunks are
 * queried one after another, each in `order`.
 */
export async function selectRows<T extends ObjectLiteral>(
  manager: EntityManager,
  entity: EntityTarget<T>,
  customerId: Id,
  { columns, keys, where = (query) => query, order }: RowSelection,
): Promise<T[]> {
  const select = (): SelectQueryBuilder<T> => order(where(rowQuery(manager, entity, customerId, columns)));
  const readRows = rowReader<T>(manager.connection.getMetadata(entity), columns);
  if (keys === undefined) return readRows(select());
  const rows: T[] = [];
  for (const part of chunk(keys.values, KEYS_PER_QUERY)) {
    rows.push(...(await readRows(select().andWhere(`r.${keys.property} IN (:...keys)`, { keys: part }))));
  }
  return rows;
}

/** The `columns` (default: every column) of the customer's rows of `entity`, aliased `r`. */
function rowQuery<T extends ObjectLiteral>(manager: EntityManager, entity: EntityTarget<T>, customerId: Id, columns?: readonly string[]): SelectQueryBuilder<T> {
  const properties = columns ?? manager.connection.getMetadata(entity).columns.map((column) => column.propertyName);
  return manager
    .createQueryBuilder(entity, 'r')
    .select(properties.map((property) => `r.${property}`))
    .where('r.customerId = :customerId', { customerId });
}

/** The SQL TypeORM writes for a query shape (its named parameters still in it), by shapeOf. */
const builtQueries = new Map<string, string>();
const BUILT_QUERIES_KEPT = 2_000;

/**
 * What a query's SQL text depends on: everything in its expression map but the parameter values.
 * Null for what this does not cover (joins, subqueries, conditions that are not plain text).
 */
function shapeOf<T extends ObjectLiteral>(query: SelectQueryBuilder<T>): string | null {
  const map = query.expressionMap;
  if (map.joinAttributes.length > 0 || map.relationIdAttributes.length > 0 || map.subQuery || map.mainAlias?.hasMetadata !== true) return null;
  if (map.wheres.some((where) => typeof where.condition !== 'string')) return null;
  const { selects, wheres, orderBys, groupBys, havings, limit, offset, skip, take, selectDistinct, lockMode, withDeleted } = map;
  return JSON.stringify([map.mainAlias.name, map.mainAlias.metadata.tableName, selects, wheres, orderBys, groupBys, havings, limit, offset, skip, take, selectDistinct, lockMode, withDeleted]);
}

/**
 * `getRawMany`, with the SQL text built once per query shape: on a small read, TypeORM's
 * building of the text costs more than running it. Only the parameters are bound per call.
 */
export async function rawMany<R, T extends ObjectLiteral = ObjectLiteral>(query: SelectQueryBuilder<T>): Promise<R[]> {
  const shape = shapeOf(query);
  if (shape === null) return query.getRawMany<R>();
  let sql = builtQueries.get(shape);
  if (sql === undefined) {
    sql = query.getQuery();
    builtQueries.set(shape, sql);
    if (builtQueries.size > BUILT_QUERIES_KEPT) builtQueries.delete(builtQueries.keys().next().value as string);
  }
  const [text, parameters] = query.connection.driver.escapeQueryWithParameters(sql, query.getParameters(), {});
  // The builder's own query runner (a transaction's, when it has one), as getRawMany would use.
  const { queryRunner } = query as unknown as { queryRunner?: QueryRunner };
  return query.connection.query(text, parameters, queryRunner);
}

/** Reads the rows of a `rowQuery` raw (no entity hydration: lists are the hot path). */
const rowReader =
  <T extends ObjectLiteral>(metadata: EntityMetadata, columns?: readonly string[]) =>
  async (query: SelectQueryBuilder<T>): Promise<T[]> => {
    const rows = await rawMany<Record<string, unknown>, T>(query);
    const names = rawColumnsOf(metadata, 'r_', columns);
    return rows.map((raw) => named<T>(names, raw));
  };

/**
 * One page of a list (CONTRACT §7, ARCHITECTURE "Lists through one query shape"): the rows
 * `base` selects whose `dateProperty` is within `list.range`, newest first (see `newestFirst`;
 * ties broken by `tieBreak`, a unique property such as `id`), after `list.after`, at most
 * `list.limit`. Keyset paging, not OFFSET: every page costs the same, and a record added
 * meanwhile neither repeats nor hides another. `read` runs the query; `positionOf` tells where
 * a row stands (its date and `tieBreak`). The whole filtered list is counted only when this
 * page is not all of it.
 */
export async function selectPage<T extends ObjectLiteral, R>(
  base: SelectQueryBuilder<T>,
  dateProperty: string,
  list: ListQuery,
  read: (query: SelectQueryBuilder<T>) => Promise<R[]>,
  positionOf: (row: R) => ListPosition,
  tieBreak = 'id',
): Promise<Page<R>> {
  const filtered = inRange(dateProperty, list.range)(base);
  const page = newestFirst(dateProperty, tieBreak)(after(dateProperty, list.after, tieBreak)(filtered.clone()));
  const rows = await read(page.limit(list.limit + 1));
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

/**
 * A raw row (columns named `<prefix><database name>`) as an object named like the entity's
 * properties: all of them, or the `columns` it was read with.
 */
export function fromRawColumns<T>(metadata: EntityMetadata, raw: Record<string, unknown>, prefix = '', columns?: readonly string[]): T {
  return named<T>(rawColumnsOf(metadata, prefix, columns), raw);
}

function named<T>(columns: readonly RawColumn[], raw: Record<string, unknown>): T {
  const row: Record<string, unknown> = {};
  for (const { rawName, propertyName, boolean } of columns) {
    const value = raw[rawName];
    row[propertyName] = boolean ? rawBoolean(value) : value;
  }
  return row as T;
}

interface RawColumn {
  rawName: string;
  propertyName: string;
  boolean: boolean;
}

/** By entity, prefix and column choice: a list read maps thousands of rows, and the names are the same for each. */
const rawColumns = new WeakMap<EntityMetadata, Map<string, RawColumn[]>>();

function rawColumnsOf(metadata: EntityMetadata, prefix: string, only?: readonly string[]): RawColumn[] {
  const byChoice = rawColumns.get(metadata) ?? new Map<string, RawColumn[]>();
  rawColumns.set(metadata, byChoice);
  const choice = only === undefined ? prefix : `${prefix} ${only.join(' ')}`;
  let columns = byChoice.get(choice);
  if (columns === undefined) {
    columns = metadata.columns
      .filter((column) => only === undefined || only.includes(column.propertyName))
      .map((column) => ({ rawName: `${prefix}${column.databaseName}`, propertyName: column.propertyName, boolean: column.type === 'boolean' }));
    byChoice.set(choice, columns);
  }
  return columns;
}

/** `keys` for `selectRows`, when there are any. */
export const withKeys = (property: string, values: readonly string[] | undefined): RowSelection['keys'] =>
  values === undefined ? undefined : { property, values };

/** Rows whose `dateProperty` falls within the inclusive day range. */
export const inRange =
  (dateProperty: string, range: DateRange): QueryStep =>
  (query) => {
    const { from, toExclusive } = rangeBounds(range);
    if (from !== null) query.andWhere(`${query.alias}.${dateProperty} >= :from`, { from });
    if (toExclusive !== null) query.andWhere(`${query.alias}.${dateProperty} < :toExclusive`, { toExclusive });
    return query;
  };

/** Deletes the customer's rows whose `keyProperty` is in `keys` (children go by ON DELETE CASCADE). */
export async function deleteRows<T extends ObjectLiteral>(
  manager: EntityManager,
  entity: EntityTarget<T>,
  customerId: Id,
  keyProperty: keyof T & string,
  keys: readonly string[],
): Promise<void> {
  const column = manager.connection.getMetadata(entity).findColumnWithPropertyName(keyProperty)?.databaseName;
  for (const part of chunk(keys, KEYS_PER_QUERY)) {
    await manager
      .createQueryBuilder()
      .delete()
      .from(entity)
      .where('customer_id = :customerId', { customerId })
      .andWhere(`${column} IN (:...keys)`, { keys: part })
      .execute();
  }
}

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

export function groupBy<T>(rows: readonly T[], key: (row: T) => string): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const row of rows) {
    const group = groups.get(key(row));
    if (group) group.push(row);
    else groups.set(key(row), [row]);
  }
  return groups;
}

/** SQLite hands raw booleans back as 0/1, PostgreSQL as booleans. */
function rawBoolean(value: unknown): boolean | null {
  return value === null || value === undefined ? null : value === true || value === 1 || value === '1';
}

/** The page with each item mapped. */
export const mapItems = <T, U>(page: Page<T>, map: (item: T) => U): Page<U> => ({
  ...page,
  items: page.items.map((item) => map(item)),
});
