import { FastifyAdapter, NestFastifyApplication } from '@nestjs/platform-fastify';
import { echoTrackingId, trackingIdOf } from './request-tracking';

/** Request bodies above this size are refused with 413. */
export const BODY_LIMIT_BYTES = 64 * 1024;

export function createFastifyAdapter(): FastifyAdapter {
  return new FastifyAdapter({
    bodyLimit: BODY_LIMIT_BYTES,
    genReqId: trackingIdOf,
    // On close (after the drain, see shutdown.ts) Node closes the idle connections and waits for
    // the requests in flight. Fastify must not force connections closed: with 'idle' (its default)
    // it calls closeAllConnections(), cutting responses mid-body. A request that still arrives
    // on an open connection gets a 503.
    forceCloseConnections: false,
    return503OnClosing: true,
  });
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
