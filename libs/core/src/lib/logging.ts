import type { IncomingMessage } from 'node:http';
import type { LogLevel } from '@curbside/config';
import pino from 'pino';
import type { Params } from 'nestjs-pino';

export interface LoggerOptions {
  /** Where log lines go; the CLI keeps stdout for its results. Default stdout. */
  destination?: 'stdout' | 'stderr';
  /** The id each HTTP request's log line carries (the API's tracking id). */
  requestId?: (request: IncomingMessage) => string;
}

/** One JSON log line per event (per request on HTTP); credentials and secrets never logged. */
export function loggerParams(level: LogLevel, { destination = 'stdout', requestId }: LoggerOptions = {}): Params {
  const options = {
    level,
    ...(requestId ? { genReqId: requestId } : {}),
    redact: {
      paths: ['req.headers.authorization', 'req.headers.cookie', '*.client_secret', '*.clientSecret', 'client_secret', '*.secret'],
      censor: '[redacted]',
    },
  };
  return { pinoHttp: destination === 'stderr' ? [options, pino.destination({ fd: 2, sync: true })] : options };
}
