import type { DateRange, LocalDate, LocalDateTime } from './values';

const pad = (n: number, width = 2): string => String(n).padStart(width, '0');

/** True when `yyyy-MM-dd` names a real calendar day. */
export function isCalendarDate(year: number, month: number, day: number): boolean {
  if (month < 1 || month > 12 || day < 1) return false;
  const daysInMonth = new Date(Date.UTC(year, month, 0)).getUTCDate();
  return day <= daysInMonth;
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
  return { from: range.from, toExclusive: range.to === null ? null : nextDay(range.to) };
}
