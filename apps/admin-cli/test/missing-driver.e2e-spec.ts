import { spawnSync } from 'node:child_process';
import { join, resolve } from 'node:path';
import { tempFolder } from '@curbside/testing';
import { PROCESS_TEST_TIMEOUT_MS } from './support/cli';

const WORKSPACE = resolve(__dirname, '../../..');
const BROKEN_BINARY = join(__dirname, 'fixtures/broken-sqlite-binary.js');

/** Every door of the service: the three programs and `npm start`'s script (after its build). */
const DOORS = [
  ['the API', 'dist/apps/api/main.js', []],
  ['the CLI', 'dist/apps/admin-cli/main.js', ['db', 'migrate']],
  ['the notifier', 'dist/apps/notifier/main.js', []],
  ['npm start', 'tools/dev/start.js', []],
] as const;

/** A SQLite driver that cannot load is one line that says what happened and what to run, never a stack trace. */
describe.each([
  ['missing (its install script blocked)', 'missing', /native binary is missing/],
  ['built for another Node.js', 'abi', /built for another Node\.js version/],
])('a SQLite driver binary %s', (_, kind, reason) => {
  it.each(DOORS)(
    '%s exits non-zero with one line naming the driver and the command to run',
    (_door, script, args) => {
      const cwd = tempFolder('driver');
      const result = spawnSync(process.execPath, ['--require', BROKEN_BINARY, join(WORKSPACE, script), ...args], {
        cwd,
        encoding: 'utf8',
        timeout: 60_000,
        env: { PATH: process.env.PATH, BROKEN_SQLITE_BINARY: kind, DATABASE_URL: `sqlite:${join(cwd, 'curbside.sqlite')}`, PORT: '0' },
      });
      expect(result.status).not.toBe(0);
      expect(result.status).not.toBeNull();
      const lines = result.stderr.trim().split('\n');
      expect(lines).toHaveLength(1);
      expect(lines[0]).toMatch(/the SQLite driver better-sqlite3 cannot load on Node\.js v\d+/);
      expect(lines[0]).toMatch(reason);
      expect(lines[0]).toMatch(/npm install/);
      expect(result.stderr).not.toMatch(/\n\s+at /);
      expect(result.stdout).not.toMatch(/\s+at /);
    },
    PROCESS_TEST_TIMEOUT_MS,
  );
});
