import { randomUUID } from 'node:crypto';
import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import { FastifyAdapter, NestFastifyApplication } from '@nestjs/platform-fastify';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { ApiErrorCode, ApiException } from './api.exception';
import { PROBLEM_CONTENT_TYPE } from './negotiation';
import { describeError, toProblem } from './problem';
import { sendProblem } from './problem.filter';
import { echoTrackingId, TRACKING_HEADER, trackingIdOf } from './request-tracking';

/** Request bodies above this size are refused with 413. */
export const BODY_LIMIT_BYTES = 64 * 1024;

export function createFastifyAdapter(): FastifyAdapter {
  return new FastifyAdapter({
    bodyLimit: BODY_LIMIT_BYTES,
    genReqId: trackingIdOf,
    frameworkErrors: answerRoutingError,
    clientErrorHandler: answerUnparsableRequest,
  });
}

/**
 * Errors the router meets before Nest sees the request — a path that does not percent-decode,
 * a path parameter over the router's length limit — answered as problems like every other error.
 */
function answerRoutingError(error: FastifyError, request: FastifyRequest, reply: FastifyReply): void {
  const exception =
    error.code === 'FST_ERR_MAX_PARAM_LENGTH'
      ? new ApiException(ApiErrorCode.URI_TOO_LONG)
      : new ApiException(ApiErrorCode.BAD_REQUEST, 'The request URL is not validly percent-encoded.');
  sendProblem(describeError(exception), request, reply);
}

/** What Node's HTTP parser hands over with a request it could not parse (`rawPacket`: the bytes it read). */
type ClientError = Error & { code?: string; rawPacket?: unknown };

/**
 * A request Node's HTTP parser refuses (bytes not allowed in the request line, headers over 16 KiB,
 * too slow) never becomes a request: the problem is written to the socket as JSON — there are no
 * parsed headers to negotiate with — and the connection is closed, as Node itself would.
 */
function answerUnparsableRequest(error: ClientError, socket: Socket): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const code =
    error.code === 'HPE_HEADER_OVERFLOW'
      ? ApiErrorCode.HEADERS_TOO_LARGE
      : error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
        ? ApiErrorCode.REQUEST_TIMEOUT
        : ApiErrorCode.BAD_REQUEST;
  const packet = Buffer.isBuffer(error.rawPacket) ? error.rawPacket.toString('latin1') : '';
  const target = /^[A-Z]+ (\S+)/.exec(packet)?.[1] ?? '/';
  const trackingId = /\r\nrequest-tracking-id:[ \t]*([^\r\n]*?)[ \t]*\r\n/i.exec(packet)?.[1] || randomUUID();
  const description = describeError(new ApiException(code));
  const body = JSON.stringify(toProblem(description, target.split('?')[0], trackingId));
  if (socket.writable) {
    const head = [
      `HTTP/1.1 ${description.status} ${STATUS_CODES[description.status]}`,
      `Content-Type: ${PROBLEM_CONTENT_TYPE.json}`,
      `Content-Length: ${Buffer.byteLength(body)}`,
      `${TRACKING_HEADER}: ${trackingId}`,
      'Connection: close',
    ];
    socket.write(`${head.join('\r\n')}\r\n\r\n${body}`);
  }
  socket.destroy(error);
}

/**
 * Body parsing and tracking at the Fastify level. Nest parses JSON and form bodies (the token
 * endpoint takes forms; JsonBodyGuard refuses them under /api); Fastify's plain-text parser
 * is removed, so text bodies get 415.
 */
export function configureHttp(app: NestFastifyApplication): void {
  const fastify = app.getHttpAdapter().getInstance();
  fastify.removeContentTypeParser('text/plain');
  echoTrackingId(fastify);
}
