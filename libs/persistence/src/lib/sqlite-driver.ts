import type BetterSqlite3 from 'better-sqlite3';
import { reasonOf } from '@curbside/domain';

/** The constructor of a better-sqlite3 database. */
export type SqliteDatabaseConstructor = typeof BetterSqlite3;

/**
 * better-sqlite3 13 is built on Node-API and ships its binaries inside the package: nothing is compiled at
 * install (package.json's `allowScripts` keeps node-gyp from rebuilding what `prebuilds/` holds), and there is
 * no abort at exit or GC on Node 24.19+ and 26 (docs/architecture.md, "Runtime and dependencies"). It needs
 * Node 22 or later, as `engines` says.
 */
const SQLITE_DRIVER = 'better-sqlite3';

/** The SQLite driver cannot load: what happened and what to run, in one line. */
export class SqliteDriverUnavailable extends Error {
  constructor(packageName: string, cause: unknown) {
    super(`the SQLite driver ${packageName} cannot load on Node.js ${process.version}: ${whyUnloadable(cause)}; ${remedyFor(packageName)}`, {
      cause,
    });
    this.name = 'SqliteDriverUnavailable';
  }
}

let loaded: SqliteDatabaseConstructor | undefined;

/**
 * better-sqlite3's constructor, with its native binary loaded and checked by opening an in-memory
 * database; `SqliteDriverUnavailable` when it cannot load (an install script that was blocked or
 * failed, a binary built for another Node.js, a platform without one).
 */
export function loadSqliteDriver(): SqliteDatabaseConstructor {
  if (loaded) return loaded;
  try {
    const Database = require(SQLITE_DRIVER) as SqliteDatabaseConstructor;
    new Database(':memory:').close();
    loaded = Database;
    return Database;
  } catch (error) {
    throw new SqliteDriverUnavailable(SQLITE_DRIVER, error);
  }
}

function whyUnloadable(cause: unknown): string {
  const message = reasonOf(cause);
  const code = (cause as { code?: unknown } | null)?.code;
  if (code === 'MODULE_NOT_FOUND' && !/\.node\b/.test(message)) return 'the package is not installed';
  if (/NODE_MODULE_VERSION/.test(message)) return 'its native binary was built for another Node.js version';
  if (/bindings file|\.node\b/.test(message)) return 'its native binary is missing (its install script was blocked or failed)';
  return message.split('\n')[0].slice(0, 200);
}

function remedyFor(packageName: string): string {
  return `run \`npm install\` on Node.js 22 or later (${packageName} 13 ships binaries for Linux, macOS and Windows on x64 and arm64)`;
}
