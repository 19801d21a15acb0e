import type { EntityManager } from 'typeorm';
import type { ColumnMetadata } from 'typeorm/metadata/ColumnMetadata';

/**
 * How the driver stores a column's values. Text and integers are stored as they are, without
 * the driver's per-value checks: those allocate, and an import or a notice run passes millions.
 */
export function storedValue(manager: EntityManager, column: ColumnMetadata): (value: unknown) => unknown {
  if (column.transformer === undefined && (column.type === 'text' || column.type === 'integer')) return (value) => value;
  const { driver } = manager.connection;
  return (value) => driver.preparePersistentValue(value, column);
}
