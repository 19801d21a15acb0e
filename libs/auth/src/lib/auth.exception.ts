import { AuthErrorCode } from '@curbside/contract';

/** What the caller is told for each code of the contract; the HTTP edge maps each code to a status. */
const MESSAGES: Record<AuthErrorCode, string> = {
  [AuthErrorCode.MISSING_TOKEN]: 'An access token is required: send Authorization: Bearer <access_token>.',
  [AuthErrorCode.INVALID_TOKEN]: 'The access token is not valid.',
  [AuthErrorCode.TOKEN_EXPIRED]: 'The access token has expired.',
  [AuthErrorCode.UNKNOWN_CLIENT]: 'The client is unknown or has been revoked.',
  [AuthErrorCode.MISSING_CLIENT_ID]: 'The ClientId header is required.',
  [AuthErrorCode.CLIENT_ID_MISMATCH]: 'The ClientId header does not match the access token.',
  [AuthErrorCode.INVALID_CUSTOMER_ID]: 'customerId must be 1 to 18 digits.',
  [AuthErrorCode.CUSTOMER_NOT_GRANTED]: 'The client may not access this customer.',
  [AuthErrorCode.INVALID_FEED_TOKEN]: 'There is no calendar feed at this address.',
};

/** The one exception of the auth area. It carries a code and a safe message, never an HTTP body. */
export class AuthException extends Error {
  constructor(readonly code: AuthErrorCode) {
    super(MESSAGES[code]);
    this.name = 'AuthException';
  }
}
