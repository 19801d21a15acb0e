import Module from 'node:module';
import type { DataSource } from 'typeorm';
import type { Driver } from 'typeorm/driver/Driver';

/**
 * TypeORM's `DriverFactory` requires all of its drivers at its top (50 modules, some 8 MiB of RSS), whatever
 * the connection's type, and `DataSource` requires it, so every process that loads `typeorm` pays for MySQL,
 * Oracle, MongoDB, Spanner… This factory requires a driver when a DataSource of its type is made. Its table is
 * TypeORM's switch, in the order of its error's list; `driver-factory.spec.ts` reads TypeORM's module and fails
 * when an upgrade changes it.
 */
export const TYPEORM_DRIVERS: Readonly<Record<string, readonly [module: string, name: string]>> = {
  'aurora-mysql': ['aurora-mysql/AuroraMysqlDriver', 'AuroraMysqlDriver'],
  'aurora-postgres': ['aurora-postgres/AuroraPostgresDriver', 'AuroraPostgresDriver'],
  'better-sqlite3': ['better-sqlite3/BetterSqlite3Driver', 'BetterSqlite3Driver'],
  capacitor: ['capacitor/CapacitorDriver', 'CapacitorDriver'],
  cockroachdb: ['cockroachdb/CockroachDriver', 'CockroachDriver'],
  cordova: ['cordova/CordovaDriver', 'CordovaDriver'],
  expo: ['expo/ExpoDriverFactory', 'ExpoDriverFactory'],
  mariadb: ['mysql/MysqlDriver', 'MysqlDriver'],
  mongodb: ['mongodb/MongoDriver', 'MongoDriver'],
  mssql: ['sqlserver/SqlServerDriver', 'SqlServerDriver'],
  mysql: ['mysql/MysqlDriver', 'MysqlDriver'],
  nativescript: ['nativescript/NativescriptDriver', 'NativescriptDriver'],
  oracle: ['oracle/OracleDriver', 'OracleDriver'],
  postgres: ['postgres/PostgresDriver', 'PostgresDriver'],
  'react-native': ['react-native/ReactNativeDriver', 'ReactNativeDriver'],
  sap: ['sap/SapDriver', 'SapDriver'],
  sqlite: ['sqlite/SqliteDriver', 'SqliteDriver'],
  sqljs: ['sqljs/SqljsDriver', 'SqljsDriver'],
  spanner: ['spanner/SpannerDriver', 'SpannerDriver'],
};

/** TypeORM's `DriverFactory`, requiring only the driver of the type asked for. */
export class LazyDriverFactory {
  create(connection: DataSource): Driver {
    const { type } = connection.options;
    if (!Object.hasOwn(TYPEORM_DRIVERS, type)) {
      const { MissingDriverError } = require('typeorm/error/MissingDriverError');
      throw new MissingDriverError(type, Object.keys(TYPEORM_DRIVERS));
    }
    const [module, name] = TYPEORM_DRIVERS[type];
    const made = new (require(`typeorm/driver/${module}`)[name])(connection);
    // TypeORM's switch: `new ExpoDriverFactory(connection).create()`.
    return type === 'expo' ? made.create() : made;
  }
}

const DRIVER_FACTORY = 'typeorm/driver/DriverFactory';

/**
 * Puts `LazyDriverFactory` in Node's module cache as TypeORM's `driver/DriverFactory`, so that `DataSource`'s
 * `require("../driver/DriverFactory")` finds it there. It must run before anything requires `typeorm`:
 * `@curbside/persistence`'s index imports this module first. Returns false, changing nothing, when TypeORM's
 * own module is already loaded (and under Jest, whose module registry is not Node's cache).
 */
export function installLazyDriverFactory(cache: NodeJS.Require['cache'] = require.cache): boolean {
  const file = require.resolve(DRIVER_FACTORY);
  if (cache[file] !== undefined) return false;
  const module = new Module(file);
  module.filename = file;
  module.exports = { DriverFactory: LazyDriverFactory };
  module.loaded = true;
  cache[file] = module;
  return cache[file] === module;
}

installLazyDriverFactory();
