import type { Service } from './customer';
import { addDays, compareDates, mondayOf, wallClockIn, weekdayIndex } from './dates';
import { type Holiday, type ServiceSchedule, WEEKDAYS } from './pickups';
import { type ScheduledPickup, scheduledPickups } from './schedules';
import { isScheduledService, serviceName } from './service-rules';
import type { NewEvent } from './events';
import type { Id, LocalDate, LocalDateTime } from './values';

/*
 * The notices of CONTRACT §8 over the schedule rules of §6: which of a customer's services
 * pick up on a day, which pickups the holidays move, which customers a route runs for, and
 * when the daily run is due. Pure functions: "today" and "now" are parameters.
 */

/** What the notices read of a service. */
export type NoticeService = Pick<Service, 'id' | 'status' | 'name' | 'schedule' | 'operations'> & {
  catalog: Pick<Service['catalog'], 'name'>;
};

type ScheduledService = NoticeService & { schedule: ServiceSchedule };


/** One pickup of one service: the service's id and name with its (moved) date. */
export interface ServicePickup extends ScheduledPickup {
  serviceId: string;
  serviceName: string;
}

/**
 * Pickups of a schedule, remembered per holiday calendar (by identity) and `key`: a daily run
 * asks the same few schedules for every one of a million customers.
 */
const remembered = new WeakMap<readonly Holiday[], Map<string, ScheduledPickup[]>>();
function rememberedPickups(holidays: readonly Holiday[], key: string, work: () => ScheduledPickup[]): ScheduledPickup[] {
  let known = remembered.get(holidays);
  if (known === undefined) remembered.set(holidays, (known = new Map()));
  let pickups = known.get(key);
  if (pickups === undefined) known.set(key, (pickups = work()));
  return pickups;
}

const scheduleKey = (schedule: ServiceSchedule, from: LocalDate, until: LocalDate): string =>
  `${schedule.days.join(',')}|${schedule.everyWeeks}|${schedule.startsOn}|${from}|${until}`;

/** `scheduledPickups`, remembered. */
function pickupsOfSchedule(schedule: ServiceSchedule, holidays: readonly Holiday[], from: LocalDate, until: LocalDate): ScheduledPickup[] {
  return rememberedPickups(holidays, scheduleKey(schedule, from, until), () => scheduledPickups(schedule, holidays, from, until));
}

/** The service's `pickups` with its id and name (a run makes millions: a literal, not a spread). */
function pickupsOf(service: ScheduledService, pickups: readonly ScheduledPickup[]): ServicePickup[] {
  if (pickups.length === 0) return [];
  const name = serviceName(service);
  return pickups.map(({ date, scheduledDate, holidays }) => ({ date, scheduledDate, holidays, serviceId: service.id, serviceName: name }));
}

/** The pickups of `services` on `date`, holiday moves applied, in the order of `services`. */
export function pickupsOn(services: readonly NoticeService[], holidays: readonly Holiday[], date: LocalDate): ServicePickup[] {
  return services.filter(isScheduledService).flatMap((service) => pickupsOf(service, pickupsOfSchedule(service.schedule, holidays, date, date)));
}

/** The first day in `from`..`until` on which one of `services` picks up, holiday moves applied; null when none does. */
export function firstPickupDay(services: readonly NoticeService[], holidays: readonly Holiday[], from: LocalDate, until: LocalDate): LocalDate | null {
  let first: LocalDate | null = null;
  for (const service of services) {
    if (!isScheduledService(service)) continue;
    for (const { date } of pickupsOfSchedule(service.schedule, holidays, from, until)) {
      if (first === null || compareDates(date, first) < 0) first = date;
    }
  }
  return first;
}

/** One holiday's moves of a customer's pickups: what a `pickup.moved` notice names. */
export interface HolidayMoves {
  holiday: Holiday;
  pickups: ServicePickup[];
}

/**
 * The holidays that move a pickup of `services` scheduled in `from`..`until`, each with every
 * pickup it moves from `from` to the end of its week (a holiday moves only pickups of its own
 * week, so one notice names all of them even when the window ends mid-week). A pickup moved
 * by two holidays of one week is named under both, with its final date. Oldest holiday first.
 */
export function holidayMoves(
  services: readonly NoticeService[],
  holidays: readonly Holiday[],
  from: LocalDate,
  until: LocalDate,
): HolidayMoves[] {
  const { weekEnd, end } = moveWindowOf(holidays, until);
  const isMoved = (pickup: ScheduledPickup) =>
    pickup.holidays.length > 0 && pickup.scheduledDate >= from && pickup.scheduledDate <= weekEnd;
  // `end` and the calendar fix `weekEnd`: the moved pickups are remembered under the window's key.
  const movedOf = (schedule: ServiceSchedule) =>
    rememberedPickups(holidays, `moved|${scheduleKey(schedule, from, end)}`, () => pickupsOfSchedule(schedule, holidays, from, end).filter(isMoved));
  const moved = services.filter(isScheduledService).flatMap((service) => pickupsOf(service, movedOf(service.schedule)));
  const byHoliday = new Map<LocalDate, HolidayMoves>();
  for (const pickup of moved) {
    for (const holiday of pickup.holidays) {
      const entry = byHoliday.get(holiday.date) ?? { holiday, pickups: [] };
      entry.pickups.push(pickup);
      byHoliday.set(holiday.date, entry);
    }
  }
  return [...byHoliday.values()]
    .filter(({ pickups }) => pickups.some((pickup) => pickup.scheduledDate <= until))
    .map(({ holiday, pickups }) => ({ holiday, pickups: pickups.sort(byScheduledDate) }))
    .sort((a, b) => compareDates(a.holiday.date, b.holiday.date));
}

const byScheduledDate = (a: ServicePickup, b: ServicePickup): number =>
  compareDates(a.scheduledDate, b.scheduledDate) || compareDates(a.serviceId, b.serviceId);

/**
 * The end of the week of `until` and the last day a pickup of it can be moved to, remembered
 * per holiday calendar (by identity) and day: a run asks it for every customer.
 */
const moveWindows = new WeakMap<readonly Holiday[], Map<LocalDate, { weekEnd: LocalDate; end: LocalDate }>>();
function moveWindowOf(holidays: readonly Holiday[], until: LocalDate): { weekEnd: LocalDate; end: LocalDate } {
  let known = moveWindows.get(holidays);
  if (known === undefined) moveWindows.set(holidays, (known = new Map()));
  let window = known.get(until);
  if (window === undefined) {
    const weekEnd = addDays(mondayOf(until), 6);
    known.set(until, (window = { weekEnd, end: addDays(weekEnd, maxDelay(holidays)) }));
  }
  return window;
}

const maxDelay = (holidays: readonly Holiday[]): number => holidays.reduce((total, h) => total + Math.max(0, h.delayDays), 0);

/**
 * The pickups on `date` of the services a route serves: active services picked up that day
 * with an `operations` entry of `routeId` whose `day_of_week`, where it names one, is the
 * pickup's scheduled weekday (a Monday route moved to Tuesday by a holiday still runs for
 * its Monday stops). Empty: the route does not run for this customer that day.
 */
export function routePickupsOn(
  services: readonly NoticeService[],
  holidays: readonly Holiday[],
  routeId: string,
  date: LocalDate,
): ServicePickup[] {
  return services.filter(isScheduledService).flatMap((service) =>
    pickupsOf(service, pickupsOfSchedule(service.schedule, holidays, date, date)).filter((pickup) =>
      service.operations.some(
        (operation) =>
          operation.routeId === routeId &&
          (operation.dayOfWeek === null || operation.dayOfWeek === WEEKDAYS[weekdayIndex(pickup.scheduledDate)]),
      ),
    ),
  );
}

/**
 * The day whose daily run is due at `now`, or null before `reminderTime` (`HH:mm`, in
 * `timeZone`). Once the local clock has passed it, the run is due for the rest of the day,
 * so a notifier started late, or a day whose clocks jump over `reminderTime`, still runs it.
 */
export function dueRunDay(timeZone: string, reminderTime: string, now: Date): LocalDate | null {
  const { date, time } = wallClockIn(timeZone, now);
  return time.slice(0, 5) >= reminderTime ? date : null;
}

/** One pickup as a notice's payload lists it (`pickups`, JSON text: payload values are text). */
export interface NoticePickup {
  serviceId: string;
  service: string;
  scheduledDate: LocalDate;
  date: LocalDate;
  /** The holidays that moved it, by name; empty when not moved. */
  holidays: string[];
}

const noticePickup = (pickup: ServicePickup): NoticePickup => ({
  serviceId: pickup.serviceId,
  service: pickup.serviceName,
  scheduledDate: pickup.scheduledDate,
  date: pickup.date,
  holidays: pickup.holidays.map((h) => h.name),
});

/** The pickups a notice's payload lists. */
export const noticePickups = (payload: Record<string, string | null>): NoticePickup[] =>
  JSON.parse(payload['pickups'] ?? '[]') as NoticePickup[];

/** A notice: its event and the key that makes it once per customer and day, holiday or alert (CONTRACT §8). */
export interface Notice {
  key: string;
  event: NewEvent;
}

/** `pickup.reminder`: one per customer and pickup day, listing every service picked up that day. */
export function reminderNotice(customerId: Id, date: LocalDate, pickups: readonly ServicePickup[]): Notice {
  return {
    key: `pickup.reminder:${customerId}:${date}`,
    event: { customerId, type: 'pickup.reminder', payload: { date, pickups: JSON.stringify(pickups.map(noticePickup)) } },
  };
}

/** `pickup.moved`: one per customer and holiday (and its `delay_days`: a change is news). */
export function movedNotice(customerId: Id, { holiday, pickups }: HolidayMoves): Notice {
  return {
    key: `pickup.moved:${customerId}:${holiday.date}:${holiday.delayDays}`,
    event: {
      customerId,
      type: 'pickup.moved',
      payload: {
        holidayDate: holiday.date,
        holidayName: holiday.name,
        delayDays: String(holiday.delayDays),
        pickups: JSON.stringify(pickups.map(noticePickup)),
      },
    },
  };
}

/** An operator's message to the customers a route runs for on a day. */
export interface RouteAlert {
  id: string;
  routeId: string;
  date: LocalDate;
  message: string;
  customers: number;
  createdAt: LocalDateTime;
}

/** `route.alert`: one per customer and alert. */
export function routeAlertNotice(customerId: Id, alert: Pick<RouteAlert, 'id' | 'routeId' | 'date' | 'message'>): Notice {
  return {
    key: `route.alert:${customerId}:${alert.id}`,
    event: { customerId, type: 'route.alert', payload: { alertId: alert.id, routeId: alert.routeId, date: alert.date, message: alert.message } },
  };
}
