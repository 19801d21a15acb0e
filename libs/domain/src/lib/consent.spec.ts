import { phoneKey, quietHoursEnd, textKeywordOf, textOptInUpdates, unsubscribeUpdates } from './consent';

describe('textKeywordOf (CONTRACT §10)', () => {
  it.each([
    ['STOP', 'stop'],
    [' stop\n', 'stop'],
    ['StopAll', 'stop'],
    ['unsubscribe', 'stop'],
    ['CANCEL', 'stop'],
    ['end', 'stop'],
    ['Quit', 'stop'],
    ['START', 'start'],
    ['unstop', 'start'],
    ['STOP please', null],
    ['Thanks!', null],
    ['', null],
  ])('%j is %s', (body, keyword) => expect(textKeywordOf(body)).toBe(keyword));

  it.each([
    ['parar', 'stop'],
    [' Cancelar ', 'stop'],
    ['ALTO', 'stop'],
    ['alto ahí', null],
  ])('with the catalogs\u2019 stop words (CONTRACT §11), %j is %s', (body, keyword) => expect(textKeywordOf(body, ['PARAR', 'CANCELAR', 'ALTO'])).toBe(keyword));
  it('knows no language\u2019s stop words unless given them', () => expect(textKeywordOf('PARAR')).toBeNull());
});

describe('phoneKey', () => {
  it.each([
    ['+1 (555) 010-0100', '5550100100'],
    ['1-555-010-0100', '5550100100'],
    ['555.010.0100', '5550100100'],
    ['+44 20 7946 0958', '442079460958'],
    ['n/a', ''],
  ])('%j compares as %j', (value, key) => expect(phoneKey(value)).toBe(key));
});

describe('quietHoursEnd', () => {
  const night = { start: '21:00', end: '08:00' };

  it.each([
    ['2026-11-26T21:30:00-06:00', '2026-11-27T08:00:00-06:00'],
    ['2026-11-26T21:00:00-06:00', '2026-11-27T08:00:00-06:00'],
    ['2026-11-27T07:59:30-06:00', '2026-11-27T08:00:00-06:00'],
    ['2026-11-27T03:00:00-06:00', '2026-11-27T08:00:00-06:00'],
  ])('at %s (Chicago) the quiet hours end at %s', (now, end) => {
    expect(quietHoursEnd(night, 'America/Chicago', new Date(now))?.toISOString()).toBe(new Date(end).toISOString());
  });

  it.each(['2026-11-26T20:59:59-06:00', '2026-11-27T08:00:00-06:00', '2026-11-27T12:00:00-06:00'])('%s is outside them', (now) => {
    expect(quietHoursEnd(night, 'America/Chicago', new Date(now))).toBeNull();
  });

  it('counts the wall clock across a change of clocks, and a window inside one day', () => {
    // 2027-03-14: Chicago's clocks go from 02:00 to 03:00; 08:00 CDT is 13:00 UTC.
    expect(quietHoursEnd(night, 'America/Chicago', new Date('2027-03-14T01:30:00-06:00'))?.toISOString()).toBe('2027-03-14T13:00:00.000Z');
    expect(quietHoursEnd({ start: '12:00', end: '13:00' }, 'UTC', new Date('2026-11-26T12:10:00Z'))?.toISOString()).toBe('2026-11-26T13:00:00.000Z');
    expect(quietHoursEnd(null, 'UTC', new Date('2026-11-26T23:00:00Z'))).toBeNull();
  });
});

describe('unsubscribeUpdates', () => {
  const selection = (type: 'SEMAIL' | 'BEMAIL', value: string, optIn = true) => ({
    type,
    value,
    optIn,
    audit: { createdBy: 'portal', createdAt: null, modifiedBy: 'portal', modifiedAt: null },
  });
  const preference = (category: 'Service Notification' | 'Service Exception', ...selections: ReturnType<typeof selection>[]) => ({
    category,
    enabled: true,
    channels: [{ name: 'Email' as const, optIn: true, selections, options: [] }],
  });

  it('opts out the opted-in Email selections of the category at the address, compared trimmed and in lower case', () => {
    const preferences = [
      preference('Service Notification', selection('SEMAIL', 'Resident@Example.com'), selection('BEMAIL', 'billing@example.com'), selection('BEMAIL', 'resident@example.com', false)),
      preference('Service Exception', selection('SEMAIL', 'resident@example.com')),
    ];
    expect(unsubscribeUpdates(preferences, 'Service Notification', ' RESIDENT@example.com ')).toEqual([
      { category: 'Service Notification', channel: 'Email', type: 'SEMAIL', value: 'Resident@Example.com', optIn: false },
    ]);
    expect(unsubscribeUpdates(preferences, 'Service Notification', 'nobody@example.com')).toEqual([]);
  });
});

describe('textOptInUpdates', () => {
  const row = (customerId: string, value: string) => ({ customerId, category: 'Service Exception' as const, type: 'SMOBILE' as const, value });

  it('finds the number however it is written, by customer in the order first seen', () => {
    const rows = [row('2', '+1 (555) 010-0199'), row('1', '555.010.0199'), row('2', '555-010-0200'), row('2', '15550100199')];
    const updates = textOptInUpdates(rows, '5550100199', false);
    expect([...updates.keys()]).toEqual(['2', '1']);
    expect(updates.get('2')?.map((update) => update.value)).toEqual(['+1 (555) 010-0199', '15550100199']);
    expect(updates.get('1')).toEqual([{ category: 'Service Exception', channel: 'Text', type: 'SMOBILE', value: '555.010.0199', optIn: false }]);
  });

  it('matches no one for a number without digits', () => {
    expect(textOptInUpdates([row('1', '')], 'STOP', false).size).toBe(0);
  });
});
