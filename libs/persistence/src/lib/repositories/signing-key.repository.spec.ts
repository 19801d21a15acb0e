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

describe.each(testDatabases())('SigningKeyRepository in two processes starting at once on $name', (db) => {
  it('agrees on one key', async () => {
    const database = await db.create();
    // Two DataSources on one new database stand for two processes; on PostgreSQL they migrate
    // and create the key at the same time. better-sqlite3 is synchronous: two connections in
    // one process cannot wait for each other's write lock, so there they take turns.
    const together = db.name === 'postgres';
    const both = async <T>(first: () => Promise<T>, second: () => Promise<T>): Promise<[T, T]> =>
      together ? Promise.all([first(), second()]) : [await first(), await second()];

    const [a, b] = await both(
      () => openDatabase(database.url),
      () => openDatabase(database.url),
    );
    try {
      const [keyA, keyB] = await both(
        () => new SigningKeyRepository(a).getOrCreate(() => ({ kid: 'kid-a', secret: 'secret-a' })),
        () => new SigningKeyRepository(b).getOrCreate(() => ({ kid: 'kid-b', secret: 'secret-b' })),
      );
      expect(keyA).toEqual(keyB);
      expect(['kid-a', 'kid-b']).toContain(keyA.kid);
    } finally {
      await a.destroy();
      await b.destroy();
      await database.drop();
    }
  });
});
