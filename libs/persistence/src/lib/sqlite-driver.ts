import type BetterSqlite3 from 'better-sqlite3';
import { reasonOf } from '@curbside/domain';

/** The constructor of a better-sqlite3 database, whichever of the two packages provides it. */
export type SqliteDatabaseConstructor = typeof BetterSqlite3;

/**
 * The SQLite driver package for this Node.js. better-sqlite3 13 is built on Node-API and ships its
 * binaries inside the package (no install script, nothing compiled, and no abort at exit or GC on
 * Node 24.19+ and 26: docs/architecture.md, "Runtime and dependencies"); it needs Node 22, and on
 * Node 20 it crashes. There, better-sqlite3 12 is loaded instead, under the alias
 * `better-sqlite3-node20` (an optional dependency compiled by its install script).
 */
export function sqliteDriverPackage(nodeVersion = process.versions.node): string {
  return Number(nodeVersion.split('.')[0]) >= 22 ? 'better-sqlite3' : 'better-sqlite3-node20';
}

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
  const packageName = sqliteDriverPackage();
  try {
    const Database = require(packageName) as SqliteDatabaseConstructor;
    new Database(':memory:').close();
    loaded = Database;
    return Database;
  } catch (error) {
    throw new SqliteDriverUnavailable(packageName, error);
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
  if (packageName === 'better-sqlite3') {
    return 'run `npm install` on Node.js 22 or later (better-sqlite3 13 ships binaries for Linux, macOS and Windows on x64 and arm64)';
  }
  return (
    `run \`npm rebuild ${packageName}\` (npm 12 runs it only when package.json's "allowScripts" allows "better-sqlite3", ` +
    'as this repository\'s does), or use Node.js 22 or later'
  );
}
