import { existsSync } from 'node:fs';
import { dirname } from 'node:path';
import { Client } from 'pg';
import Database from 'better-sqlite3';
import { driverIndependentDatabases, testDatabases, type TestDatabase } from './test-databases';
import { templateFolder } from './test-run';

describe('testDatabases', () => {
  it('always offers SQLite, and PostgreSQL exactly when TEST_POSTGRES_URL is set', () => {
    const names = testDatabases().map((db) => db.name);
    expect(names).toEqual(process.env['TEST_POSTGRES_URL'] ? ['sqlite', 'postgres'] : ['sqlite']);
  });

  it('gives an HTTP-behaviour suite SQLite alone', () => {
    expect(driverIndependentDatabases().map((db) => db.name)).toEqual(['sqlite']);
  });

  describe.each(testDatabases())('on $name', (kind) => {
    it('copies a template migrated once per worker, each copy its own database', async () => {
      expect(templateFolder()).not.toBeNull(); // the run's global setup (jest.preset.js) names the templates
      let migrations = 0;
      const migrate = async (url: string) => {
        migrations++;
        await execute(url, 'CREATE TABLE marker (id INTEGER)');
      };
      const copies: TestDatabase[] = [];
      try {
        copies.push(await kind.createMigrated(migrate), await kind.createMigrated(migrate));
        expect(copies[0].url).not.toEqual(copies[1].url);
        await execute(copies[0].url, 'INSERT INTO marker VALUES (1)');
        expect(await count(copies[0].url)).toBe(1);
        expect(await count(copies[1].url)).toBe(0);
        expect(migrations).toBeLessThanOrEqual(1); // 0 when an earlier test of this worker made the template
      } finally {
        for (const copy of copies) await copy.drop();
      }
    });

    it('creates a fresh database that drop() removes', async () => {
      const first = await kind.create();
      const second = await kind.create();
      expect(first.url).not.toEqual(second.url);
      if (kind.name === 'sqlite') {
        expect(first.url).toMatch(/^sqlite:\//);
        const directory = dirname(first.url.slice('sqlite:'.length));
        expect(existsSync(directory)).toBe(true);
        await first.drop();
        expect(existsSync(directory)).toBe(false);
      } else {
        const client = new Client({ connectionString: first.url });
        await client.connect();
        const { rows } = await client.query<{ name: string }>('SELECT current_database() AS name');
        await client.end();
        expect(rows[0].name).toMatch(/^curbside_test_[0-9a-f]+$/);
        await first.drop();
        await expect(connectAndClose(first.url)).rejects.toThrow(/does not exist/);
      }
      await second.drop();
    });
  });
});

/** Runs `sql` on the database at `url`, either driver. */
async function execute(url: string, sql: string): Promise<void> {
  if (url.startsWith('sqlite:')) {
    const db = new Database(url.slice('sqlite:'.length));
    db.exec(sql);
    db.close();
    return;
  }
  const client = new Client({ connectionString: url });
  await client.connect();
  await client.query(sql);
  await client.end();
}

async function count(url: string): Promise<number> {
  if (url.startsWith('sqlite:')) {
    const db = new Database(url.slice('sqlite:'.length));
    const { n } = db.prepare('SELECT COUNT(*) AS n FROM marker').get() as { n: number };
    db.close();
    return n;
  }
  const client = new Client({ connectionString: url });
  await client.connect();
  const { rows } = await client.query<{ n: string }>('SELECT COUNT(*) AS n FROM marker');
  await client.end();
  return Number(rows[0].n);
}

async function connectAndClose(url: string): Promise<void> {
  const client = new Client({ connectionString: url });
  await client.connect();
  await client.end();
}
