import { AuthException } from '@curbside/auth';
import { AuthErrorCode } from '@curbside/contract';
import { describeError } from './problem';

/** CONTRACT §2: a missing, bad or foreign credential is 401; a customer not granted 403; a malformed customerId 400. */
const STATUS: Record<AuthErrorCode, number> = {
  MISSING_TOKEN: 401,
  INVALID_TOKEN: 401,
  TOKEN_EXPIRED: 401,
  UNKNOWN_CLIENT: 401,
  MISSING_CLIENT_ID: 401,
  CLIENT_ID_MISMATCH: 401,
  INVALID_CUSTOMER_ID: 400,
  CUSTOMER_NOT_GRANTED: 403,
  INVALID_FEED_TOKEN: 404,
};

describe('the authentication codes of the contract', () => {
  it.each(Object.values(AuthErrorCode))('%s: auth raises it and the edge answers it with its status and a message', (code) => {
    const description = describeError(new AuthException(code));
    expect(description).toMatchObject({ code, status: STATUS[code], unexpected: false });
    expect(description.message).not.toBe('');
    expect(description.headers).toEqual(STATUS[code] === 401 ? { 'WWW-Authenticate': 'Bearer realm="curbside"' } : {});
  });
});
