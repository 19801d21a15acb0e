import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { CanActivate, createParamDecorator, ExecutionContext, Injectable } from '@nestjs/common';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { MAX_TRACKING_ID_LENGTH, sentTrackingId, trackingIdRefusal } from '@curbside/auth';
import { ApiErrorCode, ApiException } from '../errors/api.exception';

export { MAX_TRACKING_ID_LENGTH };
export const TRACKING_HEADER = 'Request-Tracking-Id';

const generatedIds = new WeakMap<IncomingMessage, string>();

/**
 * The request's tracking id: the `Request-Tracking-Id` it sent, or a UUID made once per
 * request (also when the one it sent is too long to use). Fastify uses it as `request.id` and the logger as its request id, so the two agree.
 */
export function trackingIdOf(request: IncomingMessage): string {
  const sent = sentTrackingId(request.headers);
  if (sent !== null) return sent;
  let generated = generatedIds.get(request);
  if (generated === undefined) {
    generated = randomUUID();
    generatedIds.set(request, generated);
  }
  return generated;
}

/**
 * Every response, errors and unknown routes included, carries the tracking id header; a
 * Request-Tracking-Id over 200 characters is refused on every route.
 */
export function trackRequests(fastify: FastifyInstance): void {
  // A callback hook, not an async one: no promise per request on this hot path.
  fastify.addHook('onRequest', (request, reply, done) => {
    void reply.header(TRACKING_HEADER, request.id);
    if (trackingIdRefusal(request.headers) === ApiErrorCode.INVALID_TRACKING_ID) return done(new ApiException(ApiErrorCode.INVALID_TRACKING_ID));
    done();
  });
}

export const isApiRoute = (url: string): boolean => url === '/api' || url.startsWith('/api/') || url.startsWith('/api?');

/** Routes under `/api` require the caller's own Request-Tracking-Id (CONTRACT §2). */
@Injectable()
export class RequestTrackingGuard implements CanActivate {
  canActivate(context: ExecutionContext): boolean {
    const request = context.switchToHttp().getRequest<FastifyRequest>();
    const refusal = isApiRoute(request.url) ? trackingIdRefusal(request.headers) : null;
    if (refusal !== null) throw new ApiException(refusal);
    return true;
  }
}

/** The request's tracking id, for bodies that echo it as `request_tracking_id`. */
export const TrackingId = createParamDecorator(
  (_data: unknown, context: ExecutionContext): string => context.switchToHttp().getRequest<FastifyRequest>().id,
);
