import { nowLocalDateTime, type EventState, type EventType, type NewEvent, type OutboxEvent } from '@curbside/domain';
import { EntityManager } from 'typeorm';
import { EventEntity } from '../entities';
import { currentTraceparent } from '../tracing';
import { insertRows } from '../sql/insert-rows';

/** Writes outbox events within the caller's transaction, ready for delivery now. */
export async function appendEvents(manager: EntityManager, events: readonly NewEvent[]): Promise<void> {
  const now = nowLocalDateTime();
  const traceparent = currentTraceparent();
  await insertRows(
    manager,
    EventEntity,
    events.map(({ customerId, type, payload }) => ({
      customerId,
      type,
      payload: JSON.stringify(payload),
      state: 'pending',
      attempts: 0,
      createdAt: now,
      nextAttemptAt: now,
      lastError: null,
      claimedBy: null,
      claimedUntil: null,
      noticeKey: null,
      traceparent,
    })),
  );
}

export function toOutboxEvent(row: EventEntity): OutboxEvent {
  return {
    id: Number(row.id),
    customerId: row.customerId,
    type: row.type as EventType,
    payload: JSON.parse(row.payload) as OutboxEvent['payload'],
    state: row.state as EventState,
    attempts: Number(row.attempts),
    createdAt: row.createdAt,
    nextAttemptAt: row.nextAttemptAt,
    lastError: row.lastError,
    traceparent: row.traceparent ?? null,
  };
}
