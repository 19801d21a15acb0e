import { FastifyAdapter, NestFastifyApplication } from '@nestjs/platform-fastify';
import { echoTrackingId, trackingIdOf } from './request-tracking';

/** Request bodies above this size are refused with 413. */
export const BODY_LIMIT_BYTES = 64 * 1024;

/** A path parameter may be this long: a calendar feed link carries its signed token (about 400 characters) in the path. */
const MAX_PARAM_LENGTH = 1024;

export function createFastifyAdapter(): FastifyAdapter {
  return new FastifyAdapter({ bodyLimit: BODY_LIMIT_BYTES, genReqId: trackingIdOf, routerOptions: { maxParamLength: MAX_PARAM_LENGTH } });
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
