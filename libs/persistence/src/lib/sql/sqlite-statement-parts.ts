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
