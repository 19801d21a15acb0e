import type { DateRange, LocalDate, LocalDateTime } from './values';

const pad = (n: number, width = 2): string => String(n).padStart(width, '0');

/** True when `yyyy-MM-dd` names a real calendar day. */
export function isCalendarDate(year: number, month: number, day: number): boolean {
  if (month < 1 || month > 12 || day < 1) return false;
  return day <= (month === 2 && isLeapYear(year) ? 29 : DAYS_IN_MONTH[month - 1]);
}

/** Days of each month in a common year. Counted, not asked of a Date: an import checks every date of its file. */
const DAYS_IN_MONTH = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

/** Gregorian leap years. Years 0–99 count as 1900–1999, as in `Date.UTC`, which this check used before. */
function isLeapYear(year: number): boolean {
  const full = year >= 0 && year <= 99 ? 1900 + year : year;
  return (full % 4 === 0 && full % 100 !== 0) || full % 400 === 0;
}

/** The day after `date` (`YYYY-MM-DD`). */
export function nextDay(date: LocalDate): LocalDate {
  const [y, m, d] = date.split('-').map(Number);
  const next = new Date(Date.UTC(y, m - 1, d + 1));
  return `${pad(next.getUTCFullYear(), 4)}-${pad(next.getUTCMonth() + 1)}-${pad(next.getUTCDate())}`;
}

/** The current local time of this process, in the canonical datetime form. */
export function nowLocalDateTime(now: Date = new Date()): LocalDateTime {
  return (
    `${pad(now.getFullYear(), 4)}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}` +
    `T${pad(now.getHours())}:${pad(now.getMinutes())}:${pad(now.getSeconds())}.${pad(now.getMilliseconds(), 3)}`
  );
}

/**
 * Bounds for comparing canonical date or datetime strings against an inclusive day range:
 * `value >= from && value < toExclusive`. Works for `LocalDate` and `LocalDateTime` alike,
 * because both sort lexically.
 */
export function rangeBounds(range: DateRange): { from: LocalDate | null; toExclusive: LocalDate | null } {
  // Nothing canonical sorts after the last day, and its next day (year 10000) would sort before it.
  const unbounded = range.to === null || range.to >= LAST_DATE;
  return { from: range.from, toExclusive: unbounded ? null : nextDay(range.to as LocalDate) };
}

/** The last day a four-digit `yyyy-MM-dd` can name: date arithmetic past it leaves the text order. */
export const LAST_DATE: LocalDate = '9999-12-31';

const toUtcDate = (date: LocalDate): Date => {
  const [year, month, day] = date.split('-').map(Number);
  const utc = new Date(0);
  utc.setUTCFullYear(year, month - 1, day); // Date.UTC would read years 0-99 as 1900-1999
  return utc;
};

const fromUtcDate = (date: Date): LocalDate =>
  `${pad(date.getUTCFullYear(), 4)}-${pad(date.getUTCMonth() + 1)}-${pad(date.getUTCDate())}`;

/** Orders canonical dates or datetimes (they sort as plain text, no locale rules needed). */
export const compareDates = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);

/** `date` moved by `days` (negative: earlier). */
export function addDays(date: LocalDate, days: number): LocalDate {
  const moved = toUtcDate(date);
  moved.setUTCDate(moved.getUTCDate() + days);
  return fromUtcDate(moved);
}

/** Whole days from `from` to `to` (negative when `to` is earlier). */
export function daysBetween(from: LocalDate, to: LocalDate): number {
  return Math.round((toUtcDate(to).getTime() - toUtcDate(from).getTime()) / 86_400_000);
}

/** 0 for Monday … 6 for Sunday (ISO 8601's order, not `Date.getDay`'s): the index of the day in `WEEKDAYS`. */
export function weekdayIndex(date: LocalDate): number {
  return (toUtcDate(date).getUTCDay() + 6) % 7;
}

/** The Monday that starts the week of `date`. */
export function mondayOf(date: LocalDate): LocalDate {
  return addDays(date, -weekdayIndex(date));
}

/** One formatter per time zone: making one costs far more than using it. */
const wallClocks = new Map<string, Intl.DateTimeFormat>();

/** The calendar day and wall-clock time (`HH:mm:ss`) that `now` is in the IANA `timeZone` (e.g. `America/Chicago`). */
export function wallClockIn(timeZone: string, now: Date): { date: LocalDate; time: string } {
  let format = wallClocks.get(timeZone);
  if (format === undefined) {
    const options = { timeZone, hourCycle: 'h23', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit' } as const;
    wallClocks.set(timeZone, (format = new Intl.DateTimeFormat('en-US', options)));
  }
  const parts = format.formatToParts(now);
  const part = (type: Intl.DateTimeFormatPartTypes): string => parts.find((p) => p.type === type)?.value ?? '';
  return { date: `${part('year').padStart(4, '0')}-${part('month')}-${part('day')}`, time: `${part('hour')}:${part('minute')}:${part('second')}` };
}

/** The calendar day that `now` is in the IANA `timeZone`. */
export function todayIn(timeZone: string, now: Date): LocalDate {
  return wallClockIn(timeZone, now).date;
}

/** The wall-clock time that `now` is in the IANA `timeZone`, in the canonical datetime form. */
export function localDateTimeIn(timeZone: string, now: Date): LocalDateTime {
  const { date, time } = wallClockIn(timeZone, now);
  return `${date}T${time}.${pad(now.getUTCMilliseconds(), 3)}`;
}
