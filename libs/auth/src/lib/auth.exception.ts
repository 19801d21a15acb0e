/** Why a caller was turned away. The HTTP edge maps each code to a status (401, 400 or 403). */
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
