import { pickupRecord } from '../../test/support/pickup-records';
import { todayIn, weekdayIndex } from './dates';
import type { Holiday, Pickup, ServiceSchedule, Weekday } from './pickups';
import { describeSchedule, formatPublishedPickupDate, isScheduledOn, nextPickup, scheduledPickups, weekdayName, weekdayOf } from './schedules';

const weekly = (days: Weekday[], startsOn = '2026-01-05', everyWeeks = 1): ServiceSchedule => ({ days, everyWeeks, startsOn });
const holiday = (date: string, name: string, delayDays = 1): Holiday => ({ date, name, delayDays });

const laborDay = holiday('2026-09-07', 'Labor Day'); // a Monday
const independenceDay = holiday('2026-07-04', 'Independence Day'); // a Saturday
const foundersDay = holiday('2026-11-29', "Founders' Day"); // a Sunday
const thanksgiving = holiday('2026-11-26', 'Thanksgiving Day'); // a Thursday
const dayAfterThanksgiving = holiday('2026-11-27', 'Day after Thanksgiving'); // a Friday
const christmas = holiday('2026-12-25', 'Christmas Day'); // a Friday
const newYearsEve = holiday('2026-12-31', "New Year's Eve"); // a Thursday
const newYearsDay = holiday('2027-01-01', "New Year's Day"); // a Friday

describe('scheduledPickups: the days a schedule plans', () => {
  it.each<[string, ServiceSchedule, string, string, string[]]>([
    ['weekly on Monday', weekly(['MONDAY']), '2026-11-23', '2026-12-06', ['2026-11-23', '2026-11-30']],
    ['several days a week', weekly(['MONDAY', 'THURSDAY']), '2026-11-16', '2026-11-22', ['2026-11-16', '2026-11-19']],
    ['every other week, counted from the week of starts_on', weekly(['MONDAY'], '2026-01-05', 2), '2026-11-23', '2026-12-20', ['2026-11-23', '2026-12-07']],
    ['every other week, the other weeks', weekly(['MONDAY'], '2026-01-12', 2), '2026-11-23', '2026-12-20', ['2026-11-30', '2026-12-14']],
    ['every 4 weeks, across a year end', weekly(['FRIDAY'], '2026-01-09', 4), '2026-11-23', '2027-01-10', ['2026-12-11', '2027-01-08']],
    ['never before starts_on, even in its own week', weekly(['MONDAY'], '2026-01-07', 2), '2026-01-01', '2026-01-31', ['2026-01-19']],
    ['nothing before a schedule starts', weekly(['MONDAY'], '2027-01-04'), '2026-12-01', '2026-12-31', []],
  ])('%s', (_case, schedule, from, until, expected) => {
    expect(scheduledPickups(schedule, [], from, until).map((p) => p.date)).toEqual(expected);
  });
});

describe('scheduledPickups: the holiday rule', () => {
  it.each<[string, Weekday[], Holiday[], string, string, Array<[string, string]>]>([
    [
      'a Monday holiday moves the whole week',
      ['MONDAY', 'WEDNESDAY', 'FRIDAY'],
      [laborDay],
      '2026-09-07',
      '2026-09-13',
      [['2026-09-08', '2026-09-07'], ['2026-09-10', '2026-09-09'], ['2026-09-12', '2026-09-11']],
    ],
    [
      'a Friday holiday moves only the Friday',
      ['MONDAY', 'WEDNESDAY', 'FRIDAY'],
      [christmas],
      '2026-12-21',
      '2026-12-27',
      [['2026-12-21', '2026-12-21'], ['2026-12-23', '2026-12-23'], ['2026-12-26', '2026-12-25']],
    ],
    [
      'a Saturday holiday moves the Saturday to Sunday',
      ['FRIDAY', 'SATURDAY'],
      [independenceDay],
      '2026-06-29',
      '2026-07-05',
      [['2026-07-03', '2026-07-03'], ['2026-07-05', '2026-07-04']],
    ],
    [
      'a Sunday holiday moves nothing',
      ['SUNDAY', 'MONDAY'],
      [foundersDay],
      '2026-11-29',
      '2026-11-30',
      [['2026-11-29', '2026-11-29'], ['2026-11-30', '2026-11-30']],
    ],
    [
      'two holidays in one week add up',
      ['MONDAY', 'THURSDAY', 'FRIDAY'],
      [thanksgiving, dayAfterThanksgiving],
      '2026-11-23',
      '2026-11-29',
      [['2026-11-23', '2026-11-23'], ['2026-11-27', '2026-11-26'], ['2026-11-29', '2026-11-27']],
    ],
    [
      'holidays across a year end are one week',
      ['MONDAY', 'THURSDAY', 'FRIDAY'],
      [newYearsEve, newYearsDay],
      '2026-12-28',
      '2027-01-03',
      [['2026-12-28', '2026-12-28'], ['2027-01-01', '2026-12-31'], ['2027-01-03', '2027-01-01']],
    ],
    [
      'a pickup moved into the next week is found from that week',
      ['SATURDAY'],
      [holiday('2026-07-04', 'Independence Day', 2)],
      '2026-07-06',
      '2026-07-12',
      [['2026-07-06', '2026-07-04'], ['2026-07-11', '2026-07-11']],
    ],
    [
      "a holiday of another week moves nothing in this one",
      ['MONDAY', 'FRIDAY'],
      [christmas],
      '2026-12-28',
      '2027-01-03',
      [['2026-12-28', '2026-12-28'], ['2027-01-01', '2027-01-01']],
    ],
  ])('%s', (_case, days, holidays, from, until, expected) => {
    const pickups = scheduledPickups(weekly(days), holidays, from, until);
    expect(pickups.map((p) => [p.date, p.scheduledDate])).toEqual(expected);
  });

  it('names the holidays that moved a pickup, and none for one that did not move', () => {
    const [monday, thursday, friday] = scheduledPickups(
      weekly(['MONDAY', 'THURSDAY', 'FRIDAY']),
      [dayAfterThanksgiving, thanksgiving],
      '2026-11-23',
      '2026-11-29',
    );
    expect(monday.holidays).toEqual([]);
    expect(thursday.holidays).toEqual([thanksgiving]);
    expect(friday.holidays).toEqual([thanksgiving, dayAfterThanksgiving]);
  });

  it('knows whether a (moved) pickup falls on a day', () => {
    const schedule = weekly(['FRIDAY']);
    expect(isScheduledOn(schedule, [christmas], '2026-12-26')).toBe(true);
    expect(isScheduledOn(schedule, [christmas], '2026-12-25')).toBe(false);
    expect(isScheduledOn(schedule, [], '2026-12-25')).toBe(true);
  });

  // A generated request asked for 9999-12-31 and the week loop, comparing dates as text, ran forever.
  it('answers for the last day a date can name, a pickup moved past it included', () => {
    const lastFriday = '9999-12-31';
    expect(isScheduledOn(weekly(['FRIDAY']), [], lastFriday)).toBe(true);
    expect(isScheduledOn(weekly(['THURSDAY']), [], lastFriday)).toBe(false);
    const lastDayOff = holiday(lastFriday, 'Last day', 1);
    expect(isScheduledOn(weekly(['FRIDAY']), [lastDayOff], lastFriday)).toBe(false);
    expect(scheduledPickups(weekly(['FRIDAY']), [lastDayOff], '9999-12-01', lastFriday).map((p) => p.date)).toEqual([
      '9999-12-03',
      '9999-12-10',
      '9999-12-17',
      '9999-12-24',
    ]);
  });
});

describe('nextPickup', () => {
  const mondayAndThursday = weekly(['MONDAY', 'THURSDAY']);

  it.each<[string, Holiday[], Pickup[], string, { date: string; scheduledDate: string } | null]>([
    ['today, when nothing is recorded', [], [], '2026-11-23', { date: '2026-11-23', scheduledDate: '2026-11-23' }],
    ['today, when today is only Planned', [], [pickupRecord('2026-11-23', 'Planned')], '2026-11-23', { date: '2026-11-23', scheduledDate: '2026-11-23' }],
    ['the following one, when today is confirmed', [], [pickupRecord('2026-11-23', 'Confirmed Positive')], '2026-11-23', { date: '2026-11-26', scheduledDate: '2026-11-26' }],
    ['the following one, when today was missed (Confirmed Negative)', [], [pickupRecord('2026-11-23', 'Confirmed Negative')], '2026-11-23', { date: '2026-11-26', scheduledDate: '2026-11-26' }],
    ['the following one, moved by its holiday', [thanksgiving], [pickupRecord('2026-11-23', 'Confirmed Incomplete')], '2026-11-23', { date: '2026-11-27', scheduledDate: '2026-11-26' }],
    ['today, when another day is confirmed', [], [pickupRecord('2026-11-19', 'Confirmed Positive')], '2026-11-23', { date: '2026-11-23', scheduledDate: '2026-11-23' }],
    ['the next one after a quiet day', [], [], '2026-11-24', { date: '2026-11-26', scheduledDate: '2026-11-26' }],
  ])('is %s', (_case, holidays, pickups, today, expected) => {
    const next = nextPickup(mondayAndThursday, holidays, pickups, today);
    expect(next === null ? null : { date: next.date, scheduledDate: next.scheduledDate }).toEqual(expected);
  });

  it('is a Thursday pickup moved to the weekend of a storm', () => {
    const next = nextPickup(weekly(['THURSDAY']), [holiday('2026-11-19', 'Storm day', 3)], [], '2026-11-20');
    expect(next).toEqual({ date: '2026-11-22', scheduledDate: '2026-11-19', holidays: [holiday('2026-11-19', 'Storm day', 3)] });
  });

  it('is none for a schedule without days', () => {
    expect(nextPickup(weekly([]), [], [], '2026-11-23')).toBeNull();
  });

  it("counts from the operating time zone's today, not the UTC date", () => {
    const now = new Date('2026-11-24T03:00:00Z'); // Tuesday in UTC, still Monday evening in Chicago
    expect(todayIn('America/Chicago', now)).toBe('2026-11-23');
    expect(todayIn('UTC', now)).toBe('2026-11-24');
    expect(todayIn('Asia/Tokyo', new Date('2026-11-23T16:00:00Z'))).toBe('2026-11-24');
    expect(nextPickup(weekly(['MONDAY']), [], [], todayIn('America/Chicago', now))?.date).toBe('2026-11-23');
    expect(nextPickup(weekly(['MONDAY']), [], [], todayIn('UTC', now))?.date).toBe('2026-11-30');
  });
});

describe('describeSchedule', () => {
  it.each<[Weekday[], number, string]>([
    [['MONDAY', 'THURSDAY'], 1, 'Every Monday and Thursday'],
    [['FRIDAY', 'MONDAY', 'WEDNESDAY'], 1, 'Every Monday, Wednesday and Friday'],
    [['TUESDAY'], 1, 'Every Tuesday'],
    [['MONDAY'], 2, 'Every other Monday'],
    [['MONDAY', 'THURSDAY'], 2, 'Every other Monday and Thursday'],
    [['FRIDAY'], 4, 'Every 4 weeks on Friday'],
    [['WEDNESDAY', 'SATURDAY'], 3, 'Every 3 weeks on Wednesday and Saturday'],
    [[], 1, 'No scheduled pickups'],
  ])('%j every %i week(s) reads "%s"', (days, everyWeeks, text) => {
    expect(describeSchedule(weekly(days, '2026-01-05', everyWeeks))).toBe(text);
  });
});

describe('formatPublishedPickupDate', () => {
  it.each([
    ['2018-02-15', 'Thursday, Feb 15 , 2018'],
    ['2026-11-02', 'Monday, Nov 2 , 2026'],
    ['2027-01-03', 'Sunday, Jan 3 , 2027'],
  ])('writes %s as "%s"', (date, text) => {
    expect(formatPublishedPickupDate(date)).toBe(text);
  });
});

describe('weekdayOf', () => {
  it('names the day as the wire and WEEKDAYS do, weekdayIndex counting from Monday', () => {
    expect(['2026-11-26', '2026-11-23', '2026-11-29'].map((date) => [weekdayOf(date), weekdayIndex(date)])).toEqual([
      ['THURSDAY', 3],
      ['MONDAY', 0],
      ['SUNDAY', 6],
    ]);
    expect(weekdayName(weekdayOf('2026-11-26'))).toBe('Thursday');
  });
});
