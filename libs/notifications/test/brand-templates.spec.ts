import type { NewEvent } from '@curbside/domain';
import { testDatabases } from '@curbside/testing';
import { HOUSE_TEMPLATES, type MessageTemplates } from '../src';
import { channel, customerBundle, drain, preference, useWorldWithSinks } from './support';

/**
 * The worked example of a brand's own messages (docs/extending.md): its own subject and wording,
 * the house's for the rest. Given to the notifier as `templates`, nothing in the notifier edited.
 */
const PRAIRIE_TEMPLATES: MessageTemplates = {
  email(event: NewEvent, letterhead) {
    const house = HOUSE_TEMPLATES.email(event, letterhead);
    return { ...house, subject: `[${letterhead.brand}] ${house.subject.slice(letterhead.brand.length + 2)}`, text: `Howdy from ${letterhead.brand}!\n\n${house.text}` };
  },
  // Without the opt-out line: the notifier adds it (CONTRACT §10).
  short: (event, brand) => `${brand} says: ${event.type === 'ticket.created' ? `ticket ${String(event.payload['ticketId'])} is in` : event.type}`,
};

describe.each(testDatabases())('a brand\u2019s message templates on $name', (kind) => {
  const sinks = useWorldWithSinks(kind);

  it('sends its own wording, with the unsubscribe header and the texts\u2019 opt-out line the contract requires', async () => {
    const customerId = '0042000';
    await sinks.world.customers.store(
      customerBundle(customerId, [
        preference('Service Notification', true, [channel('Email', true, [['SEMAIL', 'resident@example.com']]), channel('Text', true, [['SMOBILE', '5550100']])]),
      ]),
    );
    await sinks.world.append([{ customerId, type: 'ticket.created', payload: { ticketId: '00081', status: 'OPEN' } }]);

    await drain(
      sinks.world.notifier({
        brandName: 'Prairie Hauling',
        templates: PRAIRIE_TEMPLATES,
        smtpUrl: sinks.smtp.url,
        textProviderUrl: `${sinks.http.url}/text`,
        voiceProviderUrl: `${sinks.http.url}/voice`,
      }),
    );

    expect(sinks.smtp.received).toHaveLength(1);
    const [mail] = sinks.smtp.received;
    expect(mail.subject).toBe('[Prairie Hauling] Service ticket 00081 was created (status OPEN)');
    expect(mail.text).toMatch(/^Howdy from Prairie Hauling!\n\nService ticket 00081 was created/);
    const link = mail.headers['list-unsubscribe'].replace(/^<|>$/g, '');
    expect(link).toMatch(/^http:\/\/localhost:3000\/unsubscribe\/[^/]+$/);
    expect(mail.text).toContain(link);
    const texts = sinks.http.requests.map((request) => (JSON.parse(request.rawBody) as { message: string }).message);
    expect(texts).toEqual(['Prairie Hauling says: ticket 00081 is in Reply STOP to opt out.']);
  });
});
