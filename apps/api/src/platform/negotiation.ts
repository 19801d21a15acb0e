import Negotiator from 'negotiator';

export type Format = 'json' | 'xml';

const RESPONSE_TYPES: Record<string, Format> = {
  'application/json': 'json',
  'application/xml': 'xml',
};

const PROBLEM_TYPES: Record<string, Format> = {
  'application/problem+json': 'json',
  'application/json': 'json',
  'application/problem+xml': 'xml',
  'application/xml': 'xml',
};

export const CONTENT_TYPE: Record<Format, string> = {
  json: 'application/json; charset=utf-8',
  xml: 'application/xml; charset=utf-8',
};

export const PROBLEM_CONTENT_TYPE: Record<Format, string> = {
  json: 'application/problem+json; charset=utf-8',
  xml: 'application/problem+xml; charset=utf-8',
};

/** The format the Accept header prefers (q-values honoured; none or `*\/*` -> JSON), or null. */
export function negotiateFormat(accept: string | undefined): Format | null {
  return pick(accept, RESPONSE_TYPES);
}

/** The format of an error body: as negotiated, and JSON when the Accept header allows nothing. */
export function negotiateProblemFormat(accept: string | undefined): Format {
  return pick(accept, PROBLEM_TYPES) ?? 'json';
}

function pick(accept: string | undefined, types: Record<string, Format>): Format | null {
  const mediaType = new Negotiator({ headers: { accept } }).mediaType(Object.keys(types));
  return mediaType === undefined ? null : types[mediaType];
}
