// What resource modules use from the HTTP edge.
export { ApiErrorCode, ApiException } from './api.exception';
export type { FieldError } from './api.exception';
export { BodyEdgeProblems, CLIENT_BASIC, CustomerApi, DatabaseUnavailableResponse, JsonBodyProblems, problemContent, ProblemResponse } from './openapi';
export { decodeBody } from './decode-body';
export { quoted } from '@curbside/contract';
export { Endpoint } from './endpoint';
export { TrackingId } from './request-tracking';
export { Formats, JsonOnly, Negotiated, ResponseFormat } from './negotiation.guard';
export type { Format } from './negotiation';
export { Clock } from './clock';
export { NotCached } from './response-cache';
export { ConditionalPut, ConditionalPutRequest, PutRequest } from './if-match';
export { addLink } from './link';
export { CurrentClient } from '@curbside/auth';
export { RateLimits } from './rate-limits';
