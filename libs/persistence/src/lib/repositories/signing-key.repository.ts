import { nowLocalDateTime } from '@curbside/domain';
import { DataSource } from 'typeorm';
import { inRead, inTransaction } from '../database';
import { SigningKeyEntity } from '../entities';

export interface SigningKey {
  kid: string;
  secret: string;
}

/** The one purpose keys are stored for today. */
const ACCESS_TOKENS = 'access-tokens';

export class SigningKeyRepository {
  constructor(private readonly dataSource: DataSource) {}

  /**
   * The stored key for access tokens, creating it with `generate` on first use. Safe when two
   * processes start at once: both insert-if-absent on the same primary key, then both read
   * the one row that won.
   */
  async getOrCreate(generate: () => SigningKey): Promise<SigningKey> {
    const existing = await this.find();
    if (existing) return existing;
    const { kid, secret } = generate();
    await inTransaction(this.dataSource, (manager) =>
      manager
        .createQueryBuilder()
        .insert()
        .into(SigningKeyEntity)
        .values({ purpose: ACCESS_TOKENS, kid, secret, createdAt: nowLocalDateTime() })
        .orIgnore()
        .execute(),
    );
    const stored = await this.find();
    if (stored === null) throw new Error('the signing key could not be stored');
    return stored;
  }

  private async find(): Promise<SigningKey | null> {
    const row = await inRead(this.dataSource, (manager) => manager.findOneBy(SigningKeyEntity, { purpose: ACCESS_TOKENS }));
    return row && { kid: row.kid, secret: row.secret };
  }
}
