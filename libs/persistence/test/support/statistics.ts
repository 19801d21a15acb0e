import type { DataSource } from 'typeorm';

/**
 * The rows the planner's statistics give `table`: PostgreSQL's `reltuples` (-1 until ANALYZE or
 * VACUUM), SQLite's row count in `sqlite_stat1`; -1 when it has none (a bulk write
 * leaves them, so that the first request after it is planned on what is there).
 */
export async function rowsInStatistics(dataSource: DataSource, table: string): Promise<number> {
  if (dataSource.options.type === 'postgres') {
    const [{ rows }] = await dataSource.query(`SELECT reltuples AS "rows" FROM pg_class WHERE relname = $1`, [table]);
    return Number(rows);
  }
  const [known] = await dataSource.query(`SELECT 1 FROM sqlite_master WHERE name = 'sqlite_stat1'`);
  if (known === undefined) return -1;
  // One row per index, each starting with the entries it holds: a partial index holds fewer than the table.
  const rows: { stat: string }[] = await dataSource.query(`SELECT stat FROM sqlite_stat1 WHERE tbl = ?`, [table]);
  return rows.length === 0 ? -1 : Math.max(...rows.map((row) => Number(String(row.stat).split(' ')[0])));
}
