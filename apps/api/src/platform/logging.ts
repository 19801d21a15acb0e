import type { DestinationStream } from 'pino';
import type { LogLevel } from '@curbside/config';
import type { Params } from 'nestjs-pino';
import type { Options } from 'pino-http';
import { trackingIdOf } from './request-tracking';

const REDACTED = '[redacted]';

/** Headers that carry credentials; never logged. */
const SECRET_HEADERS = ['authorization', 'proxy-authorization', 'x-api-key', 'cookie'];

/**
 * One JSON log line per request, tagged with its tracking id; credentials never logged: the
 * credential headers, every query value (callers put tokens and secrets there by mistake),
 * and client secrets wherever they appear in a logged object.
 */
export function loggerParams(level: LogLevel, destination?: DestinationStream): Params {
  const options: Options = {
    level,
    genReqId: (request) => trackingIdOf(request),
    serializers: {
      req: (req: { url?: string; query?: unknown }) => {
        req.url = req.url === undefined ? undefined : redactUrl(req.url);
        req.query = redactValues(req.query);
        return req;
      },
    },
    redact: {
      paths: [
        ...SECRET_HEADERS.map((header) => `req.headers["${header}"]`),
        'res.headers["set-cookie"]',
        '*.client_secret',
        '*.clientSecret',
        'client_secret',
      ],
      censor: REDACTED,
    },
  };
  return { pinoHttp: destination === undefined ? options : [options, destination] };
}

/** The URL with every query value replaced: `/x?token=abc&y` -> `/x?token=[redacted]&[redacted]`. */
export function redactUrl(url: string): string {
  const query = url.indexOf('?');
  if (query < 0) return url;
  const parameters = url
    .slice(query + 1)
    .split('&')
    .map((parameter) => {
      const equals = parameter.indexOf('=');
      return equals < 0 ? REDACTED : `${parameter.slice(0, equals)}=${REDACTED}`;
    });
  return `${url.slice(0, query)}?${parameters.join('&')}`;
}

function redactValues(query: unknown): unknown {
  if (query === null || typeof query !== 'object') return query;
  return Object.fromEntries(Object.keys(query).map((name) => [name, REDACTED]));
}
