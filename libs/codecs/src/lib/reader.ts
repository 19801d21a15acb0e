import { DECIMAL_PATTERN, ID_PATTERN } from '@curbside/domain';
import type { Decimal, Id } from '@curbside/domain';
import { bounded } from '@curbside/contract';
import { type DateShape, isIsoInstant } from './dates';
import { DecodeError, type FieldIssue } from './errors';
import { NULL } from './wire';
import { xmlUnsafeReason } from './xml-chars';

/** Receives one problem: the field's full JSON path and what is wrong with it. */
export type Report = (field: string, message: string) => void;

/** What a value parser returns when a wire string is not a valid value. */
export class Invalid {
  constructor(readonly message: string) {}
}

/** Reads one wire string into a domain value. */
export type ValueParser<T> = (text: string) => T | Invalid;

/**
 * Stands in for a required value that could not be read. It never escapes: whoever reads
 * with a reader throws as soon as anything was reported.
 */
const UNREADABLE = undefined as never;

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

function describeJsonType(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  return typeof value === 'object' ? 'an object' : `a ${typeof value}`;
}

export const joinPath = (path: string, member: string): string => (path === '' ? member : `${path}.${member}`);

/**
 * How the members of a wire object arrive: as JSON has them, or as `parseXml` reads XML (CONTRACT §4), every
 * member an array of its elements, an empty element `''` and an empty list no element at all.
 */
export type WireForm = 'json' | 'xml';

/**
 * Strict reader of one wire object. Every member a decoder does not read is reported as
 * unknown, so the decoder itself is the schema.
 */
export class ObjectReader {
  /** The members read (a name may repeat): a few names, cheaper in an array than a Set for every object of a file. */
  private readonly readMembers: string[] = [];

  constructor(
    private readonly members: Record<string, unknown>,
    readonly path: string,
    readonly report: Report,
    /** How this object's members arrive: a member of an XML object is the array of its elements. */
    readonly form: WireForm = 'json',
  ) {}

  /** The path of member `name`; a name over 40 characters (one the input made up) cut and quoted, as problems show input. */
  fieldPath(name: string): string {
    return joinPath(this.path, bounded(name));
  }

  has(name: string): boolean {
    return Object.hasOwn(this.members, name);
  }

  /** The member's JSON value (undefined when absent), marking it as read. */
  raw(name: string): unknown {
    this.readMembers.push(name);
    return this.has(name) ? this.members[name] : undefined;
  }

  /**
   * A member that may be absent or "null" (both read as null). An empty string its format does
   * not take (a date, a time, a number, an id) reads as null too; a text member keeps it (CONTRACT §6).
   */
  optional<T>(name: string, parse: ValueParser<T>): T | null {
    const text = this.leaf(name);
    if (text === null || text === undefined || (text === '' && parse(text) instanceof Invalid)) return null;
    return this.parse(name, text, parse);
  }

  /** A member that must be present and not "null". */
  required<T>(name: string, parse: ValueParser<T>): T {
    const text = this.leaf(name);
    if (text === null) {
      this.report(this.fieldPath(name), this.has(name) ? 'is required and cannot be "null"' : 'is required');
      return UNREADABLE;
    }
    if (text === undefined) return UNREADABLE;
    return this.parse(name, text, parse) ?? UNREADABLE;
  }

  /** A nested object; an absent one reads as an object with every member absent. */
  object<T>(name: string, read: (reader: ObjectReader) => T): T {
    const value = this.raw(name);
    const element = value === undefined ? {} : this.form === 'xml' ? this.onlyElement(name, value) : value;
    // A repeated element is reported once, not once more for each member it lacks.
    if (element === undefined) return read(new ObjectReader({}, this.fieldPath(name), () => undefined, this.form));
    return readObject(this.asObject(element), this.fieldPath(name), this.report, read, this.form);
  }

  /** A list of objects; an absent one reads as empty. */
  list<T>(name: string, read: (reader: ObjectReader, index: number) => T): T[] {
    const path = this.fieldPath(name);
    return this.array(name).map((item, index) =>
      readObject(this.asObject(item), `${path}[${index}]`, this.report, (r) => read(r, index), this.form),
    );
  }

  /** A list of objects that must be present and hold at least one `noun`. */
  nonEmptyList<T>(name: string, noun: string, read: (reader: ObjectReader, index: number) => T): T[] {
    const items = this.list(name, read);
    if (!this.has(name)) this.report(this.fieldPath(name), 'is required');
    else if (Array.isArray(this.raw(name)) && items.length === 0) this.report(this.fieldPath(name), `must hold at least one ${noun}`);
    return items;
  }

  /** A list's raw items; an absent one reads as empty. */
  array(name: string): unknown[] {
    const value = this.raw(name);
    if (value === undefined) return [];
    if (Array.isArray(value)) return value;
    this.report(this.fieldPath(name), `expected an array, got ${describeJsonType(value)}`);
    return [];
  }

  /** Reports `name` when it is present: for members a record of this kind must not carry. */
  forbid(name: string, message: string): void {
    if (this.has(name)) {
      this.raw(name);
      this.report(this.fieldPath(name), message);
    }
  }

  /**
   * Reports every member outside `names` as unknown: a view shows some members of its record, and reading it with
   * the record's reader must not take one the view leaves out.
   */
  allowOnly(names: readonly string[]): void {
    for (const name of Object.keys(this.members)) {
      if (!names.includes(name)) {
        this.raw(name);
        this.report(this.fieldPath(name), 'unknown member');
      }
    }
  }

  reportUnknownMembers(): void {
    for (const name of Object.keys(this.members)) {
      if (!this.readMembers.includes(name)) this.report(this.fieldPath(name), 'unknown member');
    }
  }

  /** An XML member's one element; undefined (reported) when it repeats. */
  private onlyElement(name: string, elements: unknown): unknown {
    if (Array.isArray(elements) && elements.length === 1) return elements[0];
    this.report(this.fieldPath(name), `expected one element, got ${Array.isArray(elements) ? elements.length : describeJsonType(elements)}`);
    return undefined;
  }

  /** An object element: XML writes one without members as an empty element, which `parseXml` reads as `''`. */
  private asObject(value: unknown): unknown {
    return this.form === 'xml' && value === '' ? {} : value;
  }

  /** The member's string; null when absent or "null"; undefined when unusable (already reported). */
  private leaf(name: string): string | null | undefined {
    const member = this.raw(name);
    const value = member !== undefined && this.form === 'xml' ? this.onlyElement(name, member) : member;
    if (member !== undefined && value === undefined) return undefined;
    if (value === undefined || value === NULL) return null;
    if (typeof value !== 'string') {
      this.report(this.fieldPath(name), `expected a string, got ${describeJsonType(value)}`);
      return undefined;
    }
    const unsafe = xmlUnsafeReason(value);
    if (unsafe !== null) {
      this.report(this.fieldPath(name), unsafe);
      return undefined;
    }
    return value;
  }

  private parse<T>(name: string, text: string, parse: ValueParser<T>): T | null {
    const value = parse(text);
    if (!(value instanceof Invalid)) return value;
    this.report(this.fieldPath(name), value.message);
    return null;
  }
}

/** Reads `value` as an object with `read`, then reports the members `read` did not touch. */
export function readObject<T>(value: unknown, path: string, report: Report, read: (reader: ObjectReader) => T, form: WireForm = 'json'): T {
  if (!isPlainObject(value)) {
    report(path, `expected an object, got ${describeJsonType(value)}`);
    return read(new ObjectReader({}, path, () => undefined, form));
  }
  const reader = new ObjectReader(value, path, report, form);
  const result = read(reader);
  reader.reportUnknownMembers();
  return result;
}

/** Reads `wire` with `read`, collecting every problem; throws one DecodeError listing them all. */
export function decodeStrictly<T>(wire: unknown, path: string, read: (reader: ObjectReader) => T, form: WireForm = 'json'): T {
  const issues: FieldIssue[] = [];
  const value = readObject(wire, path, (field, message) => issues.push({ field, message }), read, form);
  if (issues.length > 0) throw new DecodeError(issues);
  return value;
}

// ---- value parsers ------------------------------------------------------------------------

export const text: ValueParser<string> = (value) => value;

/** A text with at least one character that is not white space. */
export const nonBlank: ValueParser<string> = (value) => (/\S/.test(value) ? value : new Invalid('must not be blank'));

/** The number of characters of a text, as JSON Schema's `maxLength` counts them (code points, not UTF-16 units). */
export const characterCount = (value: string): number => [...value].length;

/** `parse`, for a text of at most `max` characters: the documented maximum of a member a client writes. */
export const atMost =
  <T>(max: number, parse: ValueParser<T>): ValueParser<T> =>
  (value) =>
    characterCount(value) <= max ? parse(value) : new Invalid(`expected at most ${max} characters, got ${characterCount(value)}`);

export const id: ValueParser<Id> = (value) =>
  ID_PATTERN.test(value) ? value : new Invalid('expected an id: 1 to 18 digits');

export const decimal: ValueParser<Decimal> = (value) =>
  DECIMAL_PATTERN.test(value) ? value : new Invalid('expected a decimal number such as 12.50');

export const oneOf =
  <T extends string>(values: readonly T[]): ValueParser<T> =>
  (value) =>
    (values as readonly string[]).includes(value) ? (value as T) : new Invalid(`expected one of: ${values.join(', ')}`);

export const yesNoFlag: ValueParser<boolean> = (value) =>
  value === 'Y' ? true : value === 'N' ? false : new Invalid('expected Y or N');

export const trueFalseFlag: ValueParser<boolean> = (value) =>
  value === 'true' ? true : value === 'false' ? false : new Invalid('expected true or false');

export const dateIn =
  <T extends string>(shape: DateShape<T>): ValueParser<T> =>
  (value) =>
    shape.parse(value) ?? new Invalid(`expected a real date written ${shape.pattern}`);

/** A count: a whole number from 0, written without sign or leading zeros (a list's `totalCount`, say). */
export const count: ValueParser<number> = (value) =>
  /^(0|[1-9]\d{0,14})$/.test(value) ? Number(value) : new Invalid('expected a whole number from 0');

/** A whole number from 1 to `max`, written without sign or leading zeros. */
export const positiveInteger =
  (max: number): ValueParser<number> =>
  (value) =>
    /^[1-9]\d*$/.test(value) && Number(value) <= max ? Number(value) : new Invalid(`expected a whole number from 1 to ${max}`);

/** An ISO-8601 instant, kept as written: in UTC (`2026-11-10T14:00:00Z`) or with an offset. */
export const isoInstant =
  (zone: 'utc' | 'offset'): ValueParser<string> =>
  (value) =>
    isIsoInstant(value, zone)
      ? value
      : new Invalid(
          zone === 'utc'
            ? 'expected an ISO-8601 UTC time such as 2026-11-10T14:00:00Z'
            : 'expected an ISO-8601 time with an offset such as 2026-05-21T15:41:52.000-05:00',
        );

/** A list of strings, each read with `parse`; an absent one reads as empty. */
export function readStrings<T>(r: ObjectReader, name: string, parse: ValueParser<T>): T[] {
  const values: T[] = [];
  r.array(name).forEach((item, index) => {
    const field = `${r.fieldPath(name)}[${index}]`;
    if (typeof item !== 'string') return r.report(field, `expected a string, got ${describeJsonType(item)}`);
    const value = parse(item);
    if (value instanceof Invalid) r.report(field, value.message);
    else values.push(value);
  });
  return values;
}
