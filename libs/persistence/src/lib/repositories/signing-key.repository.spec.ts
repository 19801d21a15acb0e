import { testDatabases } from '@curbside/testing';
import { openDatabase } from '../database';
import { useDatabase } from '../../../test/database';
import { SigningKeyRepository } from './signing-key.repository';

describe.each(testDatabases())('SigningKeyRepository on $name', (db) => {
  const dataSource = useDatabase(db);

  it('creates the key on first use and returns the same key afterwards', async () => {
    const keys = new SigningKeyRepository(dataSource());
    const first = await keys.getOrCreate(() => ({ kid: 'kid-1', secret: 'secret-1' }));
    expect(first).toEqual({ kid: 'kid-1', secret: 'secret-1' });
    const generate = jest.fn(() => ({ kid: 'kid-2', secret: 'secret-2' }));
    expect(await keys.getOrCreate(generate)).toEqual(first);
    expect(generate).not.toHaveBeenCalled();
  });
});

describe.each(testDatabases())('SigningKeyRepository started twice at once on $name', (db) => {
  it('migrates once and agrees on one key', async () => {
    const database = await db.create();
    // Two processes: two DataSources opening (and migrating) one new database together.
    const [a, b] = await Promise.all([openDatabase(database.url), openDatabase(database.url)]);
    try {
      const results = await Promise.all([
        new SigningKeyRepository(a).getOrCreate(() => ({ kid: 'kid-a', secret: 'secret-a' })),
        new SigningKeyRepository(b).getOrCreate(() => ({ kid: 'kid-b', secret: 'secret-b' })),
      ]);
      expect(results[0]).toEqual(results[1]);
      expect(['kid-a', 'kid-b']).toContain(results[0].kid);
    } finally {
      await a.destroy();
      await b.destroy();
      await database.drop();
    }
  });
});
