import { ApiErrorCode, AuthErrorCode } from '@curbside/contract';
import { bearerTokenOf, clientIdRefusal, customerRefusal, sentTrackingId, trackingIdRefusal } from './access-rules';

describe("CONTRACT §2's request rules", () => {
  it('reads the bearer token, and nothing else', () => {
    expect([bearerTokenOf({ authorization: 'Bearer abc.def' }), bearerTokenOf({ authorization: 'bearer  x ' })]).toEqual(['abc.def', 'x']);
    expect([bearerTokenOf({}), bearerTokenOf({ authorization: 'Basic abc' }), bearerTokenOf({ authorization: 'Bearer a b' })]).toEqual([undefined, undefined, undefined]);
  });

  it("requires a ClientId naming the token's client", () => {
    expect([clientIdRefusal({}, 'c1'), clientIdRefusal({ clientid: '' }, 'c1'), clientIdRefusal({ clientid: 'c2' }, 'c1'), clientIdRefusal({ clientid: 'c1' }, 'c1')]).toEqual([
      AuthErrorCode.MISSING_CLIENT_ID,
      AuthErrorCode.MISSING_CLIENT_ID,
      AuthErrorCode.CLIENT_ID_MISMATCH,
      null,
    ]);
  });

  it('requires a Request-Tracking-Id that is not blank and at most 200 characters', () => {
    const refusal = (value?: string) => trackingIdRefusal(value === undefined ? {} : { 'request-tracking-id': value });
    expect([refusal(), refusal('  '), refusal('x'.repeat(201)), refusal('x'.repeat(200))]).toEqual([
      ApiErrorCode.MISSING_TRACKING_ID,
      ApiErrorCode.MISSING_TRACKING_ID,
      ApiErrorCode.INVALID_TRACKING_ID,
      null,
    ]);
    expect([sentTrackingId({ 'request-tracking-id': 'abc' }), sentTrackingId({ 'request-tracking-id': '' })]).toEqual(['abc', null]);
  });

  it("lets a customer id through only when well-formed and among the grants, whoever holds them", () => {
    expect([customerRefusal(['1000001'], '1000001'), customerRefusal('all', '42'), customerRefusal(['1000001'], '1000002'), customerRefusal([], '1'), customerRefusal('all', '12a')]).toEqual([
      null,
      null,
      AuthErrorCode.CUSTOMER_NOT_GRANTED,
      AuthErrorCode.CUSTOMER_NOT_GRANTED,
      AuthErrorCode.INVALID_CUSTOMER_ID,
    ]);
  });
});
