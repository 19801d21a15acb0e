import { API_ERRORS, ApiErrorCode, type FieldError } from '@curbside/contract';

// The codes are part of the wire contract; the API raises them.
export { API_ERRORS, ApiErrorCode, type FieldError };

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
