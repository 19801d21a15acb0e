import { createHash } from 'node:crypto';
import { applyDecorators, createParamDecorator, ExecutionContext } from '@nestjs/common';
import { ApiHeader } from '../openapi/openapi-decorators';
import type { Id, ServiceRequest } from '@curbside/domain';
import type { FastifyRequest } from 'fastify';
import { ApiErrorCode, ApiException } from '../platform';
import { ProblemResponse } from '../openapi';

export const IDEMPOTENCY_HEADER = 'Idempotency-Key';
/** Set on an answer that replays the first answer to its key. */
export const REPLAYED_HEADER = 'Idempotent-Replayed';
const MAX_KEY_LENGTH = 200;

/** The request's `Idempotency-Key` (1 to 200 characters, else 400), or null when it sent none. */
export const IdempotencyKey = createParamDecorator((_data: unknown, context: ExecutionContext): string | null => {
  const value = context.switchToHttp().getRequest<FastifyRequest>().headers['idempotency-key'];
  if (value === undefined) return null;
  if (typeof value !== 'string' || value.length === 0 || value.length > MAX_KEY_LENGTH) throw new ApiException(ApiErrorCode.INVALID_IDEMPOTENCY_KEY);
  return value;
});

/**
 * What makes two requests with one key "the same": the customer and the request's values, not
 * the JSON's spelling (member order, spacing) nor the body's `request_tracking_id`.
 */
export function requestFingerprint(customerId: Id, request: ServiceRequest): string {
  const { type, serviceId, date, comments, requestedBy } = request;
  return createHash('sha256').update(JSON.stringify([customerId, type, serviceId, date, comments, requestedBy])).digest('hex');
}

/** Documents the header and its problems. */
export function AcceptsIdempotencyKey(): MethodDecorator {
  return applyDecorators(
    ApiHeader({
      name: IDEMPOTENCY_HEADER,
      required: false,
      description:
        'Any unique string of 1 to 200 characters (a UUID is best). The same key from the same client within 24 hours answers ' +
        'the first 201 again (with `Idempotent-Replayed: true`) and creates nothing; while the first is in progress, a repeat ' +
        'waits for it. The same key with another request -> 422 IDEMPOTENCY_KEY_REUSED. Only a 201 is kept: a refused request may be retried with its key.',
      schema: { type: 'string', maxLength: MAX_KEY_LENGTH },
    }),
    ProblemResponse(422, 'A rule of the request type is broken (UNKNOWN_SERVICE, NOT_SCHEDULED, OUT_OF_WINDOW), or IDEMPOTENCY_KEY_REUSED'),
  );
}
