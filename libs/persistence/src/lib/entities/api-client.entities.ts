import { Column, Entity, JoinColumn, ManyToOne } from 'typeorm';
import { Bool, KeyText, NullableText, Text } from './columns';

/** A registered API caller; the secret is stored only as a hash. */
@Entity('api_clients')
export class ApiClientEntity {
  @KeyText() clientId!: string;
  @Text() name!: string;
  @Text() secretHash!: string;
  @Bool() allCustomers!: boolean;
  @Text() createdAt!: string;
  @NullableText() revokedAt!: string | null;
  /** May introspect tokens; clients registered before the flag existed are not resource servers. */
  @Column({ type: 'boolean', default: false }) resourceServer!: boolean;
}

/** The customers a client may use, when it is not granted all of them. */
@Entity('api_client_customers')
export class ApiClientCustomerEntity {
  @KeyText() clientId!: string;
  @KeyText() customerId!: string;

  @ManyToOne(() => ApiClientEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'client_id' })
  client?: ApiClientEntity;
}

/**
 * Keys for signing access tokens, one per purpose. The purpose is the key so that two
 * processes starting at once agree on one key (insert-if-absent, then read).
 */
@Entity('signing_keys')
export class SigningKeyEntity {
  @KeyText() purpose!: string;
  @Text() kid!: string;
  @Text() secret!: string;
  @Text() createdAt!: string;
}

/**
 * A calendar feed link an operator revoked (`feeds revoke`): the link's id (its token's `jti`)
 * and whom it was for. A link needs no row to work; only a revoked one has one.
 */
@Entity('feed_link_revocations')
export class FeedLinkRevocationEntity {
  @KeyText() linkId!: string;
  @Text() clientId!: string;
  @Text() customerId!: string;
  @Text() revokedAt!: string;
}
