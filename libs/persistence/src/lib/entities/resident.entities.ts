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

/**
 * A request form of a resident's page that made a ticket (CONTRACT §12): the form's own key, so
 * that the same form sent again is answered with that ticket instead of making a second one.
 */
@Entity('resident_form_keys')
export class ResidentFormKeyEntity {
  @KeyText() customerId!: string;
  @KeyText() formKey!: string;
  @Text() ticketId!: string;
  @Text() createdAt!: string;
}
