import { phoneKey, quietHoursEnd, SHORT_MESSAGE_MAX, TEXT_OPT_OUT_LINE, textKeywordOf, withOptOutLine } from './consent';

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

describe('withOptOutLine', () => {
  it('ends every text with the opt-out line', () => {
    expect(withOptOutLine('Curbside: Case 3309 was opened.')).toBe('Curbside: Case 3309 was opened. Reply STOP to opt out.');
  });

  it('shortens a longer text with … before the ending, to exactly 160 characters', () => {
    const text = withOptOutLine(`Curbside: ${'x'.repeat(300)}`);
    expect(text).toHaveLength(SHORT_MESSAGE_MAX);
    expect(text.endsWith(`…${TEXT_OPT_OUT_LINE}`)).toBe(true);
    expect(withOptOutLine('y'.repeat(SHORT_MESSAGE_MAX - TEXT_OPT_OUT_LINE.length))).toHaveLength(SHORT_MESSAGE_MAX);
  });
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
