import type { LogLevel } from '@curbside/config';
import type { Params } from 'nestjs-pino';
import { trackingIdOf } from './request-tracking';

/** One JSON log line per request, tagged with its tracking id; credentials never logged. */
export function loggerParams(level: LogLevel): Params {
  return {
    pinoHttp: {
      level,
      genReqId: (request) => trackingIdOf(request),
      redact: {
        paths: ['req.headers.authorization', 'req.headers.cookie', '*.client_secret', '*.clientSecret', 'client_secret'],
        censor: '[redacted]',
      },
    },
  };
}
