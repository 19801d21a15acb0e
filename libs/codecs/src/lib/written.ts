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

/** A shape's writers: a record's wire object, a list of its records as a JSON array, and a run of them (`from` to `to`, each after a comma but the first record's). */
interface ShapeWriters {
  object: (record: unknown) => WireObject;
  json: (records: readonly unknown[]) => string;
  run: (records: readonly unknown[], from: number, to: number) => string;
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
        return '[' + this.run(records, 0, records.length) + ']';
      },
      run(records, from, to) {
        let text = '';
        for (let i = from; i < to; i++) {
          const record = records[i];
          text += (i === 0 ? '' : ',') + ${json.join(' + ')} + '}';
        }
        return text;
      },
    };`,
  ) as (...parts: unknown[]) => ShapeWriters;
  writers = make(readers, lists, jsonString);
  compiled.set(shape, writers);
  return writers;
}

/** Records written into text at a time: a run's text is a rope of about 20 KB, flattened and copied into the bytes, then garbage young. */
const RUN = 64;

/** An answer's JSON as UTF-8 bytes, and where what follows its tracking id begins (`"<name>":[…]}`). */
export interface WrittenBytes {
  /** The answer's JSON, `{"request_tracking_id":…,"<name>":[…]}`, as UTF-8. */
  bytes: Buffer;
  /** The offset of `"<name>":[…]}`, past the comma after the tracking id. */
  members: number;
}

/**
 * A list answer written as JSON, `{"request_tracking_id": …, "<name>": [records]}`: the bytes
 * `JSON.stringify` writes of the answer's wire object (`toWire`, what XML is written from). Written
 * into one buffer a run of records at a time, not as one string: a list's text built whole is a rope
 * of every record's pieces alive until it is flattened (and flattened again with the tracking id in
 * front, and copied again to the socket), which a 10,000-row list carries through several scavenges
 * into the old space; the buffer is outside the V8 heap and sent as it is.
 */
export class WrittenList {
  private written: WrittenBytes | undefined;

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

  /** The answer's JSON as UTF-8, its tracking id first; the ETag is computed from `{` and the bytes from `members` (CONTRACT §7). */
  utf8(): WrittenBytes {
    this.written ??= this.write();
    return this.written;
  }

  /** The answer's JSON without its tracking id (what its ETag is computed from). */
  untrackedJson(): string {
    const { bytes, members } = this.utf8();
    return `{${bytes.toString('utf8', members)}`;
  }

  /** The answer's JSON, its tracking id first. */
  json(): string {
    return this.utf8().bytes.toString('utf8');
  }

  /** The answer as a wire object, for what reads members rather than JSON text (`toXml`). */
  toWire(): WireObject {
    return { request_tracking_id: this.trackingId, [this.name]: this.records.map((record) => objectOf(this.shape, record)) };
  }

  private write(): WrittenBytes {
    const { records } = this;
    const writers = writersOf(this.shape);
    const bytes = new Bytes(`{"request_tracking_id":${JSON.stringify(this.trackingId)},`);
    const members = bytes.length;
    bytes.append(`${JSON.stringify(this.name)}:[`);
    for (let from = 0; from < records.length; from += RUN) {
      const to = Math.min(from + RUN, records.length);
      bytes.append(writers.run(records, from, to), (records.length - to) / RUN);
    }
    bytes.append(']}');
    return { bytes: bytes.done(), members };
  }
}

/** UTF-8 bytes appended into one buffer, sized from what the first runs took. */
class Bytes {
  private buffer: Buffer;
  length: number;

  constructor(first: string) {
    this.buffer = Buffer.allocUnsafe(4096);
    this.length = this.buffer.write(first);
  }

  /** Appends `text`; `runsAfter` sizes the buffer when it must grow: room for this text and as many more of its size. */
  append(text: string, runsAfter = 0): void {
    const size = Buffer.byteLength(text);
    const needed = this.length + size;
    if (needed > this.buffer.length) {
      const grown = Buffer.allocUnsafe(Math.max(this.buffer.length * 2, needed + Math.ceil(size * runsAfter * 1.1) + 64));
      this.buffer.copy(grown, 0, 0, this.length);
      this.buffer = grown;
    }
    this.length += this.buffer.write(text, this.length);
  }

  /** The bytes written, without the buffer's spare room when that is a large part of it. */
  done(): Buffer {
    const bytes = this.buffer.subarray(0, this.length);
    return this.buffer.length - this.length > this.length / 8 ? Buffer.from(bytes) : bytes;
  }
}
