import type { NewEvent } from './events';
import type { ChannelName, Preference, PreferenceCategory, SelectionType } from './preferences';
import { matchingRecipients, routeOf } from './routing';

const audit = { createdBy: null, createdAt: null, modifiedBy: null, modifiedAt: null };
const selection = (type: SelectionType, value: string, optIn = true) => ({ type, value, optIn, audit });
const channel = (name: ChannelName, optIn: boolean, selections: ReturnType<typeof selection>[]) => ({
  name,
  optIn,
  selections,
  options: [],
});
const preference = (category: PreferenceCategory, enabled: boolean, channels: ReturnType<typeof channel>[]): Preference => ({
  category,
  enabled,
  channels,
});

const event = (type: NewEvent['type'], payload: NewEvent['payload'] = {}): NewEvent => ({ customerId: '1', type, payload });

describe('routeOf', () => {
  it.each([
    ['ticket.created', {}, 'Service Notification', 'service'],
    ['ticket.status_changed', { to: 'CLOSED' }, 'Service Notification', 'service'],
    ['ticket.status_changed', { to: 'VOIDED' }, 'Service Exception', 'service'],
    ['disposal_ticket.voided', {}, 'Service Exception', 'service'],
    ['pickup.missed', {}, 'Service Exception', 'service'],
    ['case.opened', {}, 'Service Notification', 'service'],
    ['case.closed', {}, 'Service Notification', 'service'],
    ['invoice.issued', {}, 'Service Notification', 'billing'],
    ['preferences.changed', {}, null, null],
    ['contacts.changed', {}, null, null],
    ['route.alert', {}, 'Service Exception', 'service'],
  ] as const)('%s %j -> %s, %s selections, and webhooks', (type, payload, category, audience) => {
    expect(routeOf(event(type, payload))).toEqual({ category, audience, webhooks: true });
  });

  it.each([
    ['pickup.reminder', 'Service Notification'],
    ['pickup.moved', 'Service Exception'],
  ] as const)('%s -> %s, service selections, never webhooks (CONTRACT §8)', (type, category) => {
    expect(routeOf(event(type))).toEqual({ category, audience: 'service', webhooks: false });
  });
});

describe('matchingRecipients', () => {
  const preferences: Preference[] = [
    preference('Service Notification', true, [
      channel('Email', true, [selection('SEMAIL', 'svc@example.com'), selection('BEMAIL', 'bill@example.com')]),
      channel('Text', true, [selection('SMOBILE', '5550001', false), selection('BMOBILE', '5550002')]),
      channel('Voice', false, [selection('SPHONE', '5550003'), selection('BPHONE', '5550004')]),
    ]),
    preference('Service Exception', false, [channel('Email', true, [selection('SEMAIL', 'svc@example.com')])]),
  ];

  it('sends service events to opted-in service selections of opted-in channels only', () => {
    expect(matchingRecipients(event('ticket.created', { ticketId: '7' }), preferences)).toEqual([
      { channel: 'Email', type: 'SEMAIL', address: 'svc@example.com' },
    ]);
  });

  it('sends billing events to billing selections only', () => {
    expect(matchingRecipients(event('invoice.issued'), preferences)).toEqual([
      { channel: 'Email', type: 'BEMAIL', address: 'bill@example.com' },
      { channel: 'Text', type: 'BMOBILE', address: '5550002' },
    ]);
  });

  it('sends nothing in a disabled category, nor for events that go to webhooks only', () => {
    expect(matchingRecipients(event('pickup.missed'), preferences)).toEqual([]);
    expect(matchingRecipients(event('preferences.changed'), preferences)).toEqual([]);
    expect(matchingRecipients(event('ticket.created'), [])).toEqual([]);
  });

  it('never sends an email to a phone-number selection or a text to an email selection', () => {
    const mixed = [preference('Service Notification', true, [channel('Email', true, [selection('SMOBILE', '5550009')]), channel('Text', true, [selection('SEMAIL', 'x@example.com')])])];
    expect(matchingRecipients(event('ticket.created'), mixed)).toEqual([]);
  });
});
