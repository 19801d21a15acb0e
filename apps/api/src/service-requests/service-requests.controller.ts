import { Body, Controller, Inject, Res } from '@nestjs/common';
import type { SchemaObject } from '@nestjs/swagger';
import { ApiBody, ApiTags } from '../openapi/openapi-decorators';
import { CreateServiceRequest, type StoredResponse } from '@curbside/application';
import { ROUTES } from '@curbside/contract';
import { responses, serviceRequestCodec, type WireObject } from '@curbside/codecs';
import type { ApiClient, Customer, Id, ServiceTicket } from '@curbside/domain';
import type { FastifyReply } from 'fastify';
import { CurrentCustomer, CustomerResource } from '../customer-scope';
import { CreatedWireResponse, JsonBodyProblems, ProblemResponse } from '../openapi';
import { ApiErrorCode, ApiException, Clock, CurrentClient, decodeBody, Endpoint, TrackingId } from '../platform';
import { AcceptsIdempotencyKey, IDEMPOTENCY_HEADER, IdempotencyKey, REPLAYED_HEADER, requestFingerprint } from './idempotency-key';
import { refusalProblem } from './refusals';
import { SERVICE_REQUEST_OPTIONS, type ServiceRequestOptions } from './service-requests.options';

const ticketPath = (customerId: Id, ticketId: Id): string => `/api/v1/customers/${customerId}/tickets/${ticketId}`;

@ApiTags('service requests')
@Controller()
@CustomerResource()
export class ServiceRequestsController {
  constructor(
    private readonly createRequest: CreateServiceRequest,
    private readonly clock: Clock,
    @Inject(SERVICE_REQUEST_OPTIONS) private readonly options: ServiceRequestOptions,
  ) {}

  @Endpoint(ROUTES.createServiceRequest, {
    summary: 'Report a missed pickup or book an extra pickup (CONTRACT \u00a79)',
    description:
      'Creates a service ticket (status PENDING; load_type MIS for a missed pickup, XPU for an extra pickup) and answers it ' +
      'in the body of op 2, with its address in Location; the ticket is in ops 1 and 2 at once, and a ticket.created event is ' +
      'written with it. MISSED_PICKUP: the service had a pickup on date (holiday moves applied), date is today or one of the 2 ' +
      'working days before it (Monday to Friday, not a holiday), one report per service and date. EXTRA_PICKUP: date is after ' +
      'today and at most 60 days ahead, the service has a pickup that day, at most EXTRA_PICKUPS_PER_MONTH per service and ' +
      'calendar month. Days are in the operating time zone. The body must be `application/json`, at most 64 KiB, with no ' +
      'members beyond those documented. Nothing is written unless the answer is 201.',
  })
  @ApiBody({ schema: serviceRequestCodec.schema() as SchemaObject })
  @CreatedWireResponse(
    {
      description: 'The ticket was created (or, for a repeated Idempotency-Key, the first answer again)',
      headers: {
        Location: { required: true, description: 'The ticket (op 2)', schema: { type: 'string' } },
        [REPLAYED_HEADER]: { required: false, description: '`true` when this is the stored answer to an earlier request with the same Idempotency-Key', schema: { type: 'string' } },
      },
    },
    'serviceRequestTicket',
  )
  @AcceptsIdempotencyKey()
  @ProblemResponse(409, 'ALREADY_REPORTED (detail names the existing ticket) or LIMIT_REACHED')
  @JsonBodyProblems()
  async create(
    @TrackingId() trackingId: string,
    @CurrentCustomer() customer: Customer,
    @CurrentClient() client: ApiClient,
    @IdempotencyKey() key: string | null,
    @Body() body: unknown,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<WireObject> {
    const request = decodeBody(serviceRequestCodec.decode, body);
    const today = this.clock.today();
    const outcome = await this.createRequest.execute({
      customerId: customer.id,
      clientId: client.clientId,
      request,
      today,
      now: this.clock.localNow(),
      instant: this.clock.now(),
      extraPickupsPerMonth: this.options.extraPickupsPerMonth,
      idempotency: key === null ? null : { key, fingerprint: requestFingerprint(customer.id, request) },
    });
    switch (outcome.kind) {
      case 'created':
        return created(customer.id, outcome.ticket, trackingId, reply);
      case 'replayed':
        void reply.status(201).header(REPLAYED_HEADER, 'true');
        return 'ticket' in outcome.earlier ? created(customer.id, outcome.earlier.ticket, trackingId, reply) : replay(outcome.earlier.response, trackingId, reply);
      case 'key-reused':
        throw new ApiException(ApiErrorCode.IDEMPOTENCY_KEY_REUSED, undefined, [
          { field: IDEMPOTENCY_HEADER, message: 'used within the last 24 hours for another request' },
        ]);
      case 'refused':
        throw refusalProblem(outcome.refusal, request, today);
    }
  }
}

/** The created ticket's answer (201): its address in Location, the ticket in the body, encoded here and only here. */
function created(customerId: Id, ticket: ServiceTicket, trackingId: string, reply: FastifyReply): WireObject {
  void reply.header('Location', ticketPath(customerId, ticket.id));
  return responses.ticketDetail(trackingId, ticket);
}

/**
 * A first answer kept encoded (a key stored before keys kept the ticket: gone 24 hours after the
 * upgrade): its status, Location and body, the body echoing this request's tracking id (CONTRACT §4).
 */
function replay(stored: StoredResponse, trackingId: string, reply: FastifyReply): WireObject {
  void reply.status(stored.status);
  if (stored.location !== null) void reply.header('Location', stored.location);
  return { ...(JSON.parse(stored.body) as WireObject), request_tracking_id: trackingId };
}
