import { Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn } from 'typeorm';
import { Integer, KeyText, NullableInteger, NullableText, Text } from './columns';
import { ApiClientEntity } from './api-client.entities';

/**
 * One message of one event to one destination: a customer's selection (Email, Text, Voice)
 * or an integrator's webhook. The notifier makes them when it fans an event out, then
 * claims them like events (`claimed_by`/`claimed_until`), sends, and marks each one.
 * `idempotency_key` is unique: fanning one event out twice cannot make a second delivery.
 */
@Entity('deliveries')
@Index(['customerId', 'deliveredAt'])
@Index(['idempotencyKey'], { unique: true })
@Index('idx_deliveries_pending_id', ['id'], { where: `"state" = 'pending'` })
@Index('idx_deliveries_pending_channel_id', ['channel', 'id'], { where: `"state" = 'pending'` })
@Index('idx_deliveries_dead_id', ['id'], { where: `"state" = 'dead'` })
@Index('idx_deliveries_suppressed_id', ['id'], { where: `"state" = 'suppressed'` })
export class DeliveryEntity {
  @PrimaryGeneratedColumn() id!: number;
  @Integer() eventId!: number;
  @Text() customerId!: string;
  @Text() channel!: string;
  @Text() address!: string;
  @NullableText() selectionType!: string | null;
  @NullableText() webhookId!: string | null;
  @Text() idempotencyKey!: string;
  @NullableText() subject!: string | null;
  /** A webhook's JSON body; null for a customer's message, which the notifier renders from the event when it sends it. */
  @NullableText() body!: string | null;
  @NullableText() html!: string | null;
  @Text() state!: string;
  @Integer() attempts!: number;
  @Text() createdAt!: string;
  @Text() nextAttemptAt!: string;
  @NullableText() deliveredAt!: string | null;
  @NullableText() lastError!: string | null;
  @NullableText() claimedBy!: string | null;
  @NullableText() claimedUntil!: string | null;
  /** An email's `List-Unsubscribe` URL (CONTRACT §10); null for texts, calls and webhooks. */
  @NullableText() listUnsubscribe!: string | null;
  /** The language its message was written in, after any fallback (CONTRACT §11); null until sent, and for webhooks. */
  @NullableText() language!: string | null;
  /** A text's encoding, `GSM-7` or `UCS-2` (CONTRACT §11); null for the other channels. */
  @NullableText() encoding!: string | null;
  /** A text's segments as carriers bill them (CONTRACT §11); null for the other channels. */
  @NullableInteger() segments!: number | null;
  /** The W3C trace context its send continues (the fan-out's or the notice run's); null when tracing was off. */
  @NullableText() traceparent!: string | null;
}

/**
 * An address no email is sent to any more (CONTRACT §10): it was refused for good (SMTP 5xx at
 * RCPT or after DATA). Keyed by the address in lower case; lifted by an operator, or when a PUT
 * sets that address again.
 */
@Entity('suppressions')
export class SuppressionEntity {
  @KeyText() address!: string;
  @Text() reason!: string;
  @NullableInteger() deliveryId!: number | null;
  @Text() createdAt!: string;
}

/** An integrator's endpoint for the events of the customers its client is granted. */
@Entity('webhooks')
export class WebhookEntity {
  @KeyText() id!: string;
  @Text() clientId!: string;
  @Text() url!: string;
  /** Kept in clear: the notifier signs with it. */
  @Text() secret!: string;
  /** Comma-separated event types; null for all. */
  @NullableText() events!: string | null;
  @Text() createdAt!: string;

  @ManyToOne(() => ApiClientEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'client_id' })
  client?: ApiClientEntity;
}
