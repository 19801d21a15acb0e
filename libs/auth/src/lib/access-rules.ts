import type { IncomingHttpHeaders } from 'node:http';
import { ApiErrorCode, AuthErrorCode } from '@curbside/contract';
import { type CustomerGrants, grantsCustomer, ID_PATTERN } from '@curbside/domain';

/*
 * CONTRACT §2's checks of a request's headers and customer: the one copy, used by the API's own
 * guards and by the guard another service puts on its routes (`@curbside/auth`'s CurbsideAccessGuard).
 */

/** Longer tracking ids are refused (400) rather than echoed back. */
export const MAX_TRACKING_ID_LENGTH = 200;

/** A request's headers, as Node's HTTP server gives them (lower-case names). */
export type RequestHeaders = IncomingHttpHeaders;

/** The token of an `Authorization: Bearer <token>` header. */
export const bearerTokenOf = (headers: RequestHeaders): string | undefined => /^Bearer +(\S+)\s*$/i.exec(headers.authorization ?? '')?.[1];

/** The refusal of a `ClientId` header that does not name the token's client, or null when it does. */
export function clientIdRefusal(headers: RequestHeaders, tokenClientId: string): AuthErrorCode | null {
  const claimed = headers.clientid;
  if (typeof claimed !== 'string' || claimed === '') return AuthErrorCode.MISSING_CLIENT_ID;
  return claimed === tokenClientId ? null : AuthErrorCode.CLIENT_ID_MISMATCH;
}

/** The caller's own `Request-Tracking-Id`, when it sent a usable one (not blank, not too long). */
export function sentTrackingId(headers: RequestHeaders): string | null {
  const value = headers['request-tracking-id'];
  return typeof value === 'string' && value.trim() !== '' && value.length <= MAX_TRACKING_ID_LENGTH ? value : null;
}

/** The refusal of a request without a usable `Request-Tracking-Id`, or null when it has one. */
export function trackingIdRefusal(headers: RequestHeaders): ApiErrorCode.MISSING_TRACKING_ID | ApiErrorCode.INVALID_TRACKING_ID | null {
  const value = headers['request-tracking-id'];
  if (typeof value === 'string' && value.length > MAX_TRACKING_ID_LENGTH) return ApiErrorCode.INVALID_TRACKING_ID;
  return sentTrackingId(headers) === null ? ApiErrorCode.MISSING_TRACKING_ID : null;
}

/**
 * The refusal of a route's customer id for a caller with `grants`, or null when it may reach it:
 * a malformed id is 400, one not granted 403, the same answer whether or not the customer exists.
 */
export function customerRefusal(grants: CustomerGrants, customerId: string): AuthErrorCode | null {
  if (!ID_PATTERN.test(customerId)) return AuthErrorCode.INVALID_CUSTOMER_ID;
  return grantsCustomer(grants, customerId) ? null : AuthErrorCode.CUSTOMER_NOT_GRANTED;
}
