import { serviceRequestCodec } from '@curbside/codecs';
import type { RequestRefusal, ServiceRequest } from '@curbside/domain';
import { ApiErrorCode, ApiException, quoted } from '../platform';

/** The problem a refused request is answered with (CONTRACT §9): 422 for a broken rule, 409 for a conflict. */
export function refusalProblem(refusal: RequestRefusal, request: ServiceRequest, today: string): ApiException {
  switch (refusal.code) {
    case 'UNKNOWN_SERVICE':
      return fieldProblem(ApiErrorCode.UNKNOWN_SERVICE, serviceRequestCodec.wireName(refusal.field), `The customer has no service ${quoted(request.serviceId)}.`);
    case 'OUT_OF_WINDOW':
      return fieldProblem(ApiErrorCode.OUT_OF_WINDOW, serviceRequestCodec.wireName(refusal.field), windowMessage(request, today));
    case 'NOT_SCHEDULED':
      return fieldProblem(
        ApiErrorCode.NOT_SCHEDULED,
        serviceRequestCodec.wireName(refusal.field),
        `Service ${quoted(request.serviceId)} has no pickup on ${request.date}.`,
      );
    case 'ALREADY_REPORTED':
      return new ApiException(
        ApiErrorCode.ALREADY_REPORTED,
        `The missed pickup of service ${quoted(request.serviceId)} on ${request.date} was reported already: ticket ${refusal.ticketId}.`,
      );
    case 'LIMIT_REACHED':
      return new ApiException(
        ApiErrorCode.LIMIT_REACHED,
        `Service ${quoted(request.serviceId)} has its ${refusal.limit} extra pickups for ${request.date.slice(0, 7)} booked already.`,
      );
  }
}

function fieldProblem(code: ApiErrorCode, field: string, message: string): ApiException {
  return new ApiException(code, message, [{ field, message }]);
}

function windowMessage(request: ServiceRequest, today: string): string {
  return request.type === 'MISSED_PICKUP'
    ? `A missed pickup can be reported on its day or on the 2 working days after it; ${request.date} is outside that window (today is ${today}).`
    : `An extra pickup can be booked for a day after today and at most 60 days ahead; ${request.date} is not (today is ${today}).`;
}
