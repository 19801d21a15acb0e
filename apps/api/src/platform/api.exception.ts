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
  UNAUTHORIZED = 'UNAUTHORIZED',
  FORBIDDEN = 'FORBIDDEN',
  NOT_FOUND = 'NOT_FOUND',
  /** A customer the client was granted, but which does not exist. */
  CUSTOMER_NOT_FOUND = 'CUSTOMER_NOT_FOUND',
  METHOD_NOT_ALLOWED = 'METHOD_NOT_ALLOWED',
  REQUEST_TIMEOUT = 'REQUEST_TIMEOUT',
  NOT_ACCEPTABLE = 'NOT_ACCEPTABLE',
  CONFLICT = 'CONFLICT',
  PAYLOAD_TOO_LARGE = 'PAYLOAD_TOO_LARGE',
  URI_TOO_LONG = 'URI_TOO_LONG',
  HEADERS_TOO_LARGE = 'HEADERS_TOO_LARGE',
  UNSUPPORTED_MEDIA_TYPE = 'UNSUPPORTED_MEDIA_TYPE',
  TOO_MANY_REQUESTS = 'TOO_MANY_REQUESTS',
  INTERNAL_ERROR = 'INTERNAL_ERROR',
  SERVICE_UNAVAILABLE = 'SERVICE_UNAVAILABLE',
}

/** HTTP status and default message of each code. */
export const API_ERRORS: Record<ApiErrorCode, { status: number; message: string }> = {
  [ApiErrorCode.BAD_REQUEST]: { status: 400, message: 'The request is malformed.' },
  [ApiErrorCode.VALIDATION_FAILED]: { status: 400, message: 'The request has invalid values.' },
  [ApiErrorCode.MISSING_TRACKING_ID]: { status: 400, message: 'The Request-Tracking-Id header is required.' },
  [ApiErrorCode.UNAUTHORIZED]: { status: 401, message: 'Authentication is required.' },
  [ApiErrorCode.FORBIDDEN]: { status: 403, message: 'Access is denied.' },
  [ApiErrorCode.NOT_FOUND]: { status: 404, message: 'The resource does not exist.' },
  [ApiErrorCode.CUSTOMER_NOT_FOUND]: { status: 404, message: 'The customer does not exist.' },
  [ApiErrorCode.METHOD_NOT_ALLOWED]: { status: 405, message: 'The method is not allowed on this resource.' },
  [ApiErrorCode.REQUEST_TIMEOUT]: { status: 408, message: 'The request was not received in time.' },
  [ApiErrorCode.NOT_ACCEPTABLE]: {
    status: 406,
    message: 'The Accept header allows no available format: application/json or application/xml.',
  },
  [ApiErrorCode.CONFLICT]: { status: 409, message: 'The request conflicts with the current state of the resource.' },
  [ApiErrorCode.PAYLOAD_TOO_LARGE]: { status: 413, message: 'The request body is too large.' },
  [ApiErrorCode.URI_TOO_LONG]: { status: 414, message: 'The request URL is too long.' },
  [ApiErrorCode.HEADERS_TOO_LARGE]: { status: 431, message: 'The request headers are too large.' },
  [ApiErrorCode.UNSUPPORTED_MEDIA_TYPE]: { status: 415, message: 'The request body must be application/json.' },
  [ApiErrorCode.TOO_MANY_REQUESTS]: { status: 429, message: 'Too many requests.' },
  [ApiErrorCode.INTERNAL_ERROR]: { status: 500, message: 'An unexpected error occurred.' },
  [ApiErrorCode.SERVICE_UNAVAILABLE]: { status: 503, message: 'The service is unavailable.' },
};

/**
 * The one exception of the HTTP edge and the resource modules. The problem filter turns it
 * into a problem body; nothing else builds error bodies.
 */
export class ApiException extends Error {
  constructor(
    readonly code: ApiErrorCode,
    message: string = API_ERRORS[code].message,
    readonly errors: FieldError[] = [],
  ) {
    super(message);
    this.name = 'ApiException';
  }

  get status(): number {
    return API_ERRORS[this.code].status;
  }
}
