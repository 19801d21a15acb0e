import { emptyBundle, type CustomerBundle, type NewEvent } from '@curbside/domain';
import { isolateText, loadMessages, textShape, type Messages } from '@curbside/messages';
import { testDatabases } from '@curbside/testing';
import { channel, drain, preference, useWorldWithSinks } from './support';

/**
 * Residents in their own language (CONTRACT §11), through the real SMTP sink and the providers'
 * real HTTP receiver: a reminder, a holiday move, a route alert and a missed-pickup receipt (§9)
 * to a customer of each built-in language, by email, text and call.
 */
const LANGUAGES = ['en', 'es', 'zh-Hans', 'zh-Hant', 'vi', 'tl', 'ko', 'ar'];
const KINDS = ['reminder', 'move', 'alert', 'receipt'] as const;

const customerOf = (n: number): string => `77000${n}`;

function bundleOf(n: number, language: string): CustomerBundle {
  const bundle = emptyBundle(customerOf(n));
  const selections = (category: 'Service Notification' | 'Service Exception') =>
    preference(category, true, [
      channel('Email', true, [['SEMAIL', `resident${n}@example.com`]]),
      channel('Text', true, [['SMOBILE', `555-010-01${n}0`]]),
      channel('Voice', true, [['SPHONE', `555-010-01${n}1`]]),
    ]);
  return { ...bundle, customer: { ...bundle.customer, language }, preferences: [selections('Service Notification'), selections('Service Exception')] };
}

const pickups = JSON.stringify([{ serviceId: '10001', service: 'Cart 96', scheduledDate: '2026-11-26', date: '2026-11-27', holidays: ['Thanksgiving Day'] }]);

function eventsOf(customerId: string): NewEvent[] {
  return [
    { customerId, type: 'pickup.reminder', payload: { date: '2026-11-27', pickups } },
    { customerId, type: 'pickup.moved', payload: { holidayDate: '2026-11-26', holidayName: 'Thanksgiving Day', delayDays: '1', pickups } },
    { customerId, type: 'route.alert', payload: { alertId: 'ra_9', routeId: 'J31A', date: '2026-11-27', message: 'Truck delayed' } },
    { customerId, type: 'ticket.created', payload: { ticketId: '90000001', status: 'PENDING', loadType: 'MIS', requestType: 'MISSED_PICKUP', serviceId: '10001', date: '2026-11-26' } },
  ];
}

interface ProviderBody {
  to: string;
  message: string;
  language: string;
  encoding?: string;
  segments?: number;
}

describe.each(testDatabases())('residents in their own language on $name (CONTRACT §11)', (kind) => {
  const sinks = useWorldWithSinks(kind);
  let messages: Messages;
  beforeAll(async () => (messages = await loadMessages({ languages: LANGUAGES })));

  it('sends each built-in language its reminder, move, alert and receipt by email, text and call, recorded per delivery', async () => {
    for (const [n, language] of LANGUAGES.entries()) await sinks.world.customers.store(bundleOf(n, language));
    await sinks.world.append(LANGUAGES.flatMap((_, n) => eventsOf(customerOf(n))));
    await drain(
      sinks.world.notifier({
        languages: { offered: LANGUAGES, messagesDir: null },
        smtpUrl: sinks.smtp.url,
        textProviderUrl: `${sinks.http.url}/text`,
        voiceProviderUrl: `${sinks.http.url}/voice`,
      }),
    );

    const deliveries = await sinks.world.deliveries.list();
    const bodies = sinks.http.requests.map((request) => ({ path: request.path, body: JSON.parse(request.rawBody) as ProviderBody }));
    for (const [n, language] of LANGUAGES.entries()) {
      const date = messages.date(language, '2026-11-27').text;
      const mails = sinks.smtp.received.filter((mail) => mail.to.includes(`resident${n}@example.com`));
      expect(mails).toHaveLength(KINDS.length);
      for (const mail of mails) {
        expect(mail.headers['content-language']).toBe(language);
        expect(mail.html).toContain(`<html lang="${language}" dir="${language === 'ar' ? 'rtl' : 'ltr'}">`);
        expect(mail.subject.startsWith(language === 'ar' ? '\u2068Curbside\u2069: ' : 'Curbside: ')).toBe(true);
      }
      const subjects = mails.map((mail) => mail.subject);
      expect(subjects).toContain(messages.whole(language, (w) => `${w.isolated('Curbside')}: ${w.text('event.pickup.reminder', { date: w.date('2026-11-27') })}`).result);
      expect(subjects.some((subject) => subject.includes(date) && subject.includes(isolateText(language, 'Truck delayed')))).toBe(true);
      expect(subjects.some((subject) => subject.includes(isolateText(language, '90000001')))).toBe(true);

      const texts = bodies.filter(({ path, body }) => path === '/text' && body.to === `555-010-01${n}0`).map(({ body }) => body);
      expect(texts).toHaveLength(KINDS.length);
      for (const text of texts) {
        expect(text.language).toBe(language);
        expect(text.message).toContain('STOP');
        expect(textShape(text.message)).toEqual({ encoding: text.encoding, segments: text.segments });
        expect(text.segments).toBeLessThanOrEqual(language === 'en' ? 1 : 2);
        if (language === 'en') expect(text.encoding).toBe('GSM-7');
      }
      const calls = bodies.filter(({ path, body }) => path === '/voice' && body.to === `555-010-01${n}1`).map(({ body }) => body);
      expect(calls.map((call) => call.language)).toEqual(KINDS.map(() => language));
      expect(calls.every((call) => !('encoding' in call))).toBe(true);

      const recorded = deliveries.filter((delivery) => delivery.customerId === customerOf(n));
      expect(recorded).toHaveLength(KINDS.length * 3);
      expect(recorded.every((delivery) => delivery.state === 'delivered' && delivery.language === language)).toBe(true);
      for (const delivery of recorded.filter((d) => d.channel === 'Text')) expect(delivery.segments).toBeGreaterThan(0);
    }
  });

  it('writes a vi customer\u2019s reminder email, text and call in Vietnamese, the text UCS-2 within two segments naming STOP', async () => {
    await sinks.world.customers.store(bundleOf(4, 'vi'));
    await sinks.world.append([eventsOf(customerOf(4))[0]]);
    await drain(
      sinks.world.notifier({
        languages: { offered: LANGUAGES, messagesDir: null },
        smtpUrl: sinks.smtp.url,
        textProviderUrl: `${sinks.http.url}/text`,
        voiceProviderUrl: `${sinks.http.url}/voice`,
      }),
    );
    const [mail] = sinks.smtp.received;
    expect(mail.subject).toBe('Curbside: Nhắc lịch: thu gom rác vào Thứ Sáu, 27 tháng 11');
    expect(mail.text).toContain('Cart 96 (dời từ Thứ Năm vì Thanksgiving Day)');
    const [text, call] = ['/text', '/voice'].map((path) => JSON.parse(sinks.http.requests.find((request) => request.path === path)?.rawBody ?? '{}') as ProviderBody);
    expect(text).toMatchObject({ language: 'vi', encoding: 'UCS-2' });
    expect(text.segments).toBeLessThanOrEqual(2);
    expect(text.message).toBe('Curbside: Nhắc lịch: thu gom rác vào Thứ Sáu, 27 tháng 11: Cart 96. Trả lời STOP để hủy.');
    expect(call).toMatchObject({ language: 'vi', message: 'Curbside: Nhắc lịch: thu gom rác vào Thứ Sáu, 27 tháng 11: Cart 96. Trả lời STOP để hủy.' });
  });

  it('writes a customer whose language is not offered in the hauler\u2019s default', async () => {
    await sinks.world.customers.store(bundleOf(1, 'ko'));
    await sinks.world.append([eventsOf(customerOf(1))[2]]);
    await drain(sinks.world.notifier({ languages: { offered: ['es', 'en'], messagesDir: null }, smtpUrl: sinks.smtp.url }));
    const [mail] = sinks.smtp.received;
    expect(mail.headers['content-language']).toBe('es');
    expect(mail.subject).toBe('Curbside: Aviso de ruta para el viernes, 27 de noviembre: Truck delayed');
    expect((await sinks.world.deliveries.list()).map((delivery) => delivery.language)).toEqual(['es', 'es', 'es']);
  });
});
