import Negotiator from 'negotiator';
import type { Format } from '@curbside/contract';

/** What a route can answer: JSON and XML everywhere, iCalendar on the routes that declare it. */
export type { Format };
// A problem's format is chosen where the resource server's guard chooses it too: one rule for both.
export { negotiateProblemFormat, PROBLEM_CONTENT_TYPE, type ProblemFormat } from '@curbside/codecs';

/** Every route but those that declare otherwise (`@Formats`). JSON first: it answers `*\/*` and no Accept. */
export const DEFAULT_FORMATS: readonly Format[] = ['json', 'xml'];

export const MEDIA_TYPE: Record<Format, string> = {
  json: 'application/json',
  xml: 'application/xml',
  calendar: 'text/calendar',
  html: 'text/html',
  twiml: 'text/xml',
};

export const CONTENT_TYPE: Record<Format, string> = {
  json: 'application/json; charset=utf-8',
  xml: 'application/xml; charset=utf-8',
  calendar: 'text/calendar; charset=utf-8',
  html: 'text/html; charset=utf-8',
  twiml: 'text/xml; charset=utf-8',
};

/**
 * The format among `formats` the Accept header prefers (q-values honoured; none or `*\/*` -> the
 * first), or null.
 */
export function negotiateFormat(accept: string | undefined, formats: readonly Format[] = DEFAULT_FORMATS): Format | null {
  const types: Record<string, Format> = Object.fromEntries(formats.map((format) => [MEDIA_TYPE[format], format]));
  const mediaType = new Negotiator({ headers: { accept } }).mediaType(Object.keys(types));
  return mediaType === undefined ? null : types[mediaType];
}
