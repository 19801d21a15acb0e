import { FastifyAdapter, NestFastifyApplication } from '@nestjs/platform-fastify';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { ApiErrorCode, ApiException } from './api.exception';
import { describeError } from './problem';
import { sendProblem } from './problem.filter';
import { echoTrackingId, trackingIdOf } from './request-tracking';

/** Request bodies above this size are refused with 413. */
export const BODY_LIMIT_BYTES = 64 * 1024;

export function createFastifyAdapter(): FastifyAdapter {
  return new FastifyAdapter({ bodyLimit: BODY_LIMIT_BYTES, genReqId: trackingIdOf, frameworkErrors: answerRoutingError });
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
