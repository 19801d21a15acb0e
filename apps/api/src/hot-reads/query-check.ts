import { DecodeError, parseQueryDate } from '@curbside/codecs';
import { ListParams, MAX_LIMIT } from '../lists/list.query';

/** A query parameter's value as the handler takes it, or `UNSURE` when only the validation pipe can judge it. */
type FieldCheck = (value: string) => unknown;

const UNSURE = Symbol('UNSURE');

/** A checked query, or null: then the validation pipe judges it (and answers its 400, or passes it). */
export type QueryCheck = (query: unknown) => Record<string, unknown> | null;

/**
 * The usual forms of the query DTOs' rules, each a subset of what the DTO accepts (never more), as
 * the DTO's class-validator rules would pass them on. Anything else goes to the validation pipe.
 */
export const QUERY_FIELDS = {
  /** `IsQueryDate`: a real calendar day, `yyyy-MM-dd`. */
  date: (value: string): unknown => {
    try {
      parseQueryDate(value);
      return value;
    } catch (error) {
      if (error instanceof DecodeError) return UNSURE;
      throw error;
    }
  },
  /** `PageParams.limit`: digits from 1 to MAX_LIMIT, as a number (the DTO's `@Type(() => Number)`). */
  limit: (value: string): unknown => (/^[1-9]\d{0,3}$/.test(value) && Number(value) <= MAX_LIMIT ? Number(value) : UNSURE),
  /** `PageParams.cursor`: a string of at most 512 characters. */
  cursor: (value: string): unknown => (value.length <= 512 ? value : UNSURE),
  /** `IsIn(values)`. */
  oneOf:
    (...values: string[]) =>
    (value: string): unknown =>
      values.includes(value) ? value : UNSURE,
} satisfies Record<string, FieldCheck | ((...values: string[]) => FieldCheck)>;

/** The list query's fields (`ListParams`: the date window and the page). */
export const LIST_FIELDS = { fromDate: QUERY_FIELDS.date, toDate: QUERY_FIELDS.date, limit: QUERY_FIELDS.limit, cursor: QUERY_FIELDS.cursor };

/**
 * One check of a query compiled from its fields, instead of class-validator per request: every
 * member known and single, each value in its field's usual form.
 */
export function compileQueryCheck(fields: Record<string, FieldCheck>): QueryCheck {
  const checks = new Map(Object.entries(fields));
  return (query) => {
    const checked: Record<string, unknown> = {};
    for (const name in query as Record<string, unknown>) {
      const value = (query as Record<string, unknown>)[name];
      const check = checks.get(name);
      if (check === undefined || typeof value !== 'string') return null;
      const result = check(value);
      if (result === UNSURE) return null;
      checked[name] = result;
    }
    return checked;
  };
}

/** The query of a dated list (`ListParams`), for a hot read. */
export const LIST_QUERY = { type: ListParams, check: compileQueryCheck(LIST_FIELDS) };
