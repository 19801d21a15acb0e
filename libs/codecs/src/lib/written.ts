import type { WireObject } from './wire';

/*
 * A resource's wire shape, declared once and compiled per shape into two writers: the wire object
 * (`objectOf`), and a list's JSON text (`WrittenList`) written straight from the records the driver's
 * rows became, without a wire object per record nor a copy of it without the tracking id. The text is
 * the bytes `JSON.stringify` writes of the wire object (written.spec.ts); a 1,000-row list costs a
 * quarter to a third less CPU (docs/benchmarks.md, "Lists").
 */

/** One member of a record on the wire: a string leaf, or a list of records of their own shape. */
export type MemberShape<R> = LeafMember<R> | ItemsMember<R>;

/** A string leaf: its wire name and its value in a record. */
export interface LeafMember<R> {
  name: string;
  text: (record: R) => string;
  /** The value never holds what JSON escapes (digits, a date the codecs wrote): written as it is. */
  plain?: true;
}

/** A list of records: its wire name, the records in a record, and their shape (see `items`). */
export interface ItemsMember<R> {
  name: string;
  items: (record: R) => readonly unknown[];
  shape: RecordShape<unknown>;
}

/** A record's members in wire order. */
export type RecordShape<R> = readonly MemberShape<R>[];

/** A list member (`services_info: [{ code }]`) of records of `shape`. */
export function items<R, I>(name: string, of: (record: R) => readonly I[], shape: RecordShape<I>): MemberShape<R> {
  return { name, items: of, shape: shape as RecordShape<unknown> };
}

/** The wire object of `record`: its members in the shape's order, as the codecs' encoders wrote them by hand. */
export function objectOf<R>(shape: RecordShape<R>, record: R): WireObject {
  return writersOf(shape as RecordShape<unknown>).object(record);
}

/** What JSON.stringify escapes in a string (`"`, `\`, controls, lone surrogates), or every surrogate: most values have none. */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const MAY_NEED_JSON_ESCAPING = /["\\\u0000-\u001F\uD800-\uDFFF]/;

/** A string as JSON.stringify writes it, without its call for the usual value. */
const jsonString = (text: string): string => (MAY_NEED_JSON_ESCAPING.test(text) ? JSON.stringify(text) : `"${text}"`);

/** A shape's writers: a record's wire object, and a list of its records as a JSON array. */
interface ShapeWriters {
  object: (record: unknown) => WireObject;
  json: (records: readonly unknown[]) => string;
}

const compiled = new WeakMap<RecordShape<unknown>, ShapeWriters>();

/**
 * A shape's writers (its wire object, its JSON text) compiled into functions of their own, each member's value read at a call site of
 * its own: V8 then calls each reader directly, where one loop over the members calls them all from
 * one site (megamorphic) and costs more than the wire objects and `JSON.stringify` it replaces.
 * The source holds only the members' names, as JSON string literals.
 */
function writersOf(shape: RecordShape<unknown>): ShapeWriters {
  let writers = compiled.get(shape);
  if (writers !== undefined) return writers;
  const readers = shape.map((member) => ('text' in member ? member.text : member.items));
  const lists = shape.map((member) => ('text' in member ? null : writersOf(member.shape)));
  const literal = (text: string): string => JSON.stringify(text);
  const json = shape.map((member, m) => {
    const key = literal(`${m === 0 ? '{' : ','}${JSON.stringify(member.name)}:`);
    if (!('text' in member)) return `${key} + lists[${m}].json(readers[${m}](record))`;
    return member.plain ? `${key} + '"' + readers[${m}](record) + '"'` : `${key} + jsonString(readers[${m}](record))`;
  });
  const object = shape.map((member, m) => {
    const value = 'text' in member ? `readers[${m}](record)` : `readers[${m}](record).map(lists[${m}].object)`;
    return `${literal(member.name)}: ${value}`;
  });
  // A function per shape (above); its source is made here of member names, each a JSON string literal.
  const make = new Function(
    'readers',
    'lists',
    'jsonString',
    `return {
      object(record) {
        return { ${object.join(', ')} };
      },
      json(records) {
        let text = '[';
        for (let i = 0; i < records.length; i++) {
          const record = records[i];
          text += (i === 0 ? '' : ',') + ${json.join(' + ')} + '}';
        }
        return text + ']';
      },
    };`,
  ) as (...parts: unknown[]) => ShapeWriters;
  writers = make(readers, lists, jsonString);
  compiled.set(shape, writers);
  return writers;
}

/**
 * A list answer written as JSON text, `{"request_tracking_id": …, "<name>": [records]}`: the bytes
 * `JSON.stringify` writes of the answer's wire object (`toWire`, what XML is written from).
 */
export class WrittenList {
  private untracked: string | undefined;

  private constructor(
    /** The request's tracking id, the answer's first member. */
    readonly trackingId: string,
    private readonly name: string,
    private readonly shape: RecordShape<unknown>,
    private readonly records: readonly unknown[],
  ) {}

  /** The list `name` of `records`, each of `shape`. */
  static of<R>(trackingId: string, name: string, shape: RecordShape<R>, records: readonly R[]): WrittenList {
    return new WrittenList(trackingId, name, shape as RecordShape<unknown>, records);
  }

  /** The answer's JSON without its tracking id (what its ETag is computed from, CONTRACT §7). */
  untrackedJson(): string {
    this.untracked ??= `{${JSON.stringify(this.name)}:${writersOf(this.shape).json(this.records)}}`;
    return this.untracked;
  }

  /** The answer's JSON, its tracking id first. */
  json(): string {
    return `{"request_tracking_id":${JSON.stringify(this.trackingId)},${this.untrackedJson().slice(1)}`;
  }

  /** The answer as a wire object, for what reads members rather than JSON text (`toXml`). */
  toWire(): WireObject {
    return { request_tracking_id: this.trackingId, [this.name]: this.records.map((record) => objectOf(this.shape, record)) };
  }
}
