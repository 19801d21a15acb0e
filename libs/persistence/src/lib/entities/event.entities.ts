import { Entity, Index, PrimaryGeneratedColumn } from 'typeorm';
import { Integer, NullableText, Text } from './columns';

/**
 * The outbox: events written in the same transaction as the change they describe.
 * Workers claim a pending event by setting `claimed_by`/`claimed_until`.
 */
@Entity('events')
@Index(['customerId', 'id'])
@Index(['noticeKey'], { unique: true })
@Index('idx_events_pending_id', ['id'], { where: `"state" = 'pending'` })
@Index('idx_events_dead_id', ['id'], { where: `"state" = 'dead'` })
export class EventEntity {
  @PrimaryGeneratedColumn() id!: number;
  @Text() customerId!: string;
  @Text() type!: string;
  /** JSON text. */
  @Text() payload!: string;
  @Text() state!: string;
  @Integer() attempts!: number;
  @Text() createdAt!: string;
  @Text() nextAttemptAt!: string;
  @NullableText() lastError!: string | null;
  @NullableText() claimedBy!: string | null;
  @NullableText() claimedUntil!: string | null;
  /** A notice's key (CONTRACT §8): one event per customer and day, holiday or alert. Null for changes. */
  @NullableText() noticeKey!: string | null;
  /** The W3C trace context of the request or notice run that wrote it; null when tracing was off. */
  @NullableText() traceparent!: string | null;
}
