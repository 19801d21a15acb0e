import { HttpException } from '@nestjs/common';
import { AuthException } from '@curbside/auth';
import { encodeProblem, problemOf } from '@curbside/codecs';
import { AUTH_ERROR_STATUS } from '@curbside/contract';
import { isDatabaseUnavailable } from '@curbside/persistence';
import { API_ERRORS, ApiErrorCode, ApiException, FieldError } from './api.exception';

/** What went wrong, before it is dressed as a problem for one request. */
export interface ErrorDescription {
  status: number;
  code: string;
  message: string;
  errors: FieldError[];
  /** Set for 5xx: the exception is logged server-side; the client sees only a generic message. */
  unexpected: boolean;
  headers: Record<string, string>;
}

/** Bearer challenge (RFC 6750 §3) on every 401 of the customer API. */
const BEARER_CHALLENGE = 'Bearer realm="curbside"';

const INTERNAL = API_ERRORS[ApiErrorCode.INTERNAL_ERROR];
const DATABASE_UNAVAILABLE = API_ERRORS[ApiErrorCode.DATABASE_UNAVAILABLE];
/** How long a client is asked to wait before retrying a request the database could not serve. */
export const DATABASE_RETRY_AFTER_SECONDS = 2;

/** Maps any thrown value to a status, a code and a message safe to show to the client. */
export function describeError(exception: unknown): ErrorDescription {
  if (exception instanceof ApiException) {
    return described(exception.status, exception.code, exception.message, exception.errors);
  }
  if (exception instanceof AuthException) {
    const status = AUTH_ERROR_STATUS[exception.code];
    const headers: Record<string, string> = status === 401 ? { 'WWW-Authenticate': BEARER_CHALLENGE } : {};
    return { ...described(status, exception.code, exception.message), headers };
  }
  // Nest's own exceptions, and Fastify's (body too large, unsupported media type, bad JSON),
  // which Nest hands over as HttpExceptions with Fastify's (generic, safe) message.
  if (exception instanceof HttpException && exception.getStatus() < 500) {
    const status = exception.getStatus();
    // The router's 404 ("Cannot GET <url>") would reflect the whole request target: it gets the code's own message.
    const message = status === 404 ? API_ERRORS[ApiErrorCode.NOT_FOUND].message : messageOf(exception);
    return described(status, codeForStatus(status), message);
  }
  // Expected in an outage, and counted and logged once for all by DatabaseOutage, not per request.
  if (isDatabaseUnavailable(exception)) {
    const description = described(DATABASE_UNAVAILABLE.status, ApiErrorCode.DATABASE_UNAVAILABLE, DATABASE_UNAVAILABLE.message);
    return { ...description, headers: { 'Retry-After': String(DATABASE_RETRY_AFTER_SECONDS) } };
  }
  return { ...described(INTERNAL.status, ApiErrorCode.INTERNAL_ERROR, INTERNAL.message), unexpected: true };
}

/** A problem ready to send: status, headers and body in the format the Accept header prefers. */
export interface RenderedProblem {
  status: number;
  headers: Record<string, string>;
  body: string;
}

/** The one way a problem is rendered, whether Nest, Fastify or the HTTP parser caught the error. */
export function renderProblem(
  description: ErrorDescription,
  request: { url: string; trackingId: string; accept: string | undefined },
): RenderedProblem {
  const { contentType, body } = encodeProblem(problemOf(description, request.url, request.trackingId), request.accept);
  return { status: description.status, headers: { ...description.headers, 'Content-Type': contentType, Vary: 'Accept' }, body };
}

export function described(status: number, code: string, message: string, errors: FieldError[] = []): ErrorDescription {
  return { status, code, message, errors, unexpected: false, headers: {} };
}

function codeForStatus(status: number): string {
  const match = Object.entries(API_ERRORS).find(([, error]) => error.status === status);
  return match?.[0] ?? `HTTP_${status}`;
}

function messageOf(exception: HttpException): string {
  const response = exception.getResponse();
  const message = typeof response === 'string' ? response : (response as { message?: unknown }).message;
  if (typeof message === 'string') return message;
  if (Array.isArray(message)) return message.join('; ');
  return exception.message;
}
