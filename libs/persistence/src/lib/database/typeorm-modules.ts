import Module from 'node:module';
import type { DataSource } from 'typeorm';
import type { Driver } from 'typeorm/driver/Driver';

/**
 * TypeORM's `DriverFactory` requires all of its drivers at its top (50 modules, some 8 MiB of RSS), whatever
 * the connection's type, and `DataSource` requires it, so every process that loads `typeorm` pays for MySQL,
 * Oracle, MongoDB, Spanner… This factory requires a driver when a DataSource of its type is made. Its table is
 * TypeORM's switch, in the order of its error's list; `typeorm-modules.spec.ts` reads TypeORM's module and fails
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

/**
 * TypeORM's `util/DirectoryExportedClassesLoader`, which loads `glob` (18 modules, some 1 MiB of heap) for the
 * entities, migrations and subscribers given as paths. Curbside gives TypeORM classes only (`connection.ts`), for
 * which TypeORM calls these with no paths, and they answer nothing.
 */
export const CLASSES_ONLY_LOADER = {
  async importClassesFromDirectories(_logger: unknown, directories: string[]): Promise<never[]> {
    return classesOnly(directories);
  },
  importJsonsFromDirectories(directories: string[]): never[] {
    return classesOnly(directories);
  },
};

function classesOnly(directories: string[]): never[] {
  if (directories.length > 0) throw new Error(`TypeORM was given paths (${directories.join(', ')}): @curbside/persistence gives it classes only`);
  return [];
}

/** The modules put in Node's module cache in place of TypeORM's own. */
const REPLACED = {
  'typeorm/driver/DriverFactory': { DriverFactory: LazyDriverFactory },
  'typeorm/util/DirectoryExportedClassesLoader': CLASSES_ONLY_LOADER,
};

/**
 * Puts the modules above in Node's module cache under the files of TypeORM's, so that TypeORM's `require`s of
 * them find these. It must run before anything requires `typeorm`: `@curbside/persistence`'s index imports this
 * module first. A module of TypeORM's already loaded is left as it is (as under Jest, whose module registry is
 * not Node's cache); returns the modules put in place.
 */
export function installTypeormModules(cache: NodeJS.Require['cache'] = require.cache): string[] {
  const installed: string[] = [];
  for (const [request, exports] of Object.entries(REPLACED)) {
    const file = require.resolve(request);
    if (cache[file] !== undefined) continue;
    const module = new Module(file);
    module.filename = file;
    module.exports = exports;
    module.loaded = true;
    cache[file] = module;
    if (cache[file] === module) installed.push(request);
  }
  return installed;
}

installTypeormModules();
