import type { Database, Statement } from 'better-sqlite3';
import type { Pool } from 'pg';
import { DataSource } from 'typeorm';
import type { BetterSqlite3Driver } from 'typeorm/driver/better-sqlite3/BetterSqlite3Driver';
import type { PostgresDriver } from 'typeorm/driver/postgres/PostgresDriver';
import { inTurn } from './transactions';

/*
 * The hot reads on the driver itself (docs/performance.md): statements written with `?`
 * placeholders, prepared once per text (better-sqlite3 statements; `pg` named statements), with
 * no query building and no TypeORM query runner between the request and the database. TypeORM
 * keeps the schema, the migrations and the writes.
 */

/** Runs one SELECT of a prepared read and answers its raw rows. */
export type Select = <T>(sql: string, parameters: readonly unknown[]) => Promise<T[]>;

/** Statement texts kept prepared per connection; beyond that the oldest is forgotten (and finalized by GC). */
const STATEMENTS_KEPT = 2_000;

/**
 * A prepared statement; a reader answers its rows as arrays (`raw`) with its column names kept, and
 * `sqliteRun` makes the objects: better-sqlite3 builds an object row by row through V8's C++ API,
 * which cost more than the statement itself on a 1,000-row page (docs/performance.md).
 */
interface Prepared {
  statement: Statement;
  columns: readonly string[] | null;
}

/** By connection: a data source that is destroyed and initialized again has a new one. */
const sqliteStatements = new WeakMap<Database, Map<string, Prepared>>();

function sqliteStatement(dataSource: DataSource, sql: string): Prepared {
  const connection = (dataSource.driver as BetterSqlite3Driver).databaseConnection as Database;
  let statements = sqliteStatements.get(connection);
  if (statements === undefined) sqliteStatements.set(connection, (statements = new Map()));
  let prepared = statements.get(sql);
  if (prepared === undefined) {
    const statement = connection.prepare(sql);
    const columns = statement.reader ? statement.columns().map((column) => column.name) : null;
    if (statement.reader) statement.raw(true);
    statements.set(sql, (prepared = { statement, columns }));
    if (statements.size > STATEMENTS_KEPT) statements.delete(statements.keys().next().value as string);
  }
  return prepared;
}

/** A raw row as the object better-sqlite3 would have made: each column by name, a later one of the same name winning. */
function rowObject(columns: readonly string[], values: readonly unknown[]): Record<string, unknown> {
  const row: Record<string, unknown> = {};
  for (let i = 0; i < columns.length; i++) row[columns[i]] = values[i];
  return row;
}

/** Runs a statement on the SQLite connection, logged as TypeORM's runner logs what it sends (the query-plan suite reads the log). */
function sqliteRun(dataSource: DataSource, sql: string, parameters: readonly unknown[] = []): unknown[] | undefined {
  dataSource.logger.logQuery(sql, parameters as unknown[]);
  const { statement, columns } = sqliteStatement(dataSource, sql);
  if (columns === null) {
    statement.run(...parameters);
    return undefined;
  }
  const rows: unknown[] = statement.all(...parameters);
  for (let i = 0; i < rows.length; i++) rows[i] = rowObject(columns, rows[i] as unknown[]);
  return rows;
}

const sqliteSelect =
  (dataSource: DataSource): Select =>
  <T>(sql: string, parameters: readonly unknown[]) =>
    Promise.resolve(sqliteRun(dataSource, sql, parameters) as T[]);

/** `?` → `$1`, `$2`… (unless the text is `numbered` already) and a statement name, per statement text. */
const postgresStatements = new Map<string, { name: string; text: string }>();

function postgresStatement(sql: string, numbered = false): { name: string; text: string } {
  let statement = postgresStatements.get(sql);
  if (statement === undefined) {
    let n = 0;
    statement = { name: `curbside_read_${postgresStatements.size + 1}`, text: numbered ? sql : sql.replace(/\?/g, () => `$${++n}`) };
    // Names stay unique: a text once named keeps its name for the process's life.
    postgresStatements.set(sql, statement);
  }
  return statement;
}

const postgresSelect =
  (dataSource: DataSource, numbered = false): Select =>
  async <T>(sql: string, parameters: readonly unknown[]) => {
    const pool = (dataSource.driver as PostgresDriver).master as Pool;
    const { name, text } = postgresStatement(sql, numbered);
    dataSource.logger.logQuery(text, [...parameters]);
    const result = await pool.query({ name, text, values: [...parameters] });
    return result.rows as T[];
  };

/**
 * One SELECT as raw rows, prepared: on SQLite no BEGIN/COMMIT around it (a single statement reads
 * one snapshot anyway; it still takes its turn, so it never runs inside another unit's open
 * transaction). For the lookups every request makes.
 */
export function selectRaw<T>(dataSource: DataSource, sql: string, parameters: readonly unknown[]): Promise<T[]> {
  if (dataSource.options.type !== 'better-sqlite3') return postgresSelect(dataSource)(sql, parameters);
  return inTurn(dataSource, () => sqliteSelect(dataSource)(sql, parameters));
}

/** On PostgreSQL, a SELECT TypeORM wrote (placeholders `$1`, `$2`…) sent as a named statement, as the prepared reads are. */
export function selectNamed<T>(dataSource: DataSource, text: string, parameters: readonly unknown[]): Promise<T[]> {
  return postgresSelect(dataSource, true)<T>(text, parameters);
}

/**
 * The statements of one read, prepared, as `inRead` runs them: on SQLite in one read snapshot (a
 * deferred transaction, in the connection's turn), so that no other process's commit lands
 * between them; on PostgreSQL each on a pooled connection, as `inRead` does. Do not nest calls,
 * nor call inside a transaction.
 */
export function inPreparedRead<T>(dataSource: DataSource, work: (select: Select) => Promise<T>): Promise<T> {
  if (dataSource.options.type !== 'better-sqlite3') return work(postgresSelect(dataSource));
  return inTurn(dataSource, async () => {
    sqliteRun(dataSource, 'BEGIN DEFERRED');
    try {
      return await work(sqliteSelect(dataSource));
    } finally {
      sqliteRun(dataSource, 'COMMIT');
    }
  });
}
