import { FastifyAdapter, NestFastifyApplication } from '@nestjs/platform-fastify';
import { answerNotModified } from './entity-tag';
import { echoTrackingId, trackingIdOf } from './request-tracking';

/** Request bodies above this size are refused with 413. */
export const BODY_LIMIT_BYTES = 64 * 1024;

export function createFastifyAdapter(): FastifyAdapter {
  return new FastifyAdapter({ bodyLimit: BODY_LIMIT_BYTES, genReqId: trackingIdOf });
}

/**
 * Body parsing and tracking at the Fastify level. Nest parses JSON and form bodies (the token
 * endpoint takes forms; JsonBodyGuard refuses them under /api); Fastify's plain-text parser
 * is removed, so text bodies get 415. A GET whose ETag the client has is answered 304.
 */
export function configureHttp(app: NestFastifyApplication): void {
  const fastify = app.getHttpAdapter().getInstance();
  fastify.removeContentTypeParser('text/plain');
  echoTrackingId(fastify);
  answerNotModified(fastify);
}
