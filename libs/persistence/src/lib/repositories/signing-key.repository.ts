import { DataSource, EntityManager } from 'typeorm';
import { inRead, inTransaction } from '../database/index';
import { SigningKeyEntity } from '../entities';

export interface SigningKey {
  kid: string;
  secret: string;
}

/** A stored key and the moment it became the key tokens are signed with. */
export interface StoredSigningKey extends SigningKey {
  createdAt: Date;
}

/** The key tokens are signed with, and the one it replaced (still verifying until its tokens expire). */
export interface SigningKeys {
  current: StoredSigningKey;
  previous: StoredSigningKey | null;
}

/** The purposes are the slots: the key in use, and the key it replaced at the last rotation. */
const CURRENT = 'access-tokens';
const PREVIOUS = 'access-tokens:previous';

export class SigningKeyRepository {
  constructor(private readonly dataSource: DataSource) {}

  /**
   * The stored keys for access tokens, creating the current one with `generate` on first use.
   * Safe when two processes start at once: both insert-if-absent on the same primary key, then
   * both read the one row that won.
   */
  async getOrCreate(generate: () => SigningKey, now: Date = new Date()): Promise<SigningKeys> {
    const existing = await this.findAll();
    if (existing) return existing;
    await inTransaction(this.dataSource, (manager) => insertIfAbsent(manager, CURRENT, generate(), now));
    const stored = await this.findAll();
    if (stored === null) throw new Error('the signing key could not be stored');
    return stored;
  }

  /**
   * The stored key of another `purpose` (e.g. the unsubscribe links'), made with `generate` on
   * first use, never rotated: what it signs must stay valid for good. Safe when two processes
   * start at once, like `getOrCreate`.
   */
  async keyFor(purpose: string, generate: () => SigningKey, now: Date = new Date()): Promise<SigningKey> {
    const find = () => inRead(this.dataSource, (manager) => manager.findOneBy(SigningKeyEntity, { purpose }));
    const existing = await find();
    if (existing) return { kid: existing.kid, secret: existing.secret };
    await inTransaction(this.dataSource, (manager) => insertIfAbsent(manager, purpose, generate(), now));
    const stored = await find();
    if (stored === null) throw new Error(`the ${purpose} key could not be stored`);
    return { kid: stored.kid, secret: stored.secret };
  }

  /**
   * Makes `next` the current key and the current one the previous; the key before that is
   * dropped. Returns false, changing nothing, when the current key is no longer `expectedKid`
   * (another rotation won).
   */
  async rotate(expectedKid: string, next: SigningKey, now: Date = new Date()): Promise<boolean> {
    return inTransaction(this.dataSource, async (manager) => {
      const current = await manager.findOneBy(SigningKeyEntity, { purpose: CURRENT });
      if (current === null || current.kid !== expectedKid) return false;
      await manager.delete(SigningKeyEntity, { purpose: PREVIOUS });
      await manager.update(SigningKeyEntity, { purpose: CURRENT }, { purpose: PREVIOUS });
      await insertIfAbsent(manager, CURRENT, next, now);
      return true;
    });
  }

  private findAll(): Promise<SigningKeys | null> {
    return inRead(this.dataSource, async (manager) => {
      const rows = await manager.findBy(SigningKeyEntity, [{ purpose: CURRENT }, { purpose: PREVIOUS }]);
      const current = rows.find((row) => row.purpose === CURRENT);
      const previous = rows.find((row) => row.purpose === PREVIOUS);
      return current ? { current: stored(current), previous: previous ? stored(previous) : null } : null;
    });
  }
}

async function insertIfAbsent(manager: EntityManager, purpose: string, key: SigningKey, now: Date): Promise<void> {
  // An instant (ISO 8601 with Z), not a zoneless local time: retirement is computed from it by
  // every instance, wherever its clock's zone.
  const row = { purpose, kid: key.kid, secret: key.secret, createdAt: now.toISOString() };
  await manager.createQueryBuilder().insert().into(SigningKeyEntity).values(row).orIgnore().execute();
}

function stored(row: SigningKeyEntity): StoredSigningKey {
  return { kid: row.kid, secret: row.secret, createdAt: new Date(row.createdAt) };
}
