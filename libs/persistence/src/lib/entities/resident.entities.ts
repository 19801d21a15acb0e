import { Entity, Index } from 'typeorm';
import { KeyText, Text } from './columns';

/**
 * A resident's page link or page session (CONTRACT §12). Only the token's SHA-256 is kept: a
 * copy of the table opens no page. `kind` is `link` (in an email, exchanged at `/my/{token}`)
 * or `session` (the cookie it is exchanged for); instants are ISO 8601 in UTC.
 */
@Entity('resident_tokens')
@Index(['customerId'])
export class ResidentTokenEntity {
  @KeyText() tokenHash!: string;
  @Text() kind!: string;
  @Text() customerId!: string;
  @Text() createdAt!: string;
  @Text() expiresAt!: string;
}
