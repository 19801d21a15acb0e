import { loadSqliteDriver } from './sqlite-driver';

describe('the SQLite driver', () => {
  it('loads on this Node.js and opens a database', () => {
    const db = new (loadSqliteDriver())(':memory:');
    try {
      expect(db.prepare('SELECT sqlite_version() AS version').get()).toEqual({ version: expect.stringMatching(/^3\.\d+/) });
    } finally {
      db.close();
    }
  });
});
