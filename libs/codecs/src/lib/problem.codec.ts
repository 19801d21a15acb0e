import { STATUS_CODES } from 'node:http';
import Negotiator from 'negotiator';
import { bounded, type FieldError, type Problem } from '@curbside/contract';
import { toXml } from './xml';

/** The formats a problem is written in (CONTRACT §4): JSON, or XML when the caller asks for it. */
export type ProblemFormat = 'json' | 'xml';

export const PROBLEM_CONTENT_TYPE: Record<ProblemFormat, string> = {
  json: 'application/problem+json; charset=utf-8',
  xml: 'application/problem+xml; charset=utf-8',
};

const PROBLEM_TYPES: Record<string, ProblemFormat> = {
  'application/problem+json': 'json',
  'application/json': 'json',
  'application/problem+xml': 'xml',
  'application/xml': 'xml',
};

/** What went wrong, in the terms a problem names it. */
export interface ProblemCause {
  status: number;
  code: string;
  message: string;
  errors?: FieldError[];
}

/** The format of an error body: as the Accept header prefers (q-values honoured), JSON when it allows neither. */
export function negotiateProblemFormat(accept: string | undefined): ProblemFormat {
  const mediaType = new Negotiator({ headers: { accept } }).mediaType(Object.keys(PROBLEM_TYPES));
  return mediaType === undefined ? 'json' : PROBLEM_TYPES[mediaType];
}

/**
 * The RFC 9457 problem for one request (CONTRACT §4). `instance` (the path as sent, without its
 * query) shows at most 40 characters of it, as `detail` does a value.
 */
export function problemOf(cause: ProblemCause, path: string, trackingId: string): Problem {
  return {
    type: 'about:blank',
    title: STATUS_CODES[cause.status] ?? 'Error',
    status: cause.status,
    detail: cause.message,
    instance: bounded(path.split('?')[0]),
    request_tracking_id: trackingId,
    error: { code: cause.code, message: cause.message, errors: cause.errors ?? [] },
  };
}

/** A problem's bytes and content type in the format the Accept header prefers: the API's own. */
export function encodeProblem(problem: Problem, accept: string | undefined): { contentType: string; body: string } {
  const format = negotiateProblemFormat(accept);
  return { contentType: PROBLEM_CONTENT_TYPE[format], body: format === 'xml' ? toXml(problem, 'problem') : JSON.stringify(problem) };
}
