import {
  formatNoticeDate,
  noticePickups,
  SHORT_MESSAGE_MAX,
  TEXT_OPT_OUT_LINE,
  weekdayName,
  weekdayOf,
  withOptOutLine,
  type EventType,
  type NewEvent,
  type NoticePickup,
} from '@curbside/domain';

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
  'pickup.reminder': (p) => `Reminder: pickup on ${formatNoticeDate(p['date'] ?? '')}`,
  'pickup.moved': (p) => `Holiday schedule: ${movesOf(noticePickups(p))} (${p['holidayName']})`,
  'route.alert': (p) => `Route alert for ${formatNoticeDate(p['date'] ?? '')}: ${p['message']}`,
};

/** A ticket a resident's request created (CONTRACT §9): what they asked for and the day, so they know it arrived. */
const REQUEST_RECEIVED: Record<string, (payload: Payload) => string> = {
  MISSED_PICKUP: (p) => `We received your missed-pickup report for ${dayOf(p)} (service ticket ${p['ticketId']})`,
  EXTRA_PICKUP: (p) => `We received your extra-pickup request for ${dayOf(p)} (service ticket ${p['ticketId']})`,
};

const dayOf = (payload: Payload): string => (payload['date'] ? formatNoticeDate(payload['date']) : 'the day you named');

/** "Thursday's pickup moves to Friday, Nov 27; Friday's pickup moves to Saturday, Nov 28", one entry per move. */
function movesOf(pickups: readonly NoticePickup[]): string {
  const moves = [...new Set(pickups.map((p) => `${weekdayName(weekdayOf(p.scheduledDate))}'s pickup moves to ${formatNoticeDate(p.date)}`))];
  return moves.join('; ');
}

/** The lines after the first one: what a notice lists (services, moves); nothing for the other events. */
const DETAILS: Partial<Record<EventType, (payload: Payload) => string[]>> = {
  'pickup.reminder': (p) =>
    noticePickups(p).map(
      (pickup) =>
        `- ${pickup.service}` +
        (pickup.holidays.length > 0 ? ` (moved from ${weekdayName(weekdayOf(pickup.scheduledDate))} for ${pickup.holidays.join(' and ')})` : ''),
    ),
  'pickup.moved': (p) =>
    noticePickups(p).map(
      (pickup) => `- ${pickup.service}: ${formatNoticeDate(pickup.scheduledDate)} moves to ${formatNoticeDate(pickup.date)} (${p['holidayName']})`,
    ),
};

/** The services a short message names after its first line, when they fit. */
const SHORT_DETAILS: Partial<Record<EventType, (payload: Payload) => string>> = {
  'pickup.reminder': (p) => noticePickups(p).map((pickup) => pickup.service).join(', '),
};

/** The id the payload names under `key`, or else its first `…Id` value (events written by other paths). */
function recordId(payload: Payload, key: string): string {
  return payload[key] ?? Object.entries(payload).find(([name, value]) => name.endsWith('Id') && value)?.[1] ?? '(unknown)';
}

export function headline(event: NewEvent): string {
  let line = headlines.get(event);
  if (line === undefined) headlines.set(event, (line = HEADLINES[event.type](event.payload)));
  return line;
}

/** Each event's headline, made once: every message of an event (email subject and text, a text message) starts with it. */
const headlines = new WeakMap<NewEvent, string>();

/** Who a message is from and how its reader stops it (CONTRACT §10). */
export interface Letterhead {
  /** The hauler's name (`BRAND_NAME`): the prefix of every subject and text. */
  brand: string;
  /** The email's one-click unsubscribe URL, shown in its footer; null for texts and calls. */
  unsubscribeUrl: string | null;
}

/**
 * The email for `event`: the subject names the record and what happened, after the hauler's
 * name; the text starts with the same line; the footer says why it came and, with both parts
 * showing the same URL, how to stop it.
 */
export function renderMessage(event: NewEvent, { brand, unsubscribeUrl }: Letterhead): Message {
  const line = `${headline(event)}.`;
  const details = DETAILS[event.type]?.(event.payload) ?? [];
  const why = `Customer account ${event.customerId}. You receive this because you opted in to these notifications from ${brand}.`;
  const stop = unsubscribeUrl === null ? [] : [`Unsubscribe from these emails: ${unsubscribeUrl}`];
  const list = details.length === 0 ? '' : `<ul>${details.map((item) => `<li>${escapeHtml(item.slice(2))}</li>`).join('')}</ul>`;
  const stopHtml = unsubscribeUrl === null ? '' : `<p>Unsubscribe from these emails: <a href="${escapeHtml(unsubscribeUrl)}">${escapeHtml(unsubscribeUrl)}</a></p>`;
  return {
    subject: `${brand}: ${headline(event)}`,
    text: [line, ...(details.length === 0 ? [] : ['', ...details]), '', why, ...stop, ''].join('\n'),
    html: `<!doctype html><html><body><p><strong>${escapeHtml(line)}</strong></p>${list}<p>${escapeHtml(why)}</p>${stopHtml}</body></html>`,
  };
}

/**
 * What a text message or a call says: the hauler's name, the first line (and the services, when
 * they fit), and the opt-out line, at most 160 characters in all (a longer line is cut with `…`).
 */
export function shortMessage(event: NewEvent, brand: string): string {
  const line = `${brand}: ${headline(event)}`;
  const details = SHORT_DETAILS[event.type]?.(event.payload);
  const room = SHORT_MESSAGE_MAX - TEXT_OPT_OUT_LINE.length;
  const full = details ? `${line}: ${details}.` : `${line}.`;
  if (full.length <= room) return withOptOutLine(full);
  return withOptOutLine(`${line}.`.length <= room ? `${line}.` : line);
}

/**
 * A brand's own messages (docs/extending.md, "A brand's message templates"): the email of an
 * event and what a text or a call says. Given as `templates` in the notifier's options; the
 * notifier still adds what the contract requires whatever they say: an email's unsubscribe
 * header (CONTRACT §10) and a text's opt-out line within 160 characters.
 */
export interface MessageTemplates {
  email(event: NewEvent, letterhead: Letterhead): Message;
  short(event: NewEvent, brand: string): string;
}

/** The house's messages, the default. */
export const HOUSE_TEMPLATES: MessageTemplates = { email: renderMessage, short: shortMessage };

/** A text as sent: the template's, with the opt-out line (CONTRACT §10) when it lacks one, within 160 characters. */
export const shortWithOptOut = (text: string): string =>
  text.endsWith(TEXT_OPT_OUT_LINE) && text.length <= SHORT_MESSAGE_MAX ? text : withOptOutLine(text.endsWith(TEXT_OPT_OUT_LINE) ? text.slice(0, -TEXT_OPT_OUT_LINE.length) : text);

/** Text made safe for HTML content and attribute values. */
export const escapeHtml = (text: string): string =>
  text.replace(/[&<>"']/g, (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[char] ?? char);
