import { loadSqliteDriver, sqliteDriverPackage } from './sqlite-driver';

describe('the SQLite driver', () => {
  it.each([
    ['20.19.0', 'better-sqlite3-node20'],
    ['20.20.2', 'better-sqlite3-node20'],
    ['22.12.0', 'better-sqlite3'],
    ['24.21.0', 'better-sqlite3'],
    ['26.12.1', 'better-sqlite3'],
  ])('on Node %s is %s', (version, packageName) => {
    expect(sqliteDriverPackage(version)).toBe(packageName);
  });

  it('loads on this Node.js and opens a database', () => {
    const db = new (loadSqliteDriver())(':memory:');
    try {
      expect(db.prepare('SELECT sqlite_version() AS version').get()).toEqual({ version: expect.stringMatching(/^3\.\d+/) });
    } finally {
      db.close();
    }
  });
});
