import type { NewEvent } from '@curbside/domain';
import { fitText, loadMessages, type Messages } from '@curbside/messages';
import { renderMessage, shortMessage as shortParts, type Letterhead } from './templates';

const ALL = ['en', 'es', 'zh-Hans', 'zh-Hant', 'vi', 'tl', 'ko', 'ar'];
let messages: Messages;
let CURBSIDE: Letterhead;
beforeAll(async () => {
  messages = await loadMessages({ languages: ALL });
  CURBSIDE = { brand: 'Curbside', unsubscribeUrl: 'http://localhost:3000/unsubscribe/token', language: 'en', messages };
});
const brand = (name: string, unsubscribeUrl: string): Letterhead => ({ ...CURBSIDE, brand: name, unsubscribeUrl });

/** The text as the renderer sends it (CONTRACT §11): the parts fitted to the segments with the language's ending. */
function shortMessage(event: NewEvent, name: string, language = 'en'): string {
  const parts = shortParts(event, name, { language, messages });
  const used = parts.language ?? language;
  return fitText(used, parts.line, parts.withDetails, ` ${messages.format(used, 'text.ending').text}`).text;
}

const event = (type: NewEvent['type'], payload: NewEvent['payload']): NewEvent => ({ customerId: '1000001', type, payload });

describe('renderMessage', () => {
  it.each([
    [event('ticket.created', { ticketId: '5009', status: 'OPEN' }), 'Service ticket 5009 was created (status OPEN)'],
    [
      event('ticket.created', { ticketId: '90000001', status: 'PENDING', loadType: 'MIS', requestType: 'MISSED_PICKUP', serviceId: '5001', date: '2026-11-26' }),
      'We received your missed-pickup report for Thursday, November 26 (service ticket 90000001)',
    ],
    [
      event('ticket.created', { ticketId: '90000002', status: 'PENDING', loadType: 'XPU', requestType: 'EXTRA_PICKUP', serviceId: '5001', date: '2026-12-03' }),
      'We received your extra-pickup request for Thursday, December 3 (service ticket 90000002)',
    ],
    [event('ticket.status_changed', { ticketId: '5003', from: 'OPEN', to: 'CLOSED' }), 'Service ticket 5003 is now CLOSED (was OPEN)'],
    [event('disposal_ticket.voided', { ticketId: '88', replaceTicketId: '89' }), 'Disposal ticket 88 was voided; it is replaced by ticket 89'],
    [event('pickup.missed', { pickupId: '4401' }), 'Pickup 4401 was missed'],
    [event('case.opened', { caseId: '3309', from: null, to: 'OPEN' }), 'Case 3309 was opened'],
    [event('case.closed', { caseId: '3302', from: 'OPEN', to: 'CLOSED' }), 'Case 3302 was closed'],
    [event('invoice.issued', { invoiceId: '700109', date: '2024-03-01', amount: '187.42' }), 'Invoice 700109 was issued on Friday, March 1 for 187.42'],
  ])('names the record and what happened in the subject and the first line: %j', (change, headline) => {
    const message = renderMessage(change, CURBSIDE);
    expect(message.subject).toBe(`Curbside: ${headline}`);
    expect(message.text.split('\n')[0]).toBe(`${headline}.`);
    expect(message.html).toContain(`<strong>${headline}.</strong>`);
    expect(shortMessage(change, 'Curbside')).toBe(`Curbside: ${headline}. Reply STOP to opt out.`);
  });

  it('escapes what it puts into HTML', () => {
    expect(renderMessage(event('case.opened', { caseId: '<b>1</b>' }), CURBSIDE).html).toContain('Case &lt;b&gt;1&lt;/b&gt; was opened');
  });
});

describe('the hauler and the way out (CONTRACT §10)', () => {
  const opened = event('case.opened', { caseId: '3309', from: null, to: 'OPEN' });
  const url = 'https://notices.prairie.example/unsubscribe/AbC-123_x';

  it("puts the hauler's name first in the subject and the text", () => {
    expect(renderMessage(opened, brand('Prairie Hauling', url)).subject).toBe('Prairie Hauling: Case 3309 was opened');
    expect(shortMessage(opened, 'Prairie Hauling')).toBe('Prairie Hauling: Case 3309 was opened. Reply STOP to opt out.');
  });

  it('shows the same unsubscribe URL in the text part and the HTML part, after why the email came', () => {
    const message = renderMessage(opened, brand('Prairie Hauling', url));
    expect(message.text.split('\n').slice(-3)).toEqual([
      'Customer account 1000001. You receive this because you opted in to these notifications from Prairie Hauling.',
      `Unsubscribe from these emails: ${url}`,
      '',
    ]);
    expect(message.html).toContain(`<p>Unsubscribe from these emails: <bdi><a href="${url}">${url}</a></bdi></p>`);
  });
});

describe('the notices (CONTRACT §8)', () => {
  const pickups = (items: Array<[string, string, string, string[]]>) =>
    JSON.stringify(items.map(([service, scheduledDate, date, holidays]) => ({ serviceId: '1', service, scheduledDate, date, holidays })));

  it('a reminder names the day in the subject and lists every service, moved ones with their weekday and holiday', () => {
    const reminder = event('pickup.reminder', {
      date: '2026-11-27',
      pickups: pickups([['Cart', '2026-11-26', '2026-11-27', ['Thanksgiving Day']], ['Recycling', '2026-11-27', '2026-11-27', []]]),
    });
    const message = renderMessage(reminder, CURBSIDE);
    expect(message.subject).toBe('Curbside: Reminder: pickup on Friday, November 27');
    expect(message.text.split('\n').slice(0, 5)).toEqual([
      'Reminder: pickup on Friday, November 27.',
      '',
      'These 2 services are picked up:',
      '- Cart (moved from Thursday for Thanksgiving Day)',
      '- Recycling',
    ]);
    expect(message.html).toContain('<ul><li>Cart (moved from Thursday for Thanksgiving Day)</li><li>Recycling</li></ul>');
    expect(shortMessage(reminder, 'Curbside')).toBe('Curbside: Reminder: pickup on Friday, November 27: Cart, Recycling. Reply STOP to opt out.');
  });

  it('a move notice names each move and the holiday, as the contract writes it', () => {
    const moved = event('pickup.moved', { holidayDate: '2026-11-26', holidayName: 'Thanksgiving Day', delayDays: '1', pickups: pickups([['Cart', '2026-11-26', '2026-11-27', ['Thanksgiving Day']]]) });
    expect(renderMessage(moved, CURBSIDE).subject).toBe('Curbside: Holiday schedule: Thursday\u2019s pickup moves to Friday, November 27 (Thanksgiving Day)');
    expect(renderMessage(moved, CURBSIDE).text).toContain('- Cart: Thursday, November 26 moves to Friday, November 27 (Thanksgiving Day)');
  });

  it('keeps an English text within one GSM-7 segment, its ending included: the services dropped first, then the line cut with ...', () => {
    const many = pickups(Array.from({ length: 12 }, (_, i): [string, string, string, string[]] => [`Hauling - 96 Gallon Cart number ${i}`, '2026-11-27', '2026-11-27', []]));
    const reminder = shortMessage(event('pickup.reminder', { date: '2026-11-27', pickups: many }), 'Curbside');
    expect(reminder).toBe('Curbside: Reminder: pickup on Friday, November 27. Reply STOP to opt out.');
    const alert = shortMessage(event('route.alert', { alertId: 'ra_1', routeId: 'J31A', date: '2026-11-27', message: 'x'.repeat(300) }), 'Curbside');
    expect(alert).toHaveLength(160);
    expect(alert.startsWith('Curbside: Route alert for Friday, November 27: xxx')).toBe(true);
    expect(alert.endsWith('x... Reply STOP to opt out.')).toBe(true);
  });
});

describe('residents in their own language (CONTRACT §11)', () => {
  const reminder = event('pickup.reminder', {
    date: '2026-11-27',
    pickups: JSON.stringify([{ serviceId: '1', service: 'Cart', scheduledDate: '2026-11-26', date: '2026-11-27', holidays: ['Thanksgiving Day'] }]),
  });

  it('writes the email in the customer\u2019s language, dates as the language writes them, the HTML root with lang and dir', () => {
    const vi = renderMessage(reminder, { ...CURBSIDE, language: 'vi' });
    expect(vi).toMatchObject({ language: 'vi', subject: 'Curbside: Nhắc lịch: thu gom rác vào Thứ Sáu, 27 tháng 11' });
    expect(vi.html).toContain('<html lang="vi" dir="ltr">');
    const ar = renderMessage(reminder, { ...CURBSIDE, language: 'ar' });
    expect(ar.subject).toBe('\u2068Curbside\u2069: تذكير: جمع النفايات يوم الجمعة، 27 نوفمبر');
    expect(ar.html).toContain('<html lang="ar" dir="rtl">');
    expect(ar.html).toContain('<bdi>1000001</bdi>');
    expect(ar.text).toContain('\u2068Cart\u2069');
  });

  it('falls back as a whole message: to the hauler\u2019s default, then to en', () => {
    const spanishFirst = Object.create(messages, { defaultLanguage: { value: 'es' } }) as Messages;
    const lacking = Object.create(spanishFirst, {
      message: { value: (language: string, key: string) => (language === 'vi' && key === 'email.why' ? undefined : messages.message(language, key)) },
    }) as Messages;
    const message = renderMessage(reminder, { ...CURBSIDE, language: 'vi', messages: lacking });
    expect(message.language).toBe('es');
    expect(message.subject).toBe('Curbside: Recordatorio: recolección el viernes, 27 de noviembre');
    expect(message.text).not.toMatch(/thu gom/);
  });

  it.each(ALL)('writes a text in %s within its segments, naming STOP, English in GSM-7', (language) => {
    const text = shortMessage(reminder, 'Curbside', language);
    const fitted = fitText(language, text, null, '');
    expect(text).toContain('STOP');
    expect(fitted.segments).toBeLessThanOrEqual(language === 'en' ? 1 : 2);
    if (language === 'en') expect(fitted.encoding).toBe('GSM-7');
  });
});
