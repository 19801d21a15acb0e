import { Entity, Index, PrimaryGeneratedColumn } from 'typeorm';
import { Integer, NullableText, Text } from './columns';

/**
 * Where one outbox subscriber (a team's own process, docs/extending.md) is in one customer's
 * events: the last event it handled (`position`), and the outbox's claim columns, so that its
 * instances share the customers with `claimDueRows` (a lease, SKIP LOCKED) and each customer's
 * events go to one instance at a time, in order. `idle`: caught up; `pending`: events to handle.
 */
@Entity('outbox_subscriber_cursors')
@Index(['subscriber', 'customerId'], { unique: true })
@Index(['state', 'nextAttemptAt'])
export class SubscriberCursorEntity {
  @PrimaryGeneratedColumn() id!: number;
  @Text() subscriber!: string;
  @Text() customerId!: string;
  @Integer() position!: number;
  /** The newest event of the customer it has seen. */
  @Integer() latest!: number;
  @Text() state!: string;
  @Integer() attempts!: number;
  @Text() nextAttemptAt!: string;
  @NullableText() lastError!: string | null;
  @NullableText() claimedBy!: string | null;
  @NullableText() claimedUntil!: string | null;
}
