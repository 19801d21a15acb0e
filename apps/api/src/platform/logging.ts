import type { LogLevel } from '@curbside/config';
import type { Params } from 'nestjs-pino';
import { trackingIdOf } from './request-tracking';

/** A signed token (a JWT: three base64url parts) anywhere in a text, e.g. a calendar feed link's path. */
const TOKEN_IN_TEXT = /[\w-]{8,}\.[\w-]{8,}\.[\w-]{8,}/g;

/** `text` with every signed token in it replaced, so request paths can be logged. */
export const redactTokens = (text: string): string => text.replace(TOKEN_IN_TEXT, '[redacted]');

interface SerializedRequest {
  url?: string;
  params?: Record<string, unknown>;
  query?: Record<string, unknown>;
}

const redactValues = (values: Record<string, unknown>): Record<string, unknown> =>
  Object.fromEntries(Object.entries(values).map(([name, value]) => [name, typeof value === 'string' ? redactTokens(value) : value]));

/** The request as pino-http serialized it, with tokens taken out of its URL, path parameters and query. */
function redactRequest(request: SerializedRequest): SerializedRequest {
  if (request.url !== undefined) request.url = redactTokens(request.url);
  if (request.params !== undefined) request.params = redactValues(request.params);
  if (request.query !== undefined) request.query = redactValues(request.query);
  return request;
}

/** One JSON log line per request, tagged with its tracking id; credentials never logged. */
export function loggerParams(level: LogLevel): Params {
  return {
    pinoHttp: {
      level,
      genReqId: (request) => trackingIdOf(request),
      serializers: { req: redactRequest },
      redact: {
        paths: ['req.headers.authorization', 'req.headers.cookie', '*.client_secret', '*.clientSecret', 'client_secret'],
        censor: '[redacted]',
      },
    },
  };
}
