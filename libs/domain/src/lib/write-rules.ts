import type { CustomerLanguage, LanguageTag } from './languages';
import type { Case, DisposalTicket, Invoice, ServiceTicket, TicketStatus } from './customer';
import type { Pickup } from './pickups';
import type { NewEvent } from './events';
import type { Id, LocalDateTime } from './values';

/*
 * What a change means: the stamps it sets and the outbox events it writes (CONTRACT §5).
 * Every door (CLI, API, importer) goes through these; repositories only load and save.
 * Payload values are strings (or null), ready for a message template.
 */

export const ticketStatusChanged = (customerId: Id, ticketId: Id, from: TicketStatus, to: TicketStatus): NewEvent => ({
  customerId,
  type: 'ticket.status_changed',
  payload: { ticketId, from, to },
});

export interface TicketStatusChange {
  ticket: ServiceTicket;
  from: TicketStatus;
  events: NewEvent[];
}

/**
 * Moves a ticket to `status` at `at`, by `by`: closing stamps closedAt/closedBy, reopening
 * clears them, every change stamps loggedAt. An unchanged status changes nothing (no events).
 */
export function applyTicketStatus(
  customerId: Id,
  ticket: ServiceTicket,
  status: TicketStatus,
  at: LocalDateTime,
  by: string,
): TicketStatusChange {
  const from = ticket.status;
  if (from === status) return { ticket, from, events: [] };
  const closing = status === 'CLOSED' ? { closedAt: at, closedBy: by } : {};
  const reopening = from === 'CLOSED' && status !== 'VOIDED' ? { closedAt: null, closedBy: null } : {};
  return {
    ticket: { ...ticket, status, loggedAt: at, ...closing, ...reopening },
    from,
    events: [ticketStatusChanged(customerId, ticket.id, from, status)],
  };
}

export function ticketEvents(customerId: Id, before: ServiceTicket | undefined, after: ServiceTicket): NewEvent[] {
  if (before === undefined)
    return [{ customerId, type: 'ticket.created', payload: { ticketId: after.id, status: after.status } }];
  return before.status === after.status ? [] : [ticketStatusChanged(customerId, after.id, before.status, after.status)];
}

/** A case that appears or changes status is opened or closed by its (new) status. */
export function caseEvents(customerId: Id, before: Case | undefined, after: Case): NewEvent[] {
  if (before !== undefined && before.status === after.status) return [];
  return [
    {
      customerId,
      type: after.status === 'CLOSED' ? 'case.closed' : 'case.opened',
      payload: { caseId: after.id, from: before?.status ?? null, to: after.status },
    },
  ];
}

export function invoiceEvents(customerId: Id, before: Invoice | undefined, after: Invoice): NewEvent[] {
  return before === undefined
    ? [{ customerId, type: 'invoice.issued', payload: { invoiceId: after.id, date: after.date, amount: after.amount } }]
    : [];
}

/** `modifiedBy` is who changed them, or null when an import did. */
export const preferencesChanged = (customerId: Id, modifiedBy: string | null): NewEvent => ({
  customerId,
  type: 'preferences.changed',
  payload: { modifiedBy },
});

/**
 * A customer's language set to `language` (an offered tag in canonical form, or null to clear it) by
 * `modifiedBy` at `at` (CONTRACT §11): the language stamped, and a `preferences.changed` event. The
 * language it already has changes nothing (no stamp, no event).
 */
export function applyLanguage(
  customerId: Id,
  current: CustomerLanguage,
  language: LanguageTag | null,
  modifiedBy: string,
  at: LocalDateTime,
): { language: CustomerLanguage; events: NewEvent[] } {
  if (current.language === language) return { language: current, events: [] };
  return { language: { language, modifiedBy, modifiedAt: at }, events: [preferencesChanged(customerId, modifiedBy)] };
}

/** PUT contacts: which contacts it set, e.g. `billing,service`. */
export const contactsChanged = (customerId: Id, types: readonly string[]): NewEvent => ({
  customerId,
  type: 'contacts.changed',
  payload: { types: types.join(',') },
});

/** `pickup.missed` when a pickup record arrives as, or changes to, `Confirmed Negative`. */
export function pickupEvents(customerId: Id, before: Pickup | undefined, after: Pickup): NewEvent[] {
  const missed = after.status === 'Confirmed Negative' && before?.status !== 'Confirmed Negative';
  if (!missed) return [];
  const { serviceId, plannedDate, ticketNumber, exceptionReasonCode } = after;
  return [{ customerId, type: 'pickup.missed', payload: { serviceId, plannedDate, ticketNumber, exceptionReasonCode } }];
}

/** `disposal_ticket.voided` when a disposal ticket becomes VOIDED or gets a (new) replace_ticket_id. */
export function disposalTicketEvents(customerId: Id, before: DisposalTicket | undefined, after: DisposalTicket): NewEvent[] {
  const voided = after.status === 'VOIDED' && before?.status !== 'VOIDED';
  const replaced = after.replaceTicketId !== null && after.replaceTicketId !== (before?.replaceTicketId ?? null);
  if (!voided && !replaced) return [];
  return [
    {
      customerId,
      type: 'disposal_ticket.voided',
      payload: { ticketId: after.id, status: after.status, replaceTicketId: after.replaceTicketId },
    },
  ];
}
