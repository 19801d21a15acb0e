import { DecodeError } from '@curbside/codecs';
import { ApiErrorCode, ApiException } from '../errors/api.exception';

/**
 * Reads a request body with its codec, the one validator of that body: every problem the
 * codec finds is a 400 naming its field (e.g. `contacts[1].email`).
 */
export function decodeBody<T>(decode: (body: unknown) => T, body: unknown): T {
  try {
    return decode(body);
  } catch (error) {
    if (error instanceof DecodeError) throw new ApiException(ApiErrorCode.VALIDATION_FAILED, undefined, error.issues);
    throw error;
  }
}
