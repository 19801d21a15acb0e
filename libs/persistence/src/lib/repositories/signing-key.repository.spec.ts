import { testDatabases } from '@curbside/testing';
import { openDatabase } from '../database/index';
import { useDatabase } from '../../../test/support/database';
import { SigningKeyRepository } from './signing-key.repository';

describe.each(testDatabases())('SigningKeyRepository on $name', (db) => {
  const dataSource = useDatabase(db);

  const created = new Date('2026-01-01T00:00:00.000Z');

  it('creates the key on first use and returns the same key afterwards', async () => {
    const keys = new SigningKeyRepository(dataSource());
    const first = await keys.getOrCreate(() => ({ kid: 'kid-1', secret: 'secret-1' }), created);
    expect(first).toEqual({ current: { kid: 'kid-1', secret: 'secret-1', createdAt: created }, previous: null });
    const generate = jest.fn(() => ({ kid: 'kid-2', secret: 'secret-2' }));
    expect(await keys.getOrCreate(generate)).toEqual(first);
    expect(generate).not.toHaveBeenCalled();
  });

  it('rotates: the new key becomes current, the current one previous, the one before is dropped', async () => {
    const keys = new SigningKeyRepository(dataSource());
    const { current } = await keys.getOrCreate(() => ({ kid: 'unused', secret: 'unused' }));
    const rotated = new Date('2026-02-01T00:00:00.000Z');
    expect(await keys.rotate(current.kid, { kid: 'kid-3', secret: 'secret-3' }, rotated)).toBe(true);
    expect(await keys.getOrCreate(() => ({ kid: 'unused', secret: 'unused' }))).toEqual({
      current: { kid: 'kid-3', secret: 'secret-3', createdAt: rotated },
      previous: current,
    });
    expect(await keys.rotate('kid-3', { kid: 'kid-4', secret: 'secret-4' }, rotated)).toBe(true);
    const { previous } = await keys.getOrCreate(() => ({ kid: 'unused', secret: 'unused' }));
    expect(previous?.kid).toBe('kid-3');
  });

  it('changes nothing when another rotation won (the current key is not the one expected)', async () => {
    const keys = new SigningKeyRepository(dataSource());
    const before = await keys.getOrCreate(() => ({ kid: 'unused', secret: 'unused' }));
    expect(await keys.rotate('kid-stale', { kid: 'kid-5', secret: 'secret-5' })).toBe(false);
    expect(await keys.getOrCreate(() => ({ kid: 'unused', secret: 'unused' }))).toEqual(before);
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
      expect(['kid-a', 'kid-b']).toContain(keyA.current.kid);
    } finally {
      await a.destroy();
      await b.destroy();
      await database.drop();
    }
  });
});
