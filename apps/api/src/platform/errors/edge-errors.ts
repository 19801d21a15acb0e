import { randomUUID } from 'node:crypto';
import { STATUS_CODES } from 'node:http';
import type { Server } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import type { Logger } from 'pino';
import { REQUEST_ID_KEY } from '@curbside/runtime';
import { API_ERRORS, ApiErrorCode } from './api.exception';
import { described, ErrorDescription, renderProblem } from './problem';
import { PARSER_MAX_HEADER_BYTES } from '../limits/request-limits';
import { UNMATCHED_ROUTE } from '../telemetry/request-telemetry';
import { MAX_TRACKING_ID_LENGTH, TRACKING_HEADER } from '../http/request-tracking';
import { ERROR_SECURITY_HEADERS } from '../http/security-headers';

/**
 * Errors Fastify answers before any hook or Nest runs — a URL it cannot decode, a path
 * parameter over its length limit — as problems in the negotiated format, like every error.
 */
export function answerFrameworkError(error: FastifyError, request: FastifyRequest, reply: FastifyReply): void {
  const problem = renderProblem(frameworkErrorDescription(error), {
    url: request.url,
    trackingId: request.id,
    accept: request.headers.accept,
  });
  // Answered before the router: the hooks that log every other request never see it.
  logRefusal(request.log, { trackingId: request.id, method: request.method, status: problem.status });
  void reply
    .status(problem.status)
    .headers({ ...ERROR_SECURITY_HEADERS, ...problem.headers, [TRACKING_HEADER]: request.id })
    .send(problem.body);
}

/**
 * Requests Node's HTTP parser refuses (headers over its size limit, malformed request lines,
 * timeouts) never become requests: the problem is written to the socket. Their headers were
 * not parsed, so the problem is JSON, its tracking id the one read from the header block so far
 * (see keepUnfinishedHeaders) or else a new one.
 */
export function answerClientError(error: NodeJS.ErrnoException & { rawPacket?: unknown }, socket: Socket, logger: Logger): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  if (socket.writable) {
    // The headers were never parsed, but the bytes read so far may name the target and the tracking id.
    const packet = headerBlockSoFar(socket, Buffer.isBuffer(error.rawPacket) ? error.rawPacket : Buffer.alloc(0));
    const [, method = '', target = ''] = /^([A-Z]+) (\S+)/.exec(packet) ?? [];
    const sent = /\r\nrequest-tracking-id:[ \t]*([^\r\n]*?)[ \t]*\r\n/i.exec(packet)?.[1] ?? '';
    const trackingId = sent !== '' && sent.length <= MAX_TRACKING_ID_LENGTH ? sent : randomUUID();
    const problem = renderProblem(clientErrorDescription(error), { url: target, trackingId, accept: undefined });
    logRefusal(logger, { trackingId, method, status: problem.status });
    const body = Buffer.from(problem.body);
    const headers = { ...ERROR_SECURITY_HEADERS, ...problem.headers, [TRACKING_HEADER]: trackingId, 'Content-Length': body.length };
    const head = Object.entries(headers).map(([name, value]) => `${name}: ${value}\r\n`);
    socket.write(`HTTP/1.1 ${problem.status} ${STATUS_CODES[problem.status]}\r\n${head.join('')}Connection: close\r\n\r\n`);
    socket.write(body);
  }
  socket.destroy(error);
}

/**
 * The log line of a request refused before it reached a route: as the one every request gets
 * (request-telemetry), without the URL, which may carry what the request should not have sent.
 */
function logRefusal(logger: Pick<Logger, 'info'>, refused: { trackingId: string; method: string; status: number }): void {
  logger.info(
    { [REQUEST_ID_KEY]: refused.trackingId, clientId: null, customerId: null, method: refused.method, route: UNMATCHED_ROUTE, status: refused.status },
    'request refused',
  );
}

const END_OF_HEADERS = '\r\n\r\n';
/** A connection's bytes since the last end of a header block: the chunks as read, joined only if a request is refused. */
interface UnfinishedHeaders {
  chunks: Buffer[];
  bytes: number;
}
/** Per connection: the bytes received since the last end of a header block (at most the parser's limit). */
const unfinishedHeaders = new WeakMap<Socket, UnfinishedHeaders>();

/**
 * Keeps each connection's unfinished header block, for answerClientError: Node gives a refused
 * request's last chunk only, and the tracking id may have come in an earlier one. A `data`
 * listener makes Node parse the connection's bytes in JavaScript rather than natively. The chunks
 * are kept as they came, not joined per chunk: joining copied the block so far on every chunk, so a
 * header sent a few hundred bytes at a time cost quadratic time and garbage.
 */
export function keepUnfinishedHeaders(server: Server): void {
  server.on('connection', (socket: Socket) => {
    socket.on('data', (chunk: Buffer) => {
      const end = chunk.lastIndexOf(END_OF_HEADERS);
      const kept = unfinishedHeaders.get(socket);
      if (end !== -1) {
        const rest = chunk.subarray(end + END_OF_HEADERS.length);
        unfinishedHeaders.set(socket, { chunks: [rest], bytes: rest.length });
      } else if (kept === undefined) {
        unfinishedHeaders.set(socket, { chunks: [chunk], bytes: chunk.length });
      } else if (kept.bytes < PARSER_MAX_HEADER_BYTES) {
        kept.chunks.push(chunk);
        kept.bytes += chunk.length;
      }
    });
  });
}

/**
 * The refused header block as text: the kept bytes and the last chunk, from after the header block
 * before it. The refused block may be complete (a malformed one), so its own end does not count.
 */
function headerBlockSoFar(socket: Socket, lastChunk: Buffer): string {
  const text = Buffer.concat([...(unfinishedHeaders.get(socket)?.chunks ?? []), lastChunk]).toString('latin1');
  const end = text.lastIndexOf(END_OF_HEADERS, text.length - END_OF_HEADERS.length - 1);
  const block = end === -1 ? text : text.slice(end + END_OF_HEADERS.length);
  // After a request with a body on the same connection the kept bytes begin with that body (and the
  // request line follows it directly): the refused block starts at the last request line; a line too
  // malformed to find starts the last chunk.
  const starts = [...block.matchAll(REQUEST_LINE_START)];
  if (starts.length > 0) return block.slice(starts[starts.length - 1].index);
  return /^[A-Z]+ /.test(lastChunk.toString('latin1', 0, 16)) ? lastChunk.toString('latin1') : block;
}

/** Where a request line ("GET /path HTTP/1.1") starts. */
const REQUEST_LINE_START = /[A-Z]+ \S+ HTTP\/\d/g;

function frameworkErrorDescription(error: FastifyError): ErrorDescription {
  switch (error.code) {
    case 'FST_ERR_BAD_URL':
      return fromCode(ApiErrorCode.BAD_URL);
    case 'FST_ERR_MAX_PARAM_LENGTH':
      return fromCode(ApiErrorCode.URI_TOO_LONG);
    default:
      return { ...fromCode(ApiErrorCode.INTERNAL_ERROR), unexpected: true };
  }
}

function clientErrorDescription(error: NodeJS.ErrnoException): ErrorDescription {
  if (error.code === 'HPE_HEADER_OVERFLOW') return fromCode(ApiErrorCode.HEADERS_TOO_LARGE);
  if (error.code === 'ERR_HTTP_REQUEST_TIMEOUT') return described(408, 'REQUEST_TIMEOUT', 'The request took too long to arrive.');
  return described(400, ApiErrorCode.BAD_REQUEST, 'The request is not valid HTTP.');
}

const fromCode = (code: ApiErrorCode): ErrorDescription => described(API_ERRORS[code].status, code, API_ERRORS[code].message);
