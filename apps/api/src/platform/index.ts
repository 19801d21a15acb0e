// What resource modules use from the HTTP edge.
export { ApiErrorCode, ApiException } from './errors/api.exception';
export type { FieldError } from './errors/api.exception';
export { decodeBody } from './http/decode-body';
export { quoted } from '@curbside/contract';
export { Endpoint } from './http/endpoint';
export { TrackingId } from './http/request-tracking';
export { Formats, JsonOnly, Negotiated, ResponseFormat } from './negotiation/negotiation.guard';
export type { Format } from './negotiation/negotiation';
export { Clock } from './lifecycle/clock';
export { NotCached } from './caching/response-cache';
export { ConditionalPut, ConditionalPutRequest, PutRequest } from './caching/if-match';
export { addLink } from './http/link';
export { CurrentClient } from '@curbside/auth';
export { RateLimits } from './limits/rate-limits';
