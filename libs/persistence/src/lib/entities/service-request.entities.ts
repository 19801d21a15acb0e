import { Entity, Index, JoinColumn, ManyToOne } from 'typeorm';
import { ApiClientEntity } from './api-client.entities';
import { Integer, KeyText, NullableText, Text } from './columns';
import { BelongsToCustomer, CustomerEntity } from './customer.entities';

/**
 * A resident's request (CONTRACT §9) and the ticket it created. `request_key` is unique per
 * customer and service (see `requestKey` in the domain), so the database itself refuses a second
 * report of one missed pickup or a booking over the monthly limit; `ticket_number` is unique
 * across customers, so no two requests make the same ticket id.
 */
@Entity('service_requests')
@Index(['customerId', 'serviceId', 'requestKey'], { unique: true })
@Index(['ticketNumber'], { unique: true })
export class ServiceRequestEntity {
  @KeyText() customerId!: string;
  @KeyText() ticketId!: string;
  @Integer() ticketNumber!: number;
  @Text() type!: string;
  @Text() serviceId!: string;
  @Text() date!: string;
  @Text() requestKey!: string;
  @BelongsToCustomer() owner?: CustomerEntity;
}

/**
 * The answer to a request sent with an `Idempotency-Key`, kept for replays of that key by the
 * same client for 24 hours. `fingerprint` identifies the request the key was first used for.
 * `created_at` is an ISO-8601 UTC instant (expiry is a matter of elapsed time, not of TIME_ZONE).
 */
@Entity('idempotency_keys')
export class IdempotencyKeyEntity {
  @KeyText() clientId!: string;
  @KeyText() key!: string;
  @Text() fingerprint!: string;
  @Integer() status!: number;
  @NullableText() location!: string | null;
  @Text() body!: string;
  @Text() createdAt!: string;

  @ManyToOne(() => ApiClientEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'client_id' })
  client?: ApiClientEntity;
}
