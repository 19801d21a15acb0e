import { addDays, compareDates, daysBetween, mondayOf, weekdayIndex } from './dates';
import { type Holiday, isConfirmed, type Pickup, type ServiceSchedule, type Weekday, WEEKDAYS } from './pickups';
import type { LocalDate } from './values';

/*
 * The schedule rules of CONTRACT §6, the one place that turns a schedule and the holiday
 * calendar into pickup days: next-pickup, the calendar feed, ETA's `Scheduled` and the
 * notifier's reminders all ask here. Dates are calendar days of the operating time zone;
 * "today" is always a parameter (see `todayIn`).
 */

/** One pickup the schedule plans: `date` after the holiday moves, `scheduledDate` before. */
export interface ScheduledPickup {
  date: LocalDate;
  scheduledDate: LocalDate;
  /** The holidays that moved it, oldest first; empty when `date` is `scheduledDate`. */
  holidays: Holiday[];
}

/** How far ahead the next pickup not yet confirmed is looked for. */
const NEXT_PICKUP_SEARCH_DAYS = 366;

/**
 * The pickups whose (moved) date falls in `from`..`until`, both included, in date order.
 * A pickup scheduled before `from` can be moved into the range, so the scan starts earlier.
 */
export function scheduledPickups(
  schedule: ServiceSchedule,
  holidays: readonly Holiday[],
  from: LocalDate,
  until: LocalDate,
): ScheduledPickup[] {
  const movingByWeek = movingHolidaysByWeek(holidays);
  const startWeek = mondayOf(schedule.startsOn);
  const scanWeek = mondayOf(addDays(from, -largestWeeklyDelay(movingByWeek)));
  const firstWeek = scanWeek > startWeek ? scanWeek : startWeek;
  const everyWeeks = Math.max(1, schedule.everyWeeks);
  const skip = (everyWeeks - ((daysBetween(startWeek, firstWeek) / 7) % everyWeeks)) % everyWeeks;
  const dayIndexes = WEEKDAYS.flatMap((day, index) => (schedule.days.includes(day) ? [index] : []));
  const pickups: ScheduledPickup[] = [];
  // Counted, not compared as text: a day past 9999-12-31 (year 10000) would sort before it.
  const lastWeek = Math.floor(daysBetween(firstWeek, until) / 7);
  for (let weekNumber = skip; weekNumber <= lastWeek; weekNumber += everyWeeks) {
    const week = addDays(firstWeek, 7 * weekNumber);
    const weekHolidays = movingByWeek.get(week) ?? [];
    for (const index of dayIndexes) {
      const scheduledDate = addDays(week, index);
      if (scheduledDate < schedule.startsOn) continue;
      const moving = weekHolidays.filter((h) => h.date <= scheduledDate);
      const date = addDays(scheduledDate, moving.reduce((total, h) => total + h.delayDays, 0));
      if (daysBetween(from, date) >= 0 && daysBetween(date, until) >= 0) pickups.push({ date, scheduledDate, holidays: moving });
    }
  }
  return pickups.sort((a, b) => compareDates(a.date, b.date) || compareDates(a.scheduledDate, b.scheduledDate));
}

/** True when a (moved) pickup of the schedule falls on `date`. */
export function isScheduledOn(schedule: ServiceSchedule, holidays: readonly Holiday[], date: LocalDate): boolean {
  return scheduledPickups(schedule, holidays, date, date).length > 0;
}

/**
 * The first (moved) pickup on or after `today` that no pickup record with a `Confirmed …`
 * status already covers; `pickups` are the records of this one service. Null when the
 * schedule plans nothing within a year.
 */
export function nextPickup(
  schedule: ServiceSchedule,
  holidays: readonly Holiday[],
  pickups: readonly Pickup[],
  today: LocalDate,
): ScheduledPickup | null {
  const confirmedDates = new Set(pickups.filter((p) => isConfirmed(p.status)).map((p) => p.plannedDate));
  const windowDays = 28 * Math.max(1, schedule.everyWeeks);
  for (let from = today; daysBetween(today, from) <= NEXT_PICKUP_SEARCH_DAYS; from = addDays(from, windowDays)) {
    const upcoming = scheduledPickups(schedule, holidays, from, addDays(from, windowDays - 1));
    const next = upcoming.find((pickup) => !confirmedDates.has(pickup.date));
    if (next) return next;
  }
  return null;
}

/** "Every Monday and Thursday", "Every other Monday", "Every 4 weeks on Friday". */
export function describeSchedule(schedule: ServiceSchedule): string {
  const days = WEEKDAYS.filter((day) => schedule.days.includes(day)).map(weekdayName);
  if (days.length === 0) return 'No scheduled pickups';
  const list = days.length === 1 ? days[0] : `${days.slice(0, -1).join(', ')} and ${days[days.length - 1]}`;
  if (schedule.everyWeeks === 1) return `Every ${list}`;
  if (schedule.everyWeeks === 2) return `Every other ${list}`;
  return `Every ${schedule.everyWeeks} weeks on ${list}`;
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** The published `EEEE, MMM d , yyyy`, space before the comma included: "Thursday, Feb 15 , 2018". */
export function formatPublishedPickupDate(date: LocalDate): string {
  const [year, month, day] = date.split('-').map(Number);
  return `${weekdayName(weekdayOf(date))}, ${MONTHS[month - 1]} ${day} , ${year}`;
}

/** The weekday of a date, as the wire and `WEEKDAYS` name it: `THURSDAY` (`weekdayName` makes it "Thursday"). */
export const weekdayOf = (date: LocalDate): Weekday => WEEKDAYS[weekdayIndex(date)];

/** "MONDAY" → "Monday". */
export function weekdayName(day: Weekday): string {
  return day.charAt(0) + day.slice(1).toLowerCase();
}

/** The holidays that move pickups (Monday–Saturday ones), by the Monday of their week, oldest first. */
function movingHolidaysByWeek(holidays: readonly Holiday[]): Map<LocalDate, Holiday[]> {
  const byWeek = new Map<LocalDate, Holiday[]>();
  for (const h of [...holidays].sort((a, b) => compareDates(a.date, b.date))) {
    if (weekdayIndex(h.date) === SUNDAY) continue;
    const week = mondayOf(h.date);
    byWeek.set(week, [...(byWeek.get(week) ?? []), h]);
  }
  return byWeek;
}

/** The most days the holidays of any one week move a pickup: how far back a scan must start. */
function largestWeeklyDelay(movingByWeek: Map<LocalDate, Holiday[]>): number {
  const delays = [...movingByWeek.values()].map((week) => week.reduce((total, h) => total + Math.max(0, h.delayDays), 0));
  return Math.max(0, ...delays);
}

const SUNDAY = 6;
