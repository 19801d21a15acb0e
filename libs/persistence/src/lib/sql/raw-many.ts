import type { ObjectLiteral, QueryRunner, SelectQueryBuilder } from 'typeorm';
import { selectNamed } from '../database/prepared';

/** The SQL TypeORM writes for a query shape (its named parameters still in it), by shapeOf. */
const builtQueries = new Map<string, string>();
const BUILT_QUERIES_KEPT = 2_000;

/**
 * What a query's SQL text depends on: its driver (a process may hold a data source of each) and everything in
 * its expression map but the parameter values.
 * Null for what this does not cover (joins, subqueries, conditions that are not plain text).
 */
function shapeOf<T extends ObjectLiteral>(query: SelectQueryBuilder<T>): string | null {
  const map = query.expressionMap;
  if (map.joinAttributes.length > 0 || map.relationIdAttributes.length > 0 || map.subQuery || map.mainAlias?.hasMetadata !== true) return null;
  if (map.wheres.some((where) => typeof where.condition !== 'string')) return null;
  const { selects, wheres, orderBys, groupBys, havings, limit, offset, skip, take, selectDistinct, lockMode, withDeleted } = map;
  return JSON.stringify([query.connection.options.type, map.mainAlias.name, map.mainAlias.metadata.tableName, selects, wheres, orderBys, groupBys, havings, limit, offset, skip, take, selectDistinct, lockMode, withDeleted]);
}

/**
 * `getRawMany`, with the SQL text built once per query shape: on a small read, TypeORM's
 * building of the text costs more than running it. Only the parameters are bound per call.
 *
 * `limit`, when given, is bound too (`LIMIT $n`), not written into the text, and on PostgreSQL,
 * outside a transaction, the statement is sent named. After five runs PostgreSQL may keep one
 * generic plan for every value, in which a list's page is its list-order index's next entries;
 * a text with the limit in it is planned for its values, and without statistics a date-filtered
 * or long page was planned as a sort of the customer's range.
 */
export async function rawMany<R, T extends ObjectLiteral = ObjectLiteral>(query: SelectQueryBuilder<T>, limit?: number): Promise<R[]> {
  const shape = shapeOf(query);
  if (shape === null) return (limit === undefined ? query : query.limit(limit)).getRawMany<R>();
  let sql = builtQueries.get(shape);
  if (sql === undefined) {
    sql = query.getQuery();
    builtQueries.set(shape, sql);
    if (builtQueries.size > BUILT_QUERIES_KEPT) builtQueries.delete(builtQueries.keys().next().value as string);
  }
  const [text, parameters] =
    limit === undefined
      ? query.connection.driver.escapeQueryWithParameters(sql, query.getParameters(), {})
      : query.connection.driver.escapeQueryWithParameters(`${sql} LIMIT :rowLimit`, { ...query.getParameters(), rowLimit: limit }, {});
  // The builder's own query runner (a transaction's, when it has one), as getRawMany would use.
  const { queryRunner } = query as unknown as { queryRunner?: QueryRunner };
  if (limit !== undefined && queryRunner === undefined && query.connection.options.type === 'postgres') return selectNamed<R>(query.connection, text, parameters);
  return query.connection.query(text, parameters, queryRunner);
}
