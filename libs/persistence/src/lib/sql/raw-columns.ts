import type { EntityMetadata } from 'typeorm';

/**
 * A raw row (columns named `<prefix><database name>`) as an object named like the entity's
 * properties: all of them, or the `columns` it was read with.
 */
export function fromRawColumns<T>(metadata: EntityMetadata, raw: Record<string, unknown>, prefix = '', columns?: readonly string[]): T {
  return named<T>(rawColumnsOf(metadata, prefix, columns), raw);
}

export function named<T>(columns: readonly RawColumn[], raw: Record<string, unknown>): T {
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

export function rawColumnsOf(metadata: EntityMetadata, prefix: string, only?: readonly string[]): RawColumn[] {
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

/** SQLite hands raw booleans back as 0/1, PostgreSQL as booleans. */
function rawBoolean(value: unknown): boolean | null {
  return value === null || value === undefined ? null : value === true || value === 1 || value === '1';
}
