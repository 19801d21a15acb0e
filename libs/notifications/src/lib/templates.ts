import { noticePickups, type EventType, type NewEvent, type NoticePickup } from '@curbside/domain';
import { escapeHtml, Localized, Markup, type Messages, type MessageValues, type Writer } from '@curbside/messages';

/** A message in the forms every channel needs, and the language it is written in (CONTRACT §11). */
export interface Message {
  subject: string;
  text: string;
  html: string;
  /** The language actually used, after any fallback; absent from a brand's own template: the customer's. */
  language?: string;
}

/** What a text or a call says before its ending: the first line, and the same with its details when there are any (CONTRACT §11 drops them first). */
export interface ShortText {
  /** The hauler's name and the first line, without the line's full stop: a push notice's title. */
  subject?: string;
  line: string;
  withDetails: string | null;
  /** The language actually used, after any fallback. */
  language?: string;
}

type Payload = NewEvent['payload'];

/** The payload's string values, never translated (ids, codes, enum values), for a message's placeholders. */
const valuesOf = (payload: Payload): MessageValues => Object.fromEntries(Object.entries(payload).filter((entry): entry is [string, string] => entry[1] !== null));

/** The record an event is about and what happened to it: the first line of every message, from the catalog. */
const HEADLINES: Record<EventType, (payload: Payload, write: Writer) => string> = {
  'ticket.created': (p, w) => {
    const request = p['requestType'];
    if (request !== 'MISSED_PICKUP' && request !== 'EXTRA_PICKUP') return w.text('event.ticket.created', valuesOf(p));
    const day = p['date'] ? w.date(p['date']) : new Localized(w.text('event.ticket.created.dayYouNamed'));
    return w.text(`event.ticket.created.${request}`, { ...valuesOf(p), day });
  },
  'ticket.status_changed': (p, w) => w.text('event.ticket.status_changed', valuesOf(p)),
  'disposal_ticket.voided': (p, w) =>
    w.text(p['replaceTicketId'] ? 'event.disposal_ticket.voided.replaced' : 'event.disposal_ticket.voided', { ...valuesOf(p), ticketId: recordId(p, 'ticketId') }),
  'pickup.missed': (p, w) => w.text('event.pickup.missed', { pickupId: recordId(p, 'pickupId') }),
  'case.opened': (p, w) => w.text('event.case.opened', valuesOf(p)),
  'case.closed': (p, w) => w.text('event.case.closed', valuesOf(p)),
  'invoice.issued': (p, w) => w.text(p['amount'] ? 'event.invoice.issued.amount' : 'event.invoice.issued', { ...valuesOf(p), date: w.date(p['date'] ?? '') }),
  'preferences.changed': (_p, w) => w.text('event.preferences.changed'),
  'contacts.changed': (_p, w) => w.text('event.contacts.changed'),
  'pickup.reminder': (p, w) => w.text('event.pickup.reminder', { date: w.date(p['date'] ?? '') }),
  'pickup.moved': (p, w) => w.text('event.pickup.moved', { moves: movesOf(noticePickups(p), w), holidayName: p['holidayName'] ?? '' }),
  'route.alert': (p, w) => w.text('event.route.alert', { date: w.date(p['date'] ?? ''), message: p['message'] ?? '' }),
};

/** "Thursday's pickup moves to Friday, November 27; …", one entry per move, in the writer's language. */
function movesOf(pickups: readonly NoticePickup[], w: Writer): Localized {
  const moves = [...new Set(pickups.map((p) => w.text('notice.move', { weekday: w.weekday(p.scheduledDate), date: w.date(p.date) })))];
  return new Localized(moves.join(w.text('notice.moves.separator')));
}

/** The lines after the first one: what a notice lists (services, moves); nothing for the other events. */
const DETAILS: Partial<Record<EventType, (payload: Payload, write: Writer) => string[]>> = {
  'pickup.reminder': (p, w) =>
    noticePickups(p).map((pickup) =>
      pickup.holidays.length === 0
        ? w.text('notice.reminder.service', { service: pickup.service })
        : w.text('notice.reminder.serviceMoved', { service: pickup.service, weekday: w.weekday(pickup.scheduledDate), holidays: w.list(pickup.holidays) }),
    ),
  'pickup.moved': (p, w) =>
    noticePickups(p).map((pickup) =>
      w.text('notice.moved.service', { service: pickup.service, from: w.date(pickup.scheduledDate), to: w.date(pickup.date), holidayName: p['holidayName'] ?? '' }),
    ),
};

/** What introduces a notice's list, when it has one. */
const INTRODUCTIONS: Partial<Record<EventType, (payload: Payload, write: Writer) => string>> = {
  'pickup.reminder': (p, w) => w.text('notice.reminder.intro', { count: noticePickups(p).length }),
};

/** The services a short message names after its first line, when they fit. */
const SHORT_DETAILS: Partial<Record<EventType, (payload: Payload, write: Writer) => string>> = {
  'pickup.reminder': (p, w) =>
    noticePickups(p)
      .map((pickup) => w.isolated(pickup.service))
      .join(w.text('message.details.separator')),
};

/** The id the payload names under `key`, or else its first `…Id` value (events written by other paths). */
function recordId(payload: Payload, key: string): string {
  return payload[key] ?? Object.entries(payload).find(([name, value]) => name.endsWith('Id') && value)?.[1] ?? '(unknown)';
}

/** The first line of an event's messages, in the writer's language. */
export const headline = (event: NewEvent, write: Writer): string => HEADLINES[event.type](event.payload, write);

/** Who a message is from, how its reader stops it, and the language it is written in. */
export interface Letterhead {
  /** The hauler's name (`BRAND_NAME`): the prefix of every subject and text. */
  brand: string;
  /** The email's one-click unsubscribe URL, shown in its footer; null for texts and calls. */
  unsubscribeUrl: string | null;
  /** The link to the resident's own page (CONTRACT §12), fresh for this email; null or absent: none. */
  pageUrl?: string | null;
  /** The customer's language (CONTRACT §11): the offered one they chose, else the hauler's default. */
  language: string;
  /** The catalogs the house's messages are written from. */
  messages: Messages;
}

/** `<BRAND_NAME>: ` before a subject or a text (CONTRACT §11: the brand isolated in a right-to-left language). */
const branded = (w: Writer, brand: string, text: string): string => `${w.isolated(brand)}: ${text}`;

/**
 * The email for `event`: the subject names the record and what happened, after the hauler's
 * name; the text starts with the same line; the footer says why it came and, with both parts
 * showing the same URL, how to stop it. Wholly in the customer's language or wholly in a fallback.
 */
export function renderMessage(event: NewEvent, { brand, unsubscribeUrl, pageUrl = null, language, messages }: Letterhead): Message {
  const { result, language: used } = messages.whole(language, (w) => {
    const first = headline(event, w);
    const line = w.text('message.line', { headline: new Localized(first) });
    const intro = INTRODUCTIONS[event.type]?.(event.payload, w);
    const details = DETAILS[event.type]?.(event.payload, w) ?? [];
    const why = w.text('email.why', { customerId: event.customerId, brand });
    const whyHtml = w.html('email.why', { customerId: event.customerId, brand });
    const page = pageUrl === null ? null : w.text('email.page', { url: pageUrl });
    const pageHtml = pageUrl === null ? null : w.html('email.page', { url: new Markup(link(pageUrl), pageUrl) });
    const stop = unsubscribeUrl === null ? null : w.text('email.unsubscribe', { url: unsubscribeUrl });
    const stopHtml = unsubscribeUrl === null ? null : w.html('email.unsubscribe', { url: new Markup(link(unsubscribeUrl), unsubscribeUrl) });
    const listed = details.length === 0 ? [] : ['', ...(intro ? [intro] : []), ...details.map((item) => `- ${item}`)];
    const listHtml = details.length === 0 ? '' : `${intro ? `<p>${escapeHtml(intro)}</p>` : ''}<ul>${details.map((item) => `<li>${escapeHtml(item)}</li>`).join('')}</ul>`;
    return {
      subject: branded(w, brand, first),
      text: [line, ...listed, '', ...(page === null ? [] : [page]), why, ...(stop === null ? [] : [stop]), ''].join('\n'),
      html:
        `<!doctype html><html lang="${w.language}" dir="${w.dir}"><body><p><strong>${escapeHtml(line)}</strong></p>${listHtml}` +
        `${pageHtml === null ? '' : `<p>${pageHtml}</p>`}<p>${whyHtml}</p>${stopHtml === null ? '' : `<p>${stopHtml}</p>`}</body></html>`,
    };
  });
  return { ...result, language: used };
}

/** A link that shows its URL, isolated as a never-translated run. */
const link = (url: string): string => `<bdi><a href="${escapeHtml(url)}">${escapeHtml(url)}</a></bdi>`;

/**
 * What a text message or a call says before its ending: the hauler's name and the first line,
 * and the same with the services when there are any (CONTRACT §11: dropped first when too long).
 */
export function shortMessage(event: NewEvent, brand: string, { language, messages }: Pick<Letterhead, 'language' | 'messages'>): ShortText {
  const { result, language: used } = messages.whole(language, (w) => {
    const first = branded(w, brand, headline(event, w));
    const details = SHORT_DETAILS[event.type]?.(event.payload, w);
    return {
      subject: first,
      line: w.text('message.line', { headline: new Localized(first) }),
      withDetails: details ? w.text('message.lineWithDetails', { headline: new Localized(first), details: new Localized(details) }) : null,
    };
  });
  return { ...result, language: used };
}

/**
 * A brand's own messages (docs/extending.md, "A brand's message templates"): the email of an
 * event and what a text or a call says (a string, or the house's `ShortText`). Given as
 * `templates` in the notifier's options; the notifier still adds what the contract requires
 * whatever they say: an email's unsubscribe header (CONTRACT §10) and a text's ending naming STOP
 * within its segments (§11).
 */
export interface MessageTemplates {
  email(event: NewEvent, letterhead: Letterhead): Message;
  short(event: NewEvent, brand: string, letterhead: Letterhead): string | ShortText;
}

/** The house's messages, the default. */
export const HOUSE_TEMPLATES: MessageTemplates = { email: renderMessage, short: (event, brand, letterhead) => shortMessage(event, brand, letterhead) };

export { escapeHtml };
