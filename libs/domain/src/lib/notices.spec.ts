import type { Holiday, ServiceOperation, Weekday } from './pickups';
import { wallClockIn } from './dates';
import { dueRunDay, holidayMoves, type NoticeService, pickupsOn, routePickupsOn } from './notices';

const service = (
  id: string,
  days: Weekday[],
  more: { everyWeeks?: number; startsOn?: string; status?: 'Active' | 'Inactive'; operations?: ServiceOperation[]; name?: string | null } = {},
): NoticeService => ({
  id,
  status: more.status ?? 'Active',
  name: more.name === undefined ? `Service ${id} name` : more.name,
  catalog: { name: `Catalog ${id}` },
  schedule: { days, everyWeeks: more.everyWeeks ?? 1, startsOn: more.startsOn ?? '2026-01-05' },
  operations: more.operations ?? [],
});
const holiday = (date: string, name: string, delayDays = 1): Holiday => ({ date, name, delayDays });
const route = (routeId: string, dayOfWeek: Weekday | null = null): ServiceOperation => ({ routeId, dayOfWeek, notes: null });

const thanksgiving = holiday('2026-11-26', 'Thanksgiving Day'); // Thursday
const dayAfter = holiday('2026-11-27', 'Day after Thanksgiving'); // Friday
const laborDay = holiday('2026-09-07', 'Labor Day'); // Monday
const foundersDay = holiday('2026-11-29', "Founders' Day"); // Sunday

const cart = service('3001', ['MONDAY', 'THURSDAY']);
const recycling = service('3002', ['FRIDAY'], { everyWeeks: 2, startsOn: '2026-01-16' }); // Sep 11, Nov 20, Dec 4, …
const yard = service('3003', ['SUNDAY']);
const stopped = service('3004', ['THURSDAY'], { status: 'Inactive' });
const onCall: NoticeService = { ...service('3005', []), schedule: null };
const fresh = service('3006', ['FRIDAY'], { startsOn: '2026-11-27' });
const unnamed = service('3007', ['TUESDAY'], { name: null });
const everything = [cart, recycling, yard, stopped, onCall, fresh, unnamed];

describe('pickupsOn: the services picked up on a day, moves applied', () => {
  it.each<[string, Holiday[], string, Array<[string, string]>]>([
    ['a plain Monday', [], '2026-11-23', [['3001', '2026-11-23']]],
    ['not an inactive service, nor one without a schedule', [], '2026-11-26', [['3001', '2026-11-26']]],
    ['Thursday moved to Friday by Thanksgiving; the Friday moved on to Saturday', [thanksgiving], '2026-11-27', [['3001', '2026-11-26']]],
    ['Thanksgiving itself is empty', [thanksgiving], '2026-11-26', []],
    ['stacked holidays: Thursday moves one day, Friday two', [thanksgiving, dayAfter], '2026-11-27', [['3001', '2026-11-26']]],
    ['stacked holidays: Friday lands on Sunday, the Sunday pickup moves on', [thanksgiving, dayAfter], '2026-11-29', [['3006', '2026-11-27']]],
    ['stacked holidays: a Sunday pickup moved to the next Tuesday, beside that week\'s own', [thanksgiving, dayAfter], '2026-12-01', [['3003', '2026-11-29'], ['3007', '2026-12-01']]],
    ['every other week: Friday in an off week has only the new service', [], '2026-11-27', [['3006', '2026-11-27']]],
    ['every other week: its own week', [], '2026-12-04', [['3002', '2026-12-04'], ['3006', '2026-12-04']]],
    ['a Sunday pickup; a Sunday holiday moves nothing', [foundersDay], '2026-11-29', [['3003', '2026-11-29']]],
    ['starts_on in the window: nothing before it', [], '2026-11-20', [['3002', '2026-11-20']]],
    ['the catalog name when the service has none', [], '2026-11-24', [['3007', '2026-11-24']]],
  ])('%s', (_case, holidays, date, expected) => {
    expect(pickupsOn(everything, holidays, date).map((p) => [p.serviceId, p.scheduledDate])).toEqual(expected);
  });

  it('names each pickup by the published name, else the catalog name, and its holidays', () => {
    expect(pickupsOn([unnamed], [], '2026-11-24')[0].serviceName).toBe('Catalog 3007');
    const [moved] = pickupsOn([fresh], [thanksgiving, dayAfter], '2026-11-29');
    expect(moved).toMatchObject({ serviceName: 'Service 3006 name', date: '2026-11-29', scheduledDate: '2026-11-27', holidays: [thanksgiving, dayAfter] });
  });
});

describe('holidayMoves: the moved pickups in a window, by holiday', () => {
  const summary = (moves: ReturnType<typeof holidayMoves>) =>
    moves.map(({ holiday: h, pickups }) => [h.date, pickups.map((p) => `${p.serviceId}:${p.scheduledDate}>${p.date}`)]);

  it.each<[string, Holiday[], string, string, Array<[string, string[]]>]>([
    ['nothing without holidays', [], '2026-11-20', '2026-11-26', []],
    [
      'Thanksgiving moves the rest of its week, Sunday included; not the inactive service',
      [thanksgiving],
      '2026-11-20',
      '2026-11-26',
      [['2026-11-26', ['3001:2026-11-26>2026-11-27', '3006:2026-11-27>2026-11-28', '3003:2026-11-29>2026-11-30']]],
    ],
    [
      'stacked: each holiday names what it moves, with the final dates',
      [thanksgiving, dayAfter],
      '2026-11-24',
      '2026-11-30',
      [
        ['2026-11-26', ['3001:2026-11-26>2026-11-27', '3006:2026-11-27>2026-11-29', '3003:2026-11-29>2026-12-01']],
        ['2026-11-27', ['3006:2026-11-27>2026-11-29', '3003:2026-11-29>2026-12-01']],
      ],
    ],
    ['a window ending before the holiday week hears nothing yet', [laborDay], '2026-08-28', '2026-09-03', []],
    [
      'a window ending on the holiday names its whole week (every other week included)',
      [laborDay],
      '2026-09-01',
      '2026-09-07',
      [['2026-09-07', ['3001:2026-09-07>2026-09-08', '3007:2026-09-08>2026-09-09', '3001:2026-09-10>2026-09-11', '3002:2026-09-11>2026-09-12', '3003:2026-09-13>2026-09-14']]],
    ],
    [
      'a window starting mid-week names only what is still ahead',
      [laborDay],
      '2026-09-09',
      '2026-09-15',
      [['2026-09-07', ['3001:2026-09-10>2026-09-11', '3002:2026-09-11>2026-09-12', '3003:2026-09-13>2026-09-14']]],
    ],
    ['a Sunday holiday moves nothing', [foundersDay], '2026-11-23', '2026-11-30', []],
  ])('%s', (_case, holidays, from, until, expected) => {
    expect(summary(holidayMoves(everything, holidays, from, until))).toEqual(expected);
  });

  it('moves nothing before a service starts', () => {
    const freshMoves = (until: string) => holidayMoves([fresh], [thanksgiving, dayAfter], '2026-11-23', until);
    expect(freshMoves('2026-11-26')).toEqual([]); // its first pickup is past the window: heard of tomorrow
    expect(freshMoves('2026-11-27').map((m) => [m.holiday.date, m.pickups.map((p) => p.date)])).toEqual([
      ['2026-11-26', ['2026-11-29']],
      ['2026-11-27', ['2026-11-29']],
    ]);
    expect(holidayMoves([stopped, onCall], [thanksgiving], '2026-11-23', '2026-11-29')).toEqual([]);
    expect(holidayMoves([service('9', ['MONDAY'], { startsOn: '2026-09-08' })], [laborDay], '2026-09-01', '2026-09-07')).toEqual([]);
  });
});

describe('routePickupsOn: the customers a route runs for', () => {
  const north = service('4001', ['MONDAY', 'THURSDAY'], { operations: [route('J31A', 'MONDAY'), route('J31B', 'THURSDAY')] });
  const anyDay = service('4002', ['THURSDAY'], { operations: [route('J31A')] });
  const idle = service('4003', ['MONDAY'], { operations: [route('J31A')], status: 'Inactive' });

  it.each<[string, Holiday[], string, string, string[]]>([
    ['the route of that weekday', [], 'J31A', '2026-11-23', ['4001']],
    ['not the route of the other weekday', [], 'J31B', '2026-11-23', []],
    ['an entry without a weekday serves every pickup day', [], 'J31A', '2026-11-19', ['4002']],
    ['a day without a pickup: none', [], 'J31A', '2026-11-24', []],
    ['a Monday route moved to Tuesday by Labor Day runs for its Monday stops', [laborDay], 'J31A', '2026-09-08', ['4001']],
    ['… and not on the holiday itself', [laborDay], 'J31A', '2026-09-07', []],
  ])('%s', (_case, holidays, routeId, date, expected) => {
    expect(routePickupsOn([north, anyDay, idle], holidays, routeId, date).map((p) => p.serviceId)).toEqual(expected);
  });
});

describe('dueRunDay: the daily run at REMINDER_TIME in TIME_ZONE', () => {
  it.each<[string, string, string, string, string | null]>([
    ['UTC, before the time', 'UTC', '17:00', '2026-11-24T16:59:00Z', null],
    ['UTC, at the time', 'UTC', '17:00', '2026-11-24T17:00:00Z', '2026-11-24'],
    ['UTC, late in the day: still due', 'UTC', '17:00', '2026-11-24T23:59:00Z', '2026-11-24'],
    ['Kiribati (UTC+14): 17:00 there is 03:00 UTC the same day', 'Pacific/Kiritimati', '17:00', '2026-11-24T03:00:00Z', '2026-11-24'],
    ['Kiribati: its next day begins at 10:00 UTC', 'Pacific/Kiritimati', '17:00', '2026-11-24T10:00:00Z', null],
    ['Samoa (UTC−11): 17:00 there is 04:00 UTC the next day', 'Pacific/Pago_Pago', '17:00', '2026-11-25T04:00:00Z', '2026-11-24'],
    ['Chicago, the day the clocks go back: 17:00 CST is 23:00 UTC', 'America/Chicago', '17:00', '2026-11-01T22:30:00Z', null],
    ['… and due at 23:00 UTC', 'America/Chicago', '17:00', '2026-11-01T23:00:00Z', '2026-11-01'],
    ['Chicago, the day the clocks go forward: 02:30 never happens, due from 03:00 CDT', 'America/Chicago', '02:30', '2026-03-08T08:00:00Z', '2026-03-08'],
    ['… not at 01:59 CST', 'America/Chicago', '02:30', '2026-03-08T07:59:00Z', null],
  ])('%s', (_case, timeZone, time, now, expected) => {
    expect(dueRunDay(timeZone, time, new Date(now))).toBe(expected);
  });

  it('reads the wall clock of the zone', () => {
    expect(wallClockIn('Asia/Kolkata', new Date('2026-11-24T18:45:00Z'))).toEqual({ date: '2026-11-25', time: '00:15:00' });
    expect(wallClockIn('UTC', new Date('2026-11-24T00:00:00Z'))).toEqual({ date: '2026-11-24', time: '00:00:00' });
  });
});
