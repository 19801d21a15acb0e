import type { LogLevel } from '@curbside/config';
import pino, { type DestinationStream, type Logger, type LoggerOptions as PinoOptions } from 'pino';
import type { Params } from 'nestjs-pino';
import type { PrettyOptions } from 'pino-pretty';
import { isTracing, traceFields } from './tracing';

export interface LoggerOptions {
  /** Where log lines go; the CLI keeps stdout for its results; tests may read a stream. Default stdout. */
  destination?: 'stdout' | 'stderr' | DestinationStream;
  /**
   * The process's logger, when the door made it first (`createLogger`): the API gives the same one
   * to its HTTP server, which makes each request's child logger. `destination` is then not used.
   */
  logger?: Logger;
}

/** The key of the tracking id in every line logged while a request is handled. */
export const REQUEST_ID_KEY = 'requestTrackingId';

const REDACTED = '[redacted]';

/** Headers that carry credentials; never logged. */
const SECRET_HEADERS = ['authorization', 'proxy-authorization', 'x-api-key', 'cookie'];

/** A signed token (a JWT: three base64url parts) anywhere in a text, e.g. a calendar feed link's path. */
const TOKEN_IN_TEXT = /[\w-]{8,}\.[\w-]{8,}\.[\w-]{8,}/g;

interface SerializedRequest {
  url?: string;
  params?: unknown;
  query?: unknown;
}

/**
 * The pino options of every process: credentials never logged, should a request, a body or an
 * error be logged: the credential headers, every query value (callers put tokens and secrets there
 * by mistake), signed tokens in the path (calendar feed links), and secrets wherever they appear.
 */
export function loggerOptions(level: LogLevel): PinoOptions {
  return {
    level,
    // Traced, a line written inside a span says which (docs/operators.md, "Traces"); untraced, nothing is added per line.
    ...(isTracing() ? { mixin: traceFields } : {}),
    serializers: {
      req: (req: SerializedRequest) => {
        req.url = req.url === undefined ? undefined : redactUrl(req.url);
        req.params = redactTokensIn(req.params);
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
        '*.secret',
      ],
      censor: REDACTED,
    },
  };
}

/**
 * The process's logger: JSON lines, one per event; on a terminal, pino-pretty's coloured
 * lines instead, so that `npm start` reads well (the same fields, the same redaction).
 */
export function createLogger(level: LogLevel, destination: LoggerOptions['destination'] = 'stdout'): Logger {
  const options = loggerOptions(level);
  if (typeof destination === 'object') return pino(options, destination);
  const fd = destination === 'stdout' ? 1 : 2;
  const terminal = (destination === 'stdout' ? process.stdout : process.stderr).isTTY === true;
  const pretty: PrettyOptions = { destination: fd, sync: true, singleLine: true, translateTime: 'SYS:HH:MM:ss.l', ignore: 'pid,hostname' };
  if (terminal) return pino(options, prettyLines(pretty));
  return destination === 'stdout' ? pino(options) : pino(options, pino.destination({ fd, sync: true }));
}

/**
 * Resolves once every line `logger` has written so far has left the process. pino writes to stdout asynchronously
 * (sonic-boom, one `fs.write` at a time) and its `flush` does nothing without a buffer, so a process that prints
 * after its log lines (the `npm start` banner) waits for the stream's `drain`.
 */
export function logLinesWritten(logger: object): Promise<void> {
  const stream = (logger as Record<symbol, unknown>)[pino.symbols.streamSym] as { _writing?: boolean; once?: (event: 'drain', listener: () => void) => unknown } | undefined;
  if (stream?._writing !== true || typeof stream.once !== 'function') return Promise.resolve();
  return new Promise((written) => stream.once?.('drain', () => written()));
}

/** pino-pretty's stream, the package loaded only for a terminal: a service's log is not one, and need not carry it. */
function prettyLines(options: PrettyOptions): ReturnType<typeof import('pino-pretty')> {
  return (require('pino-pretty') as typeof import('pino-pretty'))(options);
}

/**
 * nestjs-pino over `logger`, for Nest's `Logger` (the process's own lines). It binds no logger per
 * request: on Node 20 that binding is an AsyncLocalStorage, which turns on async_hooks' promise
 * hooks for every promise of the process: 17-27 % of a small request's CPU time (measured with
 * tools/bench/probes/cpu-per-request.js; docs/performance.md). A line about a request is written with
 * that request's own logger instead: Fastify's `request.log` in the API, a child of `logger` that
 * carries the tracking id (see the API's `createFastifyAdapter`).
 */
export function loggerParams(logger: Logger): Params {
  return { pinoHttp: { logger }, useExisting: true, forRoutes: [] };
}

/**
 * The URL with signed tokens in its path and every query value replaced:
 * `/feeds/calendar/<jwt>/x.ics?token=abc&y` -> `/feeds/calendar/[redacted]/x.ics?token=[redacted]&[redacted]`.
 */
export function redactUrl(url: string): string {
  const query = url.indexOf('?');
  const path = redactTokens(query < 0 ? url : url.slice(0, query));
  if (query < 0) return path;
  const parameters = url
    .slice(query + 1)
    .split('&')
    .map((parameter) => {
      const equals = parameter.indexOf('=');
      return equals < 0 ? REDACTED : `${parameter.slice(0, equals)}=${REDACTED}`;
    });
  return `${path}?${parameters.join('&')}`;
}

/** An unsubscribe link's token (opaque, not a JWT) in a path: `/unsubscribe/<token>`. */
const UNSUBSCRIBE_TOKEN = /(\/unsubscribe\/)[\w-]+/g;

/** `text` with every signed token in it replaced. */
export const redactTokens = (text: string): string => text.replace(TOKEN_IN_TEXT, REDACTED).replace(UNSUBSCRIBE_TOKEN, `$1${REDACTED}`);

function redactTokensIn(values: unknown): unknown {
  if (values === null || typeof values !== 'object') return values;
  // A path parameter named `token` is a credential whatever its shape (a feed link's, an unsubscribe link's).
  return Object.fromEntries(
    Object.entries(values).map(([name, value]) => [name, name === 'token' ? REDACTED : typeof value === 'string' ? redactTokens(value) : value]),
  );
}

function redactValues(query: unknown): unknown {
  if (query === null || typeof query !== 'object') return query;
  return Object.fromEntries(Object.keys(query).map((name) => [name, REDACTED]));
}
