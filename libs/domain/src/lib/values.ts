/**
 * Value shapes shared by every record.
 *
 * Wire values are strings, and amounts must survive import -> export byte for byte, so
 * numbers that are identifiers or money stay decimal strings in the domain too.
 * Datetimes are zoneless local times (the interface never names a zone), held in one
 * canonical, lexically sortable form so that storage, filters and ordering agree on
 * every database.
 */

/** Digits only, e.g. "1000001". */
export type Id = string;

/** A decimal number as written, e.g. "12.50", "-3", "0.0825". */
export type Decimal = string;

/** `YYYY-MM-DDTHH:mm:ss.SSS`, zoneless local time. */
export type LocalDateTime = string;

/** `YYYY-MM-DD`. */
export type LocalDate = string;

/** `YYYY-MM`. */
export type YearMonth = string;

/** Who changed a record and when. */
export interface AuditInfo {
  createdBy: string | null;
  createdAt: LocalDateTime | null;
  modifiedBy: string | null;
  modifiedAt: LocalDateTime | null;
}

/** An inclusive range of calendar days; either end may be open. */
export interface DateRange {
  from: LocalDate | null;
  to: LocalDate | null;
}

export const ID_PATTERN = /^\d{1,18}$/;
export const DECIMAL_PATTERN = /^-?\d+(\.\d+)?$/;
export const LOCAL_DATE_PATTERN = /^\d{4}-\d{2}-\d{2}$/;
export const LOCAL_DATE_TIME_PATTERN = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}$/;
