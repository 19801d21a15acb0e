import { LOCAL_DATE_PATTERN, LOCAL_DATE_TIME_PATTERN, isCalendarDate } from '@curbside/domain';
import type { LocalDate, LocalDateTime, YearMonth } from '@curbside/domain';
import { DecodeError } from './errors';

/**
 * One date shape of the wire, converting to and from the domain's canonical strings
 * (`YYYY-MM-DDTHH:mm:ss.SSS`, `YYYY-MM-DD`, `YYYY-MM`).
 */
export interface DateShape<T extends string> {
  /** The shape as the interface spec writes it, e.g. `MM/dd/yy HH:mm:ss`. */
  readonly pattern: string;
  /** The canonical value, or null when `text` is not a real date (or time) written in this shape. */
  parse(text: string): T | null;
  /** `value` (canonical) written in this shape; throws RangeError when it is not canonical or not representable. */
  format(value: T): string;
}

interface DateTimeParts {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
  millisecond: number;
}

const pad = (n: number, width = 2): string => String(n).padStart(width, '0');

function canonicalDate(year: number, month: number, day: number): LocalDate | null {
  return isCalendarDate(year, month, day) ? `${pad(year, 4)}-${pad(month)}-${pad(day)}` : null;
}

function canonicalDateTime(p: DateTimeParts): LocalDateTime | null {
  const date = canonicalDate(p.year, p.month, p.day);
  if (date === null || p.hour > 23 || p.minute > 59 || p.second > 59) return null;
  return `${date}T${pad(p.hour)}:${pad(p.minute)}:${pad(p.second)}.${pad(p.millisecond, 3)}`;
}

function assertCanonicalDateTime(value: LocalDateTime): void {
  if (!LOCAL_DATE_TIME_PATTERN.test(value)) throw new RangeError(`not a canonical datetime: ${value}`);
}

function assertCanonicalDate(value: LocalDate): void {
  if (!LOCAL_DATE_PATTERN.test(value)) throw new RangeError(`not a canonical date: ${value}`);
}

/** Two-digit years: 00-69 are 2000-2069, 70-99 are 1970-1999. */
const fullYear = (yy: number): number => (yy < 70 ? 2000 + yy : 1900 + yy);

function twoDigitYear(year: number): string {
  if (year < 1970 || year > 2069) throw new RangeError(`year ${year} cannot be written with two digits`);
  return pad(year % 100);
}

/** The match's groups as numbers (one array: an import reads millions of dates). */
function numbers(match: RegExpExecArray): number[] {
  const values = new Array<number>(match.length - 1);
  for (let group = 1; group < match.length; group++) values[group - 1] = Number(match[group]);
  return values;
}

const usDate = (date: LocalDate): string => `${date.slice(5, 7)}/${date.slice(8, 10)}/${twoDigitYear(Number(date.slice(0, 4)))}`;

/** `MM/dd/yy HH:mm:ss` — service tickets. Seconds precision: milliseconds are dropped on writing. */
export const usDateTimeShape: DateShape<LocalDateTime> = {
  pattern: 'MM/dd/yy HH:mm:ss',
  parse(text) {
    const m = /^(\d{2})\/(\d{2})\/(\d{2}) (\d{2}):(\d{2}):(\d{2})$/.exec(text);
    if (m === null) return null;
    const [month, day, yy, hour, minute, second] = numbers(m);
    return canonicalDateTime({ year: fullYear(yy), month, day, hour, minute, second, millisecond: 0 });
  },
  format(value) {
    assertCanonicalDateTime(value);
    return `${usDate(value.slice(0, 10))} ${value.slice(11, 19)}`;
  },
};

/**
 * `yyyy-MM-dd HH:mm:ss.S` — disposal tickets and cases. The fraction is 1 to 3 digits of a second,
 * written like java.sql.Timestamp: trailing zeros trimmed, at least one digit (0 ms -> `.0`, 50 ms -> `.05`).
 */
export const timestampShape: DateShape<LocalDateTime> = {
  pattern: 'yyyy-MM-dd HH:mm:ss.S',
  parse(text) {
    const m = /^(\d{4})-(\d{2})-(\d{2}) (\d{2}):(\d{2}):(\d{2})\.(\d{1,3})$/.exec(text);
    if (m === null) return null;
    const [year, month, day, hour, minute, second] = numbers(m);
    return canonicalDateTime({ year, month, day, hour, minute, second, millisecond: Number(m[7].padEnd(3, '0')) });
  },
  format(value) {
    assertCanonicalDateTime(value);
    const fraction = value.slice(20, 23).replace(/0+$/, '') || '0';
    return `${value.slice(0, 10)} ${value.slice(11, 19)}.${fraction}`;
  },
};

/** `yyyy-MM-dd HH:mm:ss` — invoice fees, activities, preference audit. Milliseconds are dropped on writing. */
export const dateTimeShape: DateShape<LocalDateTime> = {
  pattern: 'yyyy-MM-dd HH:mm:ss',
  parse(text) {
    const m = /^(\d{4})-(\d{2})-(\d{2}) (\d{2}):(\d{2}):(\d{2})$/.exec(text);
    if (m === null) return null;
    const [year, month, day, hour, minute, second] = numbers(m);
    return canonicalDateTime({ year, month, day, hour, minute, second, millisecond: 0 });
  },
  format(value) {
    assertCanonicalDateTime(value);
    return `${value.slice(0, 10)} ${value.slice(11, 19)}`;
  },
};

/**
 * What a `yyyy-MM-dd` value a client sends must be, in JSON Schema: the document says so wherever
 * `isoDateShape` reads one (a body's date, `fromDate`/`toDate`, `requestDate`).
 */
export const ISO_DATE_SCHEMA = { type: 'string', format: 'date', pattern: '^\\d{4}-\\d{2}-\\d{2}$' } as const;

/** `yyyy-MM-dd` — the v2 invoice list, and the `fromDate`/`toDate` query parameters. */
export const isoDateShape: DateShape<LocalDate> = {
  pattern: 'yyyy-MM-dd',
  parse(text) {
    const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
    if (m === null) return null;
    const [year, month, day] = numbers(m);
    return canonicalDate(year, month, day);
  },
  format(value) {
    assertCanonicalDate(value);
    return value;
  },
};

/** `MM/dd/yy` — invoice detail lines. */
export const usDateShape: DateShape<LocalDate> = {
  pattern: 'MM/dd/yy',
  parse(text) {
    const m = /^(\d{2})\/(\d{2})\/(\d{2})$/.exec(text);
    if (m === null) return null;
    const [month, day, yy] = numbers(m);
    return canonicalDate(fullYear(yy), month, day);
  },
  format(value) {
    assertCanonicalDate(value);
    return usDate(value);
  },
};

/** `MM/dd/yyyy` — pickup records (planned and ordered dates). */
export const usLongDateShape: DateShape<LocalDate> = {
  pattern: 'MM/dd/yyyy',
  parse(text) {
    const m = /^(\d{2})\/(\d{2})\/(\d{4})$/.exec(text);
    if (m === null) return null;
    const [month, day, year] = numbers(m);
    return canonicalDate(year, month, day);
  },
  format(value) {
    assertCanonicalDate(value);
    return `${value.slice(5, 7)}/${value.slice(8, 10)}/${value.slice(0, 4)}`;
  },
};

/** `MM/dd/yyyy HH:mm:ss` — a pickup's `service_time`. Milliseconds are dropped on writing. */
export const usLongDateTimeShape: DateShape<LocalDateTime> = {
  pattern: 'MM/dd/yyyy HH:mm:ss',
  parse(text) {
    const m = /^(\d{2})\/(\d{2})\/(\d{4}) (\d{2}):(\d{2}):(\d{2})$/.exec(text);
    if (m === null) return null;
    const [month, day, year, hour, minute, second] = numbers(m);
    return canonicalDateTime({ year, month, day, hour, minute, second, millisecond: 0 });
  },
  format(value) {
    assertCanonicalDateTime(value);
    return `${usLongDateShape.format(value.slice(0, 10))} ${value.slice(11, 19)}`;
  },
};

/**
 * `yyyy-MM-dd HH:mm:ss.SSS'Z'` — account notes. The `Z` is part of the published shape; the
 * value is kept zoneless like every other datetime.
 */
export const noteTimeShape: DateShape<LocalDateTime> = {
  pattern: "yyyy-MM-dd HH:mm:ss.SSS'Z'",
  parse(text) {
    const m = /^(\d{4})-(\d{2})-(\d{2}) (\d{2}):(\d{2}):(\d{2})\.(\d{3})Z$/.exec(text);
    if (m === null) return null;
    const [year, month, day, hour, minute, second, millisecond] = numbers(m);
    return canonicalDateTime({ year, month, day, hour, minute, second, millisecond });
  },
  format(value) {
    assertCanonicalDateTime(value);
    return `${value.slice(0, 10)} ${value.slice(11, 23)}Z`;
  },
};

/** ISO-8601 instants by zone, compiled once: every ETA and login of an import is checked against one. */
const ISO_INSTANT = {
  utc: /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2}):(\d{2})(?:\.\d{1,9})?Z$/,
  offset: /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2}):(\d{2})(?:\.\d{1,9})?(?:Z|[+-](?:[01]\d|2[0-3]):[0-5]\d)$/,
};

/**
 * An ISO-8601 instant kept as written (ETA windows in UTC, `...Z`; profile logins with an
 * offset): true when `text` is one, with a real date and time.
 */
export function isIsoInstant(text: string, zone: 'utc' | 'offset'): boolean {
  const m = ISO_INSTANT[zone].exec(text);
  if (m === null) return false;
  const [year, month, day, hour, minute, second] = numbers(m);
  return canonicalDateTime({ year, month, day, hour, minute, second, millisecond: 0 }) !== null;
}

/** `yyyyMM` — invoice line periods. */
export const yearMonthShape: DateShape<YearMonth> = {
  pattern: 'yyyyMM',
  parse(text) {
    const m = /^(\d{4})(\d{2})$/.exec(text);
    if (m === null) return null;
    const month = Number(m[2]);
    return month >= 1 && month <= 12 ? `${m[1]}-${m[2]}` : null;
  },
  format(value) {
    if (!/^\d{4}-(0[1-9]|1[0-2])$/.test(value)) throw new RangeError(`not a canonical year-month: ${value}`);
    return `${value.slice(0, 4)}${value.slice(5, 7)}`;
  },
};

/**
 * A `fromDate`/`toDate` query value: strictly `yyyy-MM-dd`, a real calendar day.
 * Throws DecodeError naming `field` otherwise.
 */
export function parseQueryDate(text: string, field = 'date'): LocalDate {
  const date = isoDateShape.parse(text);
  if (date === null) throw new DecodeError([{ field, message: 'expected a real calendar day written yyyy-MM-dd' }]);
  return date;
}
