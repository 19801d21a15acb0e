import { toXml, WrittenList, xmlText } from '@curbside/codecs';
import { entityTag, serialize, TRACKING_MEMBER } from '../caching/entity-tag';
import { CONTENT_TYPE, type Format } from './negotiation';

/**
 * A body as it is sent, cut around its tracking id: `head + tracking id + tail`, the id encoded
 * for the format. Everything but the id is the same for every request of the same data, so a
 * kept representation answers a repeat read with this request's id put in (`bodyFor`).
 */
export interface Representation {
  contentType: string;
  /** The ETag (CONTRACT §7), or null when the route carries none. */
  etag: string | null;
  head: string;
  /** Null when the body carries no tracking id: then `head` is the whole body. */
  tail: string | null;
  format: Format;
  /** False when the tracking id is not where it can be cut out: such a body answers only its own request. */
  replayable: boolean;
}

/** A body serialized for one request, and its representation for others. */
export interface Rendered {
  /** What is sent: text, or a list's JSON as the UTF-8 bytes it was written into. */
  text: string | Buffer;
  representation: Representation;
}

/**
 * Serializes a controller's result once, with its ETag when `tagged`; cut around the tracking id
 * only when the answer is to be kept (`keep`), since cutting a large body costs a pass over it.
 */
export function represent(body: object | string, format: Format, trackingId: string, tagged: boolean, keep: boolean): Rendered {
  if (body instanceof WrittenList) {
    // XML from the wire objects, the ETag from JSON.stringify's text: written from the records as the JSON is,
    // the XML cost less CPU but made the young generation churn and the peak RSS grow (docs/benchmarks.md, "Lists").
    return format === 'xml' ? represent(body.toWire(), format, trackingId, tagged, keep) : representWritten(body, trackingId, tagged, keep);
  }
  const contentType = CONTENT_TYPE[format];
  if (typeof body === 'string') {
    // iCalendar text: already serialized, and carries no tracking id.
    return { text: body, representation: { contentType, etag: tagged ? entityTag(body, format) : null, head: body, tail: null, format, replayable: true } };
  }
  const { json, untracked } = serialize(body);
  const etag = tagged ? entityTag(untracked, format) : null;
  const text = format === 'xml' ? toXml(body) : json;
  if (!keep) return { text, representation: { contentType, etag, head: text, tail: null, format, replayable: false } };
  const [head, tail] = leadsWithTrackingId(body, trackingId) ? cutAroundTrackingId(text, format, trackingId) : [text, null];
  return { text, representation: { contentType, etag, head, tail, format, replayable: tail !== null || !(TRACKING_MEMBER in body) } };
}

/** As `represent`, in JSON, for a list written as text from its records. */
function representWritten(body: WrittenList, trackingId: string, tagged: boolean, keep: boolean): Rendered {
  const format = 'json';
  const contentType = CONTENT_TYPE[format];
  const { bytes, members } = body.utf8();
  const etag = tagged ? entityTag(['{', bytes.subarray(members)], format) : null;
  // Not kept: only its headers are read (`replayable` false), the body sent is the bytes.
  if (!keep) return { text: bytes, representation: { contentType, etag, head: '', tail: null, format, replayable: false } };
  // Kept as text cut around the tracking id, whose bytes end with the comma before `members`.
  const cut = body.trackingId === trackingId;
  const head = cut ? `{${JSON.stringify(TRACKING_MEMBER)}:` : bytes.toString('utf8');
  const tail = cut ? bytes.toString('utf8', members - 1) : null;
  return { text: bytes, representation: { contentType, etag, head, tail, format, replayable: cut } };
}

/** The body of a representation for a request with this tracking id. */
export function bodyFor(representation: Representation, trackingId: string): string {
  const { head, tail, format } = representation;
  return tail === null ? head : head + (format === 'xml' ? xmlText(trackingId) : JSON.stringify(trackingId)) + tail;
}

/** Whether the body's first member is this request's tracking id (as every body of `responses` has it). */
function leadsWithTrackingId(body: object, trackingId: string): boolean {
  for (const member in body) return member === TRACKING_MEMBER && (body as Record<string, unknown>)[member] === trackingId;
  return false;
}

/** [head, tail] around the tracking id of a body that leads with it: its opening is the first in the text. */
function cutAroundTrackingId(text: string, format: Format, trackingId: string): [string, string | null] {
  const encoded = format === 'xml' ? xmlText(trackingId) : JSON.stringify(trackingId);
  const opening = format === 'xml' ? `<${TRACKING_MEMBER}>` : `{${JSON.stringify(TRACKING_MEMBER)}:`;
  const end = text.indexOf(opening) + opening.length;
  if (end < opening.length || !text.startsWith(encoded, end)) return [text, null];
  return [text.slice(0, end), text.slice(end + encoded.length)];
}
