import { existsSync } from 'node:fs';
import { dirname } from 'node:path';
import { Client } from 'pg';
import { testDatabases } from './test-databases';

describe('testDatabases', () => {
  it('always offers SQLite, and PostgreSQL exactly when TEST_POSTGRES_URL is set', () => {
    const names = testDatabases().map((db) => db.name);
    expect(names).toEqual(process.env['TEST_POSTGRES_URL'] ? ['sqlite', 'postgres'] : ['sqlite']);
  });

  describe.each(testDatabases())('on $name', (kind) => {
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

async function connectAndClose(url: string): Promise<void> {
  const client = new Client({ connectionString: url });
  await client.connect();
  await client.end();
}
