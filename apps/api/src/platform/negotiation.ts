import Negotiator from 'negotiator';
import type { Format } from '@curbside/contract';

/** What a route can answer: JSON and XML everywhere, iCalendar on the routes that declare it. */
export type { Format };
export type ProblemFormat = 'json' | 'xml';

/** Every route but those that declare otherwise (`@Formats`). JSON first: it answers `*\/*` and no Accept. */
export const DEFAULT_FORMATS: readonly Format[] = ['json', 'xml'];

export const MEDIA_TYPE: Record<Format, string> = {
  json: 'application/json',
  xml: 'application/xml',
  calendar: 'text/calendar',
  html: 'text/html',
  twiml: 'text/xml',
};

const PROBLEM_TYPES: Record<string, ProblemFormat> = {
  'application/problem+json': 'json',
  'application/json': 'json',
  'application/problem+xml': 'xml',
  'application/xml': 'xml',
};

export const CONTENT_TYPE: Record<Format, string> = {
  json: 'application/json; charset=utf-8',
  xml: 'application/xml; charset=utf-8',
  calendar: 'text/calendar; charset=utf-8',
  html: 'text/html; charset=utf-8',
  twiml: 'text/xml; charset=utf-8',
};

export const PROBLEM_CONTENT_TYPE: Record<ProblemFormat, string> = {
  json: 'application/problem+json; charset=utf-8',
  xml: 'application/problem+xml; charset=utf-8',
};

/**
 * The format among `formats` the Accept header prefers (q-values honoured; none or `*\/*` -> the
 * first), or null.
 */
export function negotiateFormat(accept: string | undefined, formats: readonly Format[] = DEFAULT_FORMATS): Format | null {
  const types = Object.fromEntries(formats.map((format) => [MEDIA_TYPE[format], format]));
  return pick(accept, types);
}

/** The format of an error body: as negotiated, and JSON when the Accept header allows nothing. */
export function negotiateProblemFormat(accept: string | undefined): ProblemFormat {
  return pick(accept, PROBLEM_TYPES) ?? 'json';
}

function pick<F extends string>(accept: string | undefined, types: Record<string, F>): F | null {
  const mediaType = new Negotiator({ headers: { accept } }).mediaType(Object.keys(types));
  return mediaType === undefined ? null : types[mediaType];
}
