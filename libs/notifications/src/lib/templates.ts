import { formatShortDay, type EventType, type NewEvent } from '@curbside/domain';

/** A message in the forms every channel needs. */
export interface Message {
  subject: string;
  text: string;
  html: string;
}

type Payload = NewEvent['payload'];

/** The record an event is about and what happened to it: the first line of every message. */
const HEADLINES: Record<EventType, (payload: Payload) => string> = {
  'ticket.created': (p) => REQUEST_RECEIVED[p['requestType'] ?? '']?.(p) ?? `Service ticket ${p['ticketId']} was created (status ${p['status']})`,
  'ticket.status_changed': (p) => `Service ticket ${p['ticketId']} is now ${p['to']} (was ${p['from']})`,
  'disposal_ticket.voided': (p) =>
    `Disposal ticket ${recordId(p, 'ticketId')} was voided` +
    (p['replaceTicketId'] ? `; it is replaced by ticket ${p['replaceTicketId']}` : ''),
  'pickup.missed': (p) => `Pickup ${recordId(p, 'pickupId')} was missed`,
  'case.opened': (p) => `Case ${p['caseId']} was opened`,
  'case.closed': (p) => `Case ${p['caseId']} was closed`,
  'invoice.issued': (p) =>
    `Invoice ${p['invoiceId']} was issued on ${p['date']}` + (p['amount'] ? ` for ${p['amount']}` : ''),
  'preferences.changed': () => 'Communication preferences were changed',
  'contacts.changed': () => 'Contacts were changed',
};

/** A ticket a resident's request created (CONTRACT §9): what they asked for and the day, so they know it arrived. */
const REQUEST_RECEIVED: Record<string, (payload: Payload) => string> = {
  MISSED_PICKUP: (p) => `We received your missed-pickup report for ${dayOf(p)} (service ticket ${p['ticketId']})`,
  EXTRA_PICKUP: (p) => `We received your extra-pickup request for ${dayOf(p)} (service ticket ${p['ticketId']})`,
};

const dayOf = (payload: Payload): string => (payload['date'] ? formatShortDay(payload['date']) : 'the day you named');

/** The id the payload names under `key`, or else its first `…Id` value (events written by other paths). */
function recordId(payload: Payload, key: string): string {
  return payload[key] ?? Object.entries(payload).find(([name, value]) => name.endsWith('Id') && value)?.[1] ?? '(unknown)';
}

export function headline(event: NewEvent): string {
  return HEADLINES[event.type](event.payload);
}

/**
 * The message for `event`: the subject names the record and what happened; the text starts
 * with the same line (a text message or a call is that line alone).
 */
export function renderMessage(event: NewEvent): Message {
  const line = `${headline(event)}.`;
  const footer = `Customer account ${event.customerId}. You receive this because you opted in to these notifications.`;
  return {
    subject: `Curbside: ${headline(event)}`,
    text: `${line}\n\n${footer}\n`,
    html: `<!doctype html><html><body><p><strong>${escapeHtml(line)}</strong></p><p>${escapeHtml(footer)}</p></body></html>`,
  };
}

/** What a text message or a call says. */
export const shortMessage = (event: NewEvent): string => `Curbside: ${headline(event)}.`;

const escapeHtml = (text: string): string =>
  text.replace(/[&<>"']/g, (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[char] ?? char);
