import fc from 'fast-check';
import type { RawRequest } from './http';
import { DocumentedOperation, pathParameters, Schema } from './operations';

/** A caller of the suite: one of the two clients, or a broken credential. */
export interface Caller {
  name: string;
  /** Customers the caller may see; empty for callers that must see nothing. */
  granted: string[];
  headers: Record<string, string>;
}

/** What the generators draw from: the routes, the callers and the fixture's ids. */
export interface FuzzWorld {
  operations: DocumentedOperation[];
  callers: Caller[];
  /** Customer ids that exist, and ids that exist nowhere (granted to some caller or to none). */
  customerIds: string[];
  /** Record ids of each customer, by collection of the import file (`tickets`, `invoices`...). */
  recordIds: Map<string, Map<string, string[]>>;
}

/** One generated request, with what the checks need to know about how it was made. */
export interface FuzzRequest {
  operation: string;
  caller: Caller;
  trackingId: string | null;
  raw: RawRequest;
}

/** `arbitrary` one time in `oneIn`, else null. */
const rarely = <T>(arbitrary: fc.Arbitrary<T>, oneIn: number): fc.Arbitrary<T | null> =>
  fc.oneof({ weight: 1, arbitrary }, { weight: oneIn - 1, arbitrary: fc.constant(null) });

const OTHER_METHODS = ['GET', 'PUT', 'POST', 'DELETE', 'PATCH', 'OPTIONS'];
const WITH_BODY = new Set(['PUT', 'POST', 'PATCH']);

/** Requests at every documented operation, as every kind of caller, with hostile variations of each part. */
export function fuzzRequest(world: FuzzWorld): fc.Arbitrary<FuzzRequest> {
  // Arbitraries are built once here, not per draw: building one (a regex one above all) costs more than drawing from it.
  const segments = new SegmentArbitraries(world);
  const parts = new Map(
    world.operations.map((operation) => [
      operation,
      {
        query: queryArbitrary(operation),
        body: bodyArbitrary(operation),
        paths: new Map(world.callers.map((caller) => [caller, pathArbitrary(operation, caller, world, segments)])),
      },
    ]),
  );
  return fc
    .record({
      operation: fc.constantFrom(...world.operations),
      caller: fc.oneof(
        { weight: 9, arbitrary: fc.constantFrom(...world.callers.slice(0, 2)) },
        { weight: 1, arbitrary: fc.constantFrom(...world.callers) },
      ),
      otherMethod: rarely(fc.constantFrom(...OTHER_METHODS), 16),
    })
    .chain(({ operation, caller, otherMethod }) => {
      const method = otherMethod ?? operation.method;
      const { query, body, paths } = parts.get(operation) as { query: fc.Arbitrary<string>; body: fc.Arbitrary<Body | null>; paths: Map<Caller, fc.Arbitrary<string>> };
      return fc
        .record({
          path: paths.get(caller) as fc.Arbitrary<string>,
          trailingSlash: rarely(fc.constant('/'), 8).map((slash) => slash ?? ''),
          query,
          accept: fc.option(acceptArbitrary, { freq: 6 }),
          trackingId: fc.option(trackingIdArbitrary, { freq: 12 }),
          conditional: rarely(conditionalArbitrary, 12),
          body: WITH_BODY.has(method) ? body : fc.constant(null),
        })
        .map(({ path, trailingSlash, query, accept, trackingId, conditional, body }) => {
          const headers: Record<string, string> = { ...caller.headers };
          if (accept !== null) headers['Accept'] = accept;
          if (trackingId !== null) headers['Request-Tracking-Id'] = trackingId;
          if (conditional !== null) headers[conditional.name] = conditional.value;
          if (body?.contentType) headers['Content-Type'] = body.contentType;
          const raw: RawRequest = { method, path: `${path}${trailingSlash}${query}`, headers, body: body?.text };
          const request = { operation: `${operation.method} ${operation.path}`, caller, trackingId, raw };
          // How fast-check prints a counterexample: the request line, not the callers' tokens.
          return Object.assign(request, { [fc.toStringMethod]: () => `${caller.name}: ${method} ${raw.path}` });
        });
    });
}

interface Segment {
  text: string;
  /** The id it names, when it is a plain, well-formed id. */
  id: string | null;
}

/** Id segments for customers (per caller) and for records (per parameter and customer), each built once. */
class SegmentArbitraries {
  private readonly cache = new Map<string, fc.Arbitrary<Segment>>();

  constructor(private readonly world: FuzzWorld) {}

  customer(caller: Caller): fc.Arbitrary<Segment> {
    const existingGranted = caller.granted.filter((id) => this.world.recordIds.has(id));
    const own = existingGranted.length > 0 ? existingGranted : this.world.customerIds;
    return this.cached(`customer:${caller.name}`, () => idSegment(own, this.world.customerIds));
  }

  /** A record id for `parameter`, mostly one of `customerId`'s records of the collections it names. */
  record(parameter: string, customerId: string | null): fc.Arbitrary<Segment> {
    return this.cached(`${parameter}:${customerId}`, () => {
      const collections = collectionsFor(parameter, this.world.recordIds);
      const idsOf = (byCollection: Map<string, string[]> | undefined) => collections.flatMap((c) => byCollection?.get(c) ?? []);
      const all = [...this.world.recordIds.values()].flatMap(idsOf);
      const own = idsOf(this.world.recordIds.get(customerId ?? ''));
      return idSegment(own.length > 0 ? own : all, all);
    });
  }

  private cached(key: string, build: () => fc.Arbitrary<Segment>): fc.Arbitrary<Segment> {
    let arbitrary = this.cache.get(key);
    if (arbitrary === undefined) this.cache.set(key, (arbitrary = build()));
    return arbitrary;
  }
}

/** The templated path with every parameter drawn: customer first, then record ids of that customer (mostly). */
function pathArbitrary(operation: DocumentedOperation, caller: Caller, world: FuzzWorld, segments: SegmentArbitraries): fc.Arbitrary<string> {
  const names = pathParameters(operation.path);
  const customerIds = new Set(world.customerIds);
  return segments.customer(caller).chain((customer) => {
    const customerId = customer.id !== null && customerIds.has(customer.id) ? customer.id : null;
    const drawn = names.map((name) => (name === 'customerId' ? fc.constant(customer) : segments.record(name, customerId)));
    return fc.tuple(...drawn).map((values) => names.reduce((path, name, i) => path.replace(`{${name}}`, values[i].text), operation.path));
  });
}

/** Collections of the import file a path parameter names: `ticketId` -> tickets, disposal_tickets; else all. */
function collectionsFor(parameter: string, recordIds: FuzzWorld['recordIds']): string[] {
  const all = [...new Set([...recordIds.values()].flatMap((byCollection) => [...byCollection.keys()]))];
  const stem = parameter.replace(/Id$/, '').toLowerCase();
  const named = all.filter((collection) => collection.replace(/_/g, '').includes(stem));
  return named.length > 0 ? named : all;
}

const ID_DIGITS = fc.stringMatching(/^[1-9]\d{0,17}$/);
const TOO_MANY_DIGITS = fc.stringMatching(/^[1-9]\d{18,39}$/);
const LETTERS = fc.stringMatching(/^[A-Za-z][A-Za-z0-9_-]{0,15}$/);
/** Non-ASCII text sent as raw UTF-8 bytes in the request line, unencoded, as a careless client would. */
const RAW_UNICODE = fc
  .string({ unit: fc.integer({ min: 0xa1, max: 0x2fff }).map((code) => String.fromCodePoint(code)), minLength: 1, maxLength: 6 })
  .map((text) => Buffer.from(text, 'utf8').toString('latin1'));
const percentEncodeAll = (text: string): string =>
  [...Buffer.from(text, 'utf8')].map((byte) => `%${byte.toString(16).toUpperCase().padStart(2, '0')}`).join('');
const fullWidth = (text: string): string => text.replace(/\d/g, (d) => String.fromCharCode(0xff10 + Number(d)));

/**
 * A path segment for an id: mostly one of `likely` (the caller's own), else any existing one, a
 * missing one, or a malformed one (letters, 19+ digits, negative, unicode encoded or raw, encodings, traversal).
 */
function idSegment(likely: string[], existing: string[]): fc.Arbitrary<Segment> {
  const plain = (ids: string[]): fc.Arbitrary<Segment> => fc.constantFrom(...ids).map((id) => ({ text: id, id }));
  const malformed = (text: fc.Arbitrary<string>): fc.Arbitrary<Segment> => text.map((t) => ({ text: t, id: null }));
  const anyExisting = fc.constantFrom(...existing);
  return fc.oneof(
    { weight: 24, arbitrary: plain(likely) },
    { weight: 4, arbitrary: plain(existing) },
    { weight: 2, arbitrary: ID_DIGITS.map((id) => ({ text: id, id })) },
    { weight: 1, arbitrary: anyExisting.map((id) => ({ text: percentEncodeAll(id), id })) },
    { weight: 1, arbitrary: malformed(LETTERS) },
    { weight: 1, arbitrary: malformed(TOO_MANY_DIGITS) },
    { weight: 1, arbitrary: malformed(fc.oneof(anyExisting, ID_DIGITS).map((id) => `-${id}`)) },
    { weight: 1, arbitrary: malformed(fc.string({ unit: 'grapheme', minLength: 1, maxLength: 8 }).map(encodeURIComponent)) },
    { weight: 1, arbitrary: malformed(anyExisting.map((id) => encodeURIComponent(fullWidth(id)))) },
    { weight: 1, arbitrary: malformed(RAW_UNICODE) },
    {
      weight: 2,
      arbitrary: malformed(
        fc.oneof(
          anyExisting.map((id) => `${id}%00`),
          anyExisting.map((id) => `${id}.0`),
          anyExisting.map((id) => `%20${id}`),
          anyExisting.map((id) => `0${id}`),
          anyExisting.map((id) => `${id}%2F..%2F${id}`),
          anyExisting.map((id) => `..%2F${id}`),
          anyExisting.map((id) => `${id};x=1`),
          fc.constantFrom('%', '%ZZ', '%E0%A4%A', '%C0%AE%C0%AE', '..', '%2e%2e', '1e6', '0x10', '+1', '%2B1', '', '%20', 'null', 'undefined'),
        ),
      ),
    },
  );
}

const dateText = fc.date({ min: new Date('2019-01-01'), max: new Date('2031-12-31'), noInvalidDate: true }).map((date) => date.toISOString().slice(0, 10));
const BAD_DATES = ['2026-02-30', '2026-13-01', '2026-1-1', '20260101', 'yesterday', '2026-06-15T00:00:00Z', '0000-00-00', '9999-12-31', '-2026-01-01', '2026-06-15%00'];

/** A query parameter's value: documented values, dates good and bad, numbers, anything. */
function queryValue(schema: Schema): fc.Arbitrary<string> {
  const documented = [...(schema.enum ?? []), ...(schema.example !== undefined ? [schema.example] : [])].map(String);
  const choices = [
    { weight: 2, arbitrary: dateText },
    { weight: 1, arbitrary: fc.constantFrom(...BAD_DATES) },
    { weight: 1, arbitrary: fc.integer({ min: -5, max: 5000 }).map(String) },
    { weight: 1, arbitrary: fc.constantFrom('disposal', 'DISPOSAL', 'service', '', 'true', '1e309', '99999999999999999999') },
    { weight: 1, arbitrary: fc.string({ unit: 'grapheme', maxLength: 12 }) },
  ];
  return documented.length > 0 ? fc.oneof({ weight: 4, arbitrary: fc.constantFrom(...documented) }, ...choices) : fc.oneof(...choices);
}

/** The query string: some documented parameters, rarely repeated, sometimes unknown ones; `?...` or empty. */
function queryArbitrary(operation: DocumentedOperation): fc.Arbitrary<string> {
  const documented = operation.queryParameters.map((parameter) =>
    fc.option(fc.tuple(queryValue(parameter.schema), rarely(queryValue(parameter.schema), 8)), { freq: 2 }).map((values) =>
      (values ?? []).filter((value) => value !== null).map((value) => [parameter.name, value as string] as const),
    ),
  );
  const unknown = fc.array(fc.tuple(fc.stringMatching(/^[A-Za-z_][\w.[\]-]{0,12}$/), queryValue({})), { maxLength: 2 });
  return fc
    .tuple(fc.tuple(...documented), rarely(unknown, 5), fc.boolean())
    .map(([known, extra, rawEncoding]) => {
      const pairs = [...known.flat(), ...(extra ?? [])];
      const encode = rawEncoding ? (text: string) => encodeURI(text).replace(/[&#=]/g, encodeURIComponent) : encodeURIComponent;
      return pairs.length === 0 ? '' : `?${pairs.map(([name, value]) => `${encode(name)}=${encode(value)}`).join('&')}`;
    });
}

const ACCEPTABLE = ['application/json', 'application/xml', '*/*', 'application/*'];
const ACCEPT_TYPES = [...ACCEPTABLE, 'application/problem+json', 'application/problem+xml', 'text/html', 'text/*', 'image/png'];
const qValue = fc.oneof(fc.integer({ min: 0, max: 1000 }).map((q) => String(q / 1000)), fc.constantFrom('abc', '2', '-1', ''));

/** Accept: JSON, XML, both with q-values, wildcards, HTML, garbage. */
const acceptArbitrary: fc.Arbitrary<string> = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom(...ACCEPTABLE) },
  { weight: 2, arbitrary: fc.constantFrom(...ACCEPT_TYPES) },
  {
    weight: 3,
    arbitrary: fc
      .array(fc.tuple(fc.constantFrom(...ACCEPT_TYPES), fc.option(qValue)), { minLength: 2, maxLength: 4 })
      .map((types) => types.map(([type, q]) => (q === null ? type : `${type};q=${q}`)).join(', ')),
  },
  { weight: 1, arbitrary: fc.string({ unit: fc.integer({ min: 0x20, max: 0x7e }).map((c) => String.fromCharCode(c)), maxLength: 40 }) },
);

/** A tracking id as a client might send it: any visible ASCII, no surrounding blanks (HTTP strips them). */
const trackingIdArbitrary: fc.Arbitrary<string> = fc.oneof(fc.uuid(), fc.stringMatching(/^[\x21-\x7e]([\x20-\x7e]{0,60}[\x21-\x7e])?$/));

const conditionalArbitrary = fc.record({
  name: fc.constantFrom('If-None-Match', 'If-Match'),
  value: fc.oneof(fc.constantFrom('*', '"x"', 'W/"x"', '""', 'garbage', '"a", "b"'), fc.stringMatching(/^"[0-9a-f]{8,40}"$/)),
});

interface Body {
  contentType: string | null;
  text: string | undefined;
}

const json = (value: unknown): Body => ({ contentType: 'application/json', text: JSON.stringify(value) });
const deepJson = (depth: number, kind: 'array' | 'object'): string =>
  kind === 'array' ? `${'['.repeat(depth)}1${']'.repeat(depth)}` : `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`;

/** A body for PUT/POST: valid per the documented schema, random JSON, deep JSON, broken JSON, wrong types, too big. */
function bodyArbitrary(operation: DocumentedOperation): fc.Arbitrary<Body | null> {
  const documented = operation.body;
  const valid = documented
    ? fc.tuple(schemaValue(documented.schema), fc.constantFrom(...documented.mediaTypes)).map(([value, mediaType]) => encodeBody(value, mediaType))
    : fc.dictionary(fc.string({ maxLength: 8 }), fc.jsonValue({ maxDepth: 2 })).map(json);
  return fc.oneof(
    { weight: 6, arbitrary: valid },
    { weight: 3, arbitrary: fc.jsonValue({ maxDepth: 4 }).map(json) },
    {
      weight: 1,
      arbitrary: fc
        .tuple(fc.integer({ min: 20, max: 5000 }), fc.constantFrom('array' as const, 'object' as const))
        .map(([depth, kind]) => ({ contentType: 'application/json', text: deepJson(depth, kind) })),
    },
    {
      weight: 1,
      arbitrary: fc.oneof(fc.string({ maxLength: 30 }), fc.constantFrom('{', '{"a":', '[1,]', 'nul', '{"__proto__":{"x":1}}', '{"constructor":{"prototype":{"x":1}}}')).map((text) => ({
        contentType: 'application/json',
        text,
      })),
    },
    { weight: 1, arbitrary: fc.constantFrom<Body>({ contentType: 'application/json', text: '' }, { contentType: null, text: undefined }, { contentType: null, text: '{}' }) },
    {
      weight: 2,
      arbitrary: fc.tuple(fc.constantFrom('text/plain', 'application/xml', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=x', 'application/octet-stream', 'application/json; charset=latin1', 'garbage', 'application/json-patch+json'), fc.string({ maxLength: 30 })).map(([contentType, text]) => ({ contentType, text })),
    },
    { weight: 1, arbitrary: fc.constant<Body>({ contentType: 'application/json', text: JSON.stringify({ padding: 'x'.repeat(70 * 1024) }) }) },
  );
}

function encodeBody(value: unknown, mediaType: string): Body {
  if (mediaType !== 'application/x-www-form-urlencoded') return { contentType: mediaType, text: JSON.stringify(value) };
  const form = new URLSearchParams();
  for (const [name, member] of Object.entries((value ?? {}) as Record<string, unknown>)) {
    form.append(name, typeof member === 'string' ? member : JSON.stringify(member));
  }
  return { contentType: mediaType, text: form.toString() };
}

const SAMPLE_STRINGS = ['fuzz@example.com', 'fuzz.person@example.org', '555-010-9999', '(555) 010 9988', 'client_credentials', 'portal'];

/** A value of `schema`: documented values where it names them, sample strings and random text otherwise. */
function schemaValue(schema: Schema, depth = 0): fc.Arbitrary<unknown> {
  if (depth > 8) return fc.constant(null);
  if (Array.isArray(schema.enum)) return fc.constantFrom(...schema.enum);
  const examples = schema.example !== undefined ? [schema.example] : [];
  switch (schema.type) {
    case 'string':
      return fc.oneof(fc.constantFrom(...examples, ...SAMPLE_STRINGS), fc.string({ maxLength: 20 }));
    case 'integer':
    case 'number':
      return fc.oneof(fc.constantFrom(...examples, 0, 1), fc.integer({ min: -10, max: 10_000 }));
    case 'boolean':
      return fc.boolean();
    case 'array': {
      const min = schema.minItems ?? 0;
      return fc.array(schemaValue(schema.items ?? {}, depth + 1), { minLength: min, maxLength: min + 2 });
    }
    default:
      if (schema.properties) {
        const members = Object.fromEntries(Object.entries(schema.properties as Record<string, Schema>).map(([name, member]) => [name, schemaValue(member, depth + 1)]));
        return fc.record(members, { requiredKeys: schema.required ?? [] });
      }
      return fc.jsonValue({ maxDepth: 2 });
  }
}
