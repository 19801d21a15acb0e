// What resource modules use from the HTTP edge.
export { ApiErrorCode, ApiException } from './api.exception';
export type { FieldError } from './api.exception';
export { CustomerApi, ProblemResponse } from './openapi';
export { decodeBody } from './decode-body';
export { TrackingId } from './request-tracking';
export { JsonOnly } from './negotiation.interceptor';
export { CurrentClient } from '@curbside/auth';
