/** One problem in a request, reported under `error.errors` (e.g. one per invalid field). */
export interface FieldError {
  field: string;
  message: string;
}

/** Codes of the HTTP edge and the resource modules; `error.code` in problem bodies. */
export enum ApiErrorCode {
  BAD_REQUEST = 'BAD_REQUEST',
  VALIDATION_FAILED = 'VALIDATION_FAILED',
  MISSING_TRACKING_ID = 'MISSING_TRACKING_ID',
  INVALID_TRACKING_ID = 'INVALID_TRACKING_ID',
  /** A URL that is not validly percent-encoded. */
  BAD_URL = 'BAD_URL',
  /** A JSON body nested deeper than the edge allows. */
  BODY_TOO_DEEP = 'BODY_TOO_DEEP',
  UNAUTHORIZED = 'UNAUTHORIZED',
  FORBIDDEN = 'FORBIDDEN',
  NOT_FOUND = 'NOT_FOUND',
  /** A customer the client was granted, but which does not exist. */
  CUSTOMER_NOT_FOUND = 'CUSTOMER_NOT_FOUND',
  METHOD_NOT_ALLOWED = 'METHOD_NOT_ALLOWED',
  NOT_ACCEPTABLE = 'NOT_ACCEPTABLE',
  CONFLICT = 'CONFLICT',
  /** `If-Match` names a version of the resource that is no longer current. */
  PRECONDITION_FAILED = 'PRECONDITION_FAILED',
  PAYLOAD_TOO_LARGE = 'PAYLOAD_TOO_LARGE',
  URI_TOO_LONG = 'URI_TOO_LONG',
  UNSUPPORTED_MEDIA_TYPE = 'UNSUPPORTED_MEDIA_TYPE',
  TOO_MANY_REQUESTS = 'TOO_MANY_REQUESTS',
  HEADERS_TOO_LARGE = 'HEADERS_TOO_LARGE',
  /** An `Idempotency-Key` header that is empty or over 200 characters. */
  INVALID_IDEMPOTENCY_KEY = 'INVALID_IDEMPOTENCY_KEY',
  /** CONTRACT §9: the request's service is not one of the customer's. */
  UNKNOWN_SERVICE = 'UNKNOWN_SERVICE',
  /** CONTRACT §9: the service has no pickup on the request's date. */
  NOT_SCHEDULED = 'NOT_SCHEDULED',
  /** CONTRACT §9: the request's date is outside the window of its type. */
  OUT_OF_WINDOW = 'OUT_OF_WINDOW',
  /** CONTRACT §9: this missed pickup was reported already (`detail` names the ticket). */
  ALREADY_REPORTED = 'ALREADY_REPORTED',
  /** CONTRACT §9: the service's extra pickups for that month are booked up. */
  LIMIT_REACHED = 'LIMIT_REACHED',
  /** CONTRACT §9: the `Idempotency-Key` was used before, for another request. */
  IDEMPOTENCY_KEY_REUSED = 'IDEMPOTENCY_KEY_REUSED',
  /** CONTRACT §11: a language the hauler does not offer (the message names the offered ones). */
  UNSUPPORTED_LANGUAGE = 'UNSUPPORTED_LANGUAGE',
  INTERNAL_ERROR = 'INTERNAL_ERROR',
  SERVICE_UNAVAILABLE = 'SERVICE_UNAVAILABLE',
  /** The database cannot be reached (or, on SQLite, stayed locked by another process): retry after `Retry-After` seconds. */
  DATABASE_UNAVAILABLE = 'DATABASE_UNAVAILABLE',
}

/** HTTP status and default message of each code. */
export const API_ERRORS: Record<ApiErrorCode, { status: number; message: string }> = {
  [ApiErrorCode.BAD_REQUEST]: { status: 400, message: 'The request is malformed.' },
  [ApiErrorCode.VALIDATION_FAILED]: { status: 400, message: 'The request has invalid values.' },
  [ApiErrorCode.MISSING_TRACKING_ID]: { status: 400, message: 'The Request-Tracking-Id header is required.' },
  [ApiErrorCode.INVALID_TRACKING_ID]: { status: 400, message: 'The Request-Tracking-Id header must be at most 200 characters.' },
  [ApiErrorCode.BAD_URL]: { status: 400, message: 'The URL is not validly percent-encoded.' },
  [ApiErrorCode.BODY_TOO_DEEP]: { status: 400, message: 'The JSON body is nested more than 32 levels deep.' },
  [ApiErrorCode.UNAUTHORIZED]: { status: 401, message: 'Authentication is required.' },
  [ApiErrorCode.FORBIDDEN]: { status: 403, message: 'Access is denied.' },
  [ApiErrorCode.NOT_FOUND]: { status: 404, message: 'The resource does not exist.' },
  [ApiErrorCode.CUSTOMER_NOT_FOUND]: { status: 404, message: 'The customer does not exist.' },
  [ApiErrorCode.METHOD_NOT_ALLOWED]: { status: 405, message: 'The method is not allowed on this resource.' },
  [ApiErrorCode.NOT_ACCEPTABLE]: {
    status: 406,
    message: 'The Accept header allows no available format: application/json or application/xml.',
  },
  [ApiErrorCode.CONFLICT]: { status: 409, message: 'The request conflicts with the current state of the resource.' },
  [ApiErrorCode.PRECONDITION_FAILED]: {
    status: 412,
    message: 'The resource has changed since the version If-Match names; read it again and retry.',
  },
  [ApiErrorCode.PAYLOAD_TOO_LARGE]: { status: 413, message: 'The request body is too large.' },
  [ApiErrorCode.URI_TOO_LONG]: { status: 414, message: 'The URL is too long.' },
  [ApiErrorCode.UNSUPPORTED_MEDIA_TYPE]: { status: 415, message: 'The request body must be application/json.' },
  [ApiErrorCode.TOO_MANY_REQUESTS]: { status: 429, message: 'Too many requests.' },
  [ApiErrorCode.HEADERS_TOO_LARGE]: { status: 431, message: 'The request headers are too large.' },
  [ApiErrorCode.INVALID_IDEMPOTENCY_KEY]: { status: 400, message: 'The Idempotency-Key header must be 1 to 200 characters.' },
  [ApiErrorCode.UNKNOWN_SERVICE]: { status: 422, message: 'The customer has no such service.' },
  [ApiErrorCode.NOT_SCHEDULED]: { status: 422, message: 'The service has no pickup on that day.' },
  [ApiErrorCode.OUT_OF_WINDOW]: { status: 422, message: 'The day is outside the window for this type of request.' },
  [ApiErrorCode.ALREADY_REPORTED]: { status: 409, message: 'This missed pickup was reported already.' },
  [ApiErrorCode.LIMIT_REACHED]: { status: 409, message: 'The extra pickups of that month are booked up for this service.' },
  [ApiErrorCode.IDEMPOTENCY_KEY_REUSED]: {
    status: 422,
    message: 'The Idempotency-Key was used for another request within the last 24 hours.',
  },
  [ApiErrorCode.UNSUPPORTED_LANGUAGE]: { status: 422, message: 'The hauler does not offer that language.' },
  [ApiErrorCode.INTERNAL_ERROR]: { status: 500, message: 'An unexpected error occurred.' },
  [ApiErrorCode.SERVICE_UNAVAILABLE]: { status: 503, message: 'The service is unavailable.' },
  [ApiErrorCode.DATABASE_UNAVAILABLE]: { status: 503, message: 'The database is unavailable; retry after Retry-After seconds.' },
};

/** Codes of authentication and grants (CONTRACT §2), also sent as `error.code`; @curbside/auth raises them. */
export enum AuthErrorCode {
  /** No `Authorization: Bearer <token>` header. */
  MISSING_TOKEN = 'MISSING_TOKEN',
  /** Forged, tampered, malformed, or signed for someone else. */
  INVALID_TOKEN = 'INVALID_TOKEN',
  TOKEN_EXPIRED = 'TOKEN_EXPIRED',
  /** The token's client does not exist (any more) or was revoked. */
  UNKNOWN_CLIENT = 'UNKNOWN_CLIENT',
  MISSING_CLIENT_ID = 'MISSING_CLIENT_ID',
  /** The `ClientId` header names another client than the token's. */
  CLIENT_ID_MISMATCH = 'CLIENT_ID_MISMATCH',
  /** The `customerId` path parameter is not 1 to 18 digits. */
  INVALID_CUSTOMER_ID = 'INVALID_CUSTOMER_ID',
  /** The customer is not granted to the client (whether or not it exists). */
  CUSTOMER_NOT_GRANTED = 'CUSTOMER_NOT_GRANTED',
  /** A calendar feed link that is altered, or whose client was revoked or lost the customer. */
  INVALID_FEED_TOKEN = 'INVALID_FEED_TOKEN',
}

/** The HTTP status each auth code is answered with (CONTRACT §2). */
export const AUTH_ERROR_STATUS: Record<AuthErrorCode, number> = {
  [AuthErrorCode.MISSING_TOKEN]: 401,
  [AuthErrorCode.INVALID_TOKEN]: 401,
  [AuthErrorCode.TOKEN_EXPIRED]: 401,
  [AuthErrorCode.UNKNOWN_CLIENT]: 401,
  [AuthErrorCode.MISSING_CLIENT_ID]: 401,
  [AuthErrorCode.CLIENT_ID_MISMATCH]: 401,
  [AuthErrorCode.INVALID_CUSTOMER_ID]: 400,
  [AuthErrorCode.CUSTOMER_NOT_GRANTED]: 403,
  // A feed link is an address: a bad one names no feed (and tells nothing of why).
  [AuthErrorCode.INVALID_FEED_TOKEN]: 404,
};

/** Every `error.code` a problem body can carry. */
export type ProblemCode = ApiErrorCode | AuthErrorCode;

/** An RFC 9457 problem with the members clients of this interface read (CONTRACT §4). */
export interface Problem {
  type: string;
  title: string;
  status: number;
  detail: string;
  instance: string;
  request_tracking_id: string;
  error: { code: string; message: string; errors: FieldError[] };
}
