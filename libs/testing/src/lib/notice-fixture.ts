/*
 * Customers for the notice tests (CONTRACT §8) in the import file's wire shape
 * (docs/import-format.md), and what the notices must be, worked out here independently of the
 * code under test: a brute-force walk over the days with the §6 schedule and holiday rules,
 * and the §5 preference rules written out again.
 */

export type WireWeekday = 'MONDAY' | 'TUESDAY' | 'WEDNESDAY' | 'THURSDAY' | 'FRIDAY' | 'SATURDAY' | 'SUNDAY';
const WEEKDAYS: WireWeekday[] = ['MONDAY', 'TUESDAY', 'WEDNESDAY', 'THURSDAY', 'FRIDAY', 'SATURDAY', 'SUNDAY'];

export interface FixtureService {
  id: string;
  name: string;
  status?: 'Active' | 'Inactive';
  days: WireWeekday[];
  everyWeeks?: number;
  startsOn?: string;
  routes?: Array<[string, WireWeekday | null]>;
}

export interface FixtureSelection {
  category: 'Service Notification' | 'Service Exception';
  channel: 'Email' | 'Text' | 'Voice';
  type: 'SEMAIL' | 'SMOBILE' | 'SPHONE' | 'BEMAIL' | 'BMOBILE' | 'BPHONE';
  value: string;
  optIn?: boolean;
  channelOptIn?: boolean;
  categoryEnabled?: boolean;
}

export interface FixtureCustomer {
  id: string;
  services: FixtureService[];
  selections: FixtureSelection[];
}

export interface FixtureHoliday {
  date: string;
  name: string;
  delayDays: number;
}

const yn = (flag: boolean | undefined): 'Y' | 'N' => (flag === false ? 'N' : 'Y');

/** The customer as an import file's record. */
export function wireCustomer(customer: FixtureCustomer): Record<string, unknown> {
  const categories = new Map<string, { enabled: boolean | undefined; channels: Map<string, { optIn: boolean | undefined; selections: FixtureSelection[] }> }>();
  for (const selection of customer.selections) {
    const category = categories.get(selection.category) ?? { enabled: selection.categoryEnabled, channels: new Map() };
    const channel = category.channels.get(selection.channel) ?? { optIn: selection.channelOptIn, selections: [] };
    channel.selections.push(selection);
    category.channels.set(selection.channel, channel);
    categories.set(selection.category, category);
  }
  const audit_info = { created_by: 'test', created_date_time: '2026-01-05 08:00:00', modified_by: 'test', modified_date_time: '2026-01-05 08:00:00' };
  return {
    id: customer.id,
    currency: 'USD',
    services: customer.services.map((service) => ({
      id: service.id,
      status: service.status ?? 'Active',
      name: service.name,
      schedule: { days: service.days, every_weeks: String(service.everyWeeks ?? 1), starts_on: service.startsOn ?? '2026-01-05' },
      operations: (service.routes ?? []).map(([route_id, day]) => ({ route_id, ...(day === null ? {} : { day_of_week: day }) })),
    })),
    communication_preferences: [...categories].map(([category, { enabled, channels }]) => ({
      category,
      is_category_enabled: yn(enabled),
      channels: [...channels].map(([name, { optIn, selections }]) => ({
        name,
        is_opt_in: yn(optIn),
        selections: selections.map((s) => ({ value: s.value, type: s.type, is_opt_in: yn(s.optIn), audit_info })),
        options: [],
      })),
    })),
  };
}

/** An import file of the customers and the holiday calendar. */
export function importFile(customers: readonly FixtureCustomer[], holidays: readonly FixtureHoliday[]): string {
  return JSON.stringify({
    customers: customers.map(wireCustomer),
    holidays: holidays.map((h) => ({ date: h.date, name: h.name, delay_days: String(h.delayDays) })),
  });
}

// ---- the expected notices, by brute force ----

const dayNumber = (date: string): number => Date.parse(`${date}T00:00:00Z`) / 86_400_000;
const dateOf = (day: number): string => new Date(day * 86_400_000).toISOString().slice(0, 10);
/** 0 Monday … 6 Sunday. */
const weekdayOf = (day: number): number => (new Date(day * 86_400_000).getUTCDay() + 6) % 7;
const mondayOf = (day: number): number => day - weekdayOf(day);

/** One pickup of a service: the day the schedule names and the day it happens after the holidays. */
export interface ExpectedPickup {
  serviceId: string;
  scheduled: string;
  date: string;
  holidays: FixtureHoliday[];
}

/** Every pickup of the customer's active services scheduled from `from` to `until`, walking day by day. */
export function pickupsScheduled(customer: FixtureCustomer, holidays: readonly FixtureHoliday[], from: string, until: string): ExpectedPickup[] {
  const pickups: ExpectedPickup[] = [];
  for (const service of customer.services) {
    if ((service.status ?? 'Active') !== 'Active') continue;
    const starts = dayNumber(service.startsOn ?? '2026-01-05');
    for (let day = dayNumber(from); day <= dayNumber(until); day++) {
      if (day < starts || !service.days.includes(WEEKDAYS[weekdayOf(day)])) continue;
      if (((mondayOf(day) - mondayOf(starts)) / 7) % (service.everyWeeks ?? 1) !== 0) continue;
      const moving = holidays.filter((h) => {
        const hd = dayNumber(h.date);
        return weekdayOf(hd) !== 6 && mondayOf(hd) === mondayOf(day) && hd <= day;
      });
      const delay = moving.reduce((sum, h) => sum + h.delayDays, 0);
      pickups.push({ serviceId: service.id, scheduled: dateOf(day), date: dateOf(day + delay), holidays: moving });
    }
  }
  return pickups;
}

/** The selections a service message (reminder: Service Notification; moves, alerts: Service Exception) reaches. */
export function reachedSelections(customer: FixtureCustomer, category: FixtureSelection['category']): FixtureSelection[] {
  return customer.selections.filter(
    (s) =>
      s.category === category &&
      s.categoryEnabled !== false &&
      s.channelOptIn !== false &&
      s.optIn !== false &&
      s.type.startsWith('S') &&
      (s.channel === 'Email') === (s.type === 'SEMAIL'),
  );
}

export interface ExpectedNotices {
  /** `customer|day` of each reminder that reaches a selection. */
  reminders: string[];
  /** `customer|holiday date|delay_days` of each move notice that reaches a selection. */
  moves: string[];
  /** `address|reminder|day` and `address|moved|holiday date`: each message, once. */
  messages: string[];
  /** The customers with a pickup tomorrow, reached or not. */
  pickups: string[];
}

/**
 * The notices of a run on `today`: tomorrow's reminders and, for each holiday that moves a
 * pickup scheduled within the horizon (tomorrow on), one move notice.
 */
export function expectedNotices(customers: readonly FixtureCustomer[], holidays: readonly FixtureHoliday[], today: string, horizonDays = 7): ExpectedNotices {
  const tomorrow = dateOf(dayNumber(today) + 1);
  const until = dateOf(dayNumber(tomorrow) + horizonDays - 1);
  const expected: ExpectedNotices = { reminders: [], moves: [], messages: [], pickups: [] };
  for (const customer of customers) {
    const around = pickupsScheduled(customer, holidays, dateOf(dayNumber(tomorrow) - 14), dateOf(dayNumber(tomorrow) + 7));
    if (around.some((p) => p.date === tomorrow)) expected.pickups.push(customer.id);
    const reminded = reachedSelections(customer, 'Service Notification');
    if (reminded.length > 0 && around.some((p) => p.date === tomorrow)) {
      expected.reminders.push(`${customer.id}|${tomorrow}`);
      expected.messages.push(...reminded.map((s) => `${s.value}|reminder|${tomorrow}`));
    }
    const warned = reachedSelections(customer, 'Service Exception');
    const inWindow = pickupsScheduled(customer, holidays, tomorrow, until).filter((p) => p.holidays.length > 0);
    const movingHolidays = new Map(inWindow.flatMap((p) => p.holidays.map((h) => [h.date, h] as const)));
    if (warned.length === 0) continue;
    for (const h of movingHolidays.values()) {
      expected.moves.push(`${customer.id}|${h.date}|${h.delayDays}`);
      expected.messages.push(...warned.map((s) => `${s.value}|moved|${h.date}`));
    }
  }
  return { reminders: expected.reminders.sort(), moves: expected.moves.sort(), messages: expected.messages.sort(), pickups: expected.pickups.sort() };
}

/** The customers a route runs for on `date` (an operations entry of the route, on the pickup's scheduled weekday where it names one). */
export function routeCustomers(customers: readonly FixtureCustomer[], holidays: readonly FixtureHoliday[], routeId: string, date: string): string[] {
  return customers
    .filter((customer) =>
      pickupsScheduled(customer, holidays, dateOf(dayNumber(date) - 14), date).some((p) => {
        if (p.date !== date) return false;
        const service = customer.services.find((s) => s.id === p.serviceId);
        return (service?.routes ?? []).some(([route, day]) => route === routeId && (day === null || day === WEEKDAYS[weekdayOf(dayNumber(p.scheduled))]));
      }),
    )
    .map((customer) => customer.id)
    .sort();
}

/** The fixture of the notice tests: a stacked holiday week (Thanksgiving and the day after), mixed schedules and preferences. */
export const NOTICE_FIXTURE = {
  /** A Tuesday: tomorrow is Wednesday Nov 25; the horizon runs to Tuesday Dec 1. */
  today: '2026-11-24',
  holidays: [
    { date: '2026-11-26', name: 'Thanksgiving Day', delayDays: 1 },
    { date: '2026-11-27', name: 'Day after Thanksgiving', delayDays: 1 },
    { date: '2026-12-25', name: 'Christmas Day', delayDays: 1 },
  ] as FixtureHoliday[],
  customers: [
    {
      id: '8000001',
      services: [
        { id: '80000011', name: 'Hauling - 96 Gallon Cart', days: ['WEDNESDAY', 'FRIDAY'], routes: [['N1', 'WEDNESDAY'], ['N2', 'FRIDAY']] },
        { id: '80000012', name: 'Recycling 64 Gallon', days: ['WEDNESDAY'], everyWeeks: 2, startsOn: '2026-01-07', routes: [['N1', null]] },
      ],
      selections: [
        { category: 'Service Notification', channel: 'Email', type: 'SEMAIL', value: 'one@example.com' },
        { category: 'Service Exception', channel: 'Email', type: 'SEMAIL', value: 'one@example.com' },
      ],
    },
    {
      id: '8000002',
      services: [{ id: '80000021', name: 'Hauling - 64 Gallon Cart', days: ['THURSDAY'], routes: [['N1', 'THURSDAY']] }],
      selections: [
        { category: 'Service Notification', channel: 'Email', type: 'SEMAIL', value: 'two@example.com' },
        { category: 'Service Notification', channel: 'Text', type: 'SMOBILE', value: '2065550102' },
        { category: 'Service Exception', channel: 'Text', type: 'SMOBILE', value: '2065550102' },
      ],
    },
    {
      id: '8000003',
      services: [{ id: '80000031', name: 'Cart', days: ['WEDNESDAY'], routes: [['N1', 'WEDNESDAY']] }],
      selections: [
        { category: 'Service Notification', channel: 'Email', type: 'SEMAIL', value: 'disabled@example.com', categoryEnabled: false },
        { category: 'Service Exception', channel: 'Email', type: 'SEMAIL', value: 'three@example.com' },
      ],
    },
    {
      id: '8000004',
      services: [{ id: '80000041', name: 'Cart', days: ['WEDNESDAY', 'FRIDAY'] }],
      selections: [
        { category: 'Service Notification', channel: 'Email', type: 'SEMAIL', value: 'optedout@example.com', optIn: false },
        { category: 'Service Exception', channel: 'Email', type: 'SEMAIL', value: 'optedout@example.com', optIn: false },
      ],
    },
    {
      id: '8000005',
      services: [{ id: '80000051', name: 'Cart', days: ['WEDNESDAY', 'FRIDAY'] }],
      selections: [
        { category: 'Service Notification', channel: 'Email', type: 'BEMAIL', value: 'billing@example.com' },
        { category: 'Service Exception', channel: 'Email', type: 'BEMAIL', value: 'billing@example.com' },
      ],
    },
    {
      id: '8000006',
      services: [{ id: '80000061', name: 'Front load 4 yd', days: ['WEDNESDAY', 'SATURDAY'], everyWeeks: 2, startsOn: '2026-01-07', routes: [['N1', 'SATURDAY']] }],
      selections: [
        { category: 'Service Notification', channel: 'Email', type: 'SEMAIL', value: 'six@example.com' },
        { category: 'Service Notification', channel: 'Voice', type: 'SPHONE', value: '2065550106' },
        { category: 'Service Exception', channel: 'Email', type: 'SEMAIL', value: 'six@example.com' },
      ],
    },
    {
      id: '8000007',
      services: [{ id: '80000071', name: 'Cart', status: 'Inactive', days: ['WEDNESDAY', 'THURSDAY'], routes: [['N1', null]] }],
      selections: [
        { category: 'Service Notification', channel: 'Email', type: 'SEMAIL', value: 'inactive@example.com' },
        { category: 'Service Exception', channel: 'Email', type: 'SEMAIL', value: 'inactive@example.com' },
      ],
    },
    {
      id: '8000008',
      services: [
        { id: '80000081', name: 'Yard waste', days: ['WEDNESDAY'], startsOn: '2026-11-26' },
        { id: '80000082', name: 'Sunday cart', days: ['SUNDAY'], routes: [['N1', 'SUNDAY']] },
      ],
      selections: [{ category: 'Service Exception', channel: 'Email', type: 'SEMAIL', value: 'eight@example.com' }],
    },
    {
      id: '8000009',
      services: [{ id: '80000091', name: 'Cart', days: ['WEDNESDAY', 'THURSDAY'] }],
      selections: [
        { category: 'Service Notification', channel: 'Email', type: 'SEMAIL', value: 'channeloff@example.com', channelOptIn: false },
        { category: 'Service Exception', channel: 'Email', type: 'SEMAIL', value: 'channeloff@example.com', channelOptIn: false },
      ],
    },
  ] as FixtureCustomer[],
};
