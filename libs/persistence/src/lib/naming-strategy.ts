import { DefaultNamingStrategy, Table } from 'typeorm';

const snakeCase = (name: string): string => name.replace(/([a-z0-9])([A-Z])/g, '$1_$2').toLowerCase();

const tableNameOf = (tableOrName: Table | string): string =>
  typeof tableOrName === 'string' ? tableOrName : tableOrName.name;

/**
 * snake_case columns from camelCase properties, and short readable constraint and index
 * names, so the hand-written migrations can name them and TypeORM agrees.
 */
export class SnakeNamingStrategy extends DefaultNamingStrategy {
  override columnName(propertyName: string, customName: string | undefined, embeddedPrefixes: string[]): string {
    return customName ?? snakeCase([...embeddedPrefixes, propertyName].join('_'));
  }

  override primaryKeyName(tableOrName: Table | string): string {
    return `pk_${tableNameOf(tableOrName)}`;
  }

  override foreignKeyName(tableOrName: Table | string, _columnNames: string[], referencedTablePath?: string): string {
    return `fk_${tableNameOf(tableOrName)}_${referencedTablePath ?? ''}`;
  }

  override indexName(tableOrName: Table | string, columnNames: string[]): string {
    return `idx_${tableNameOf(tableOrName)}_${columnNames.join('_')}`;
  }
}
