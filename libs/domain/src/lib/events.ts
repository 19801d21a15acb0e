import type { Id, LocalDateTime } from './values';

/**
 * Outbox events (CONTRACT §5): written in the same transaction as the change they describe,
 * delivered later by the notifier.
 */
export const EVENT_TYPES = [
  'ticket.created',
  'ticket.status_changed',
  'disposal_ticket.voided',
  'pickup.missed',
  'case.opened',
  'case.closed',
  'invoice.issued',
  'preferences.changed',
  'contacts.changed',
  'pickup.reminder',
  'pickup.moved',
  'route.alert',
] as const;
export type EventType = (typeof EVENT_TYPES)[number];

export const EVENT_STATES = ['pending', 'delivered', 'dead'] as const;
export type EventState = (typeof EVENT_STATES)[number];

export interface NewEvent {
  customerId: Id;
  type: EventType;
  /** What changed, for the message: e.g. `{ ticketId, from, to }`. */
  payload: Record<string, string | null>;
}

export interface OutboxEvent extends NewEvent {
  id: number;
  state: EventState;
  attempts: number;
  createdAt: LocalDateTime;
  nextAttemptAt: LocalDateTime;
  lastError: string | null;
  /** The W3C `traceparent` of what wrote it (a request, a notice run), when it was traced; null otherwise. */
  traceparent: string | null;
}
