/*
 * Statements are kept well under the bind-parameter limits of SQLite (32766) and PostgreSQL
 * (65535) by chunking.
 */

export const PARAMETERS_PER_STATEMENT = 30_000;
export const KEYS_PER_QUERY = 500;

export function chunk<T>(items: readonly T[], size: number): T[][] {
  const chunks: T[][] = [];
  for (let start = 0; start < items.length; start += size) chunks.push(items.slice(start, start + size));
  return chunks;
}
