import { Controller, Param, Query } from '@nestjs/common';
import { ApiTags } from '../openapi/openapi-decorators';
import { responses, WireObject, WrittenList, writtenResponses } from '@curbside/codecs';
import type { Customer, DisposalTicket } from '@curbside/domain';
import { DisposalTicketRepository, ServiceTicketRepository } from '@curbside/persistence';
import { CurrentCustomer, CustomerResource, RecordIdPipe } from '../customer-scope';
import { ListPaging, Paging } from '../lists';
import { WireResponse } from '../openapi';
import { ApiErrorCode, ApiException, TrackingId, Endpoint } from '../platform';
import { DISPOSAL, DisposalViewQuery, TicketDetailQuery, TicketListQuery } from './dtos/ticket-query.dto';
import { ROUTES } from '@curbside/contract';

@ApiTags('tickets')
@Controller()
@CustomerResource()
export class TicketsController {
  constructor(
    private readonly serviceTickets: ServiceTicketRepository,
    private readonly disposalTickets: DisposalTicketRepository,
  ) {}

  @Endpoint(ROUTES.listTickets, {
    summary: 'List service tickets (op 1) or, with ticket_type=disposal, disposal tickets (op 3)',
    description: 'Newest first; fromDate/toDate filter on the creation time (service) or the last-modified time (disposal), both inclusive.',
  })
  @WireResponse('Ticket summary (op 1), or disposal ticket summary (op 3)', 'ticketList', 'disposalList')
  async list(
    @TrackingId() trackingId: string,
    @CurrentCustomer() customer: Customer,
    @Query() query: TicketListQuery,
    @Paging() paging: ListPaging,
  ): Promise<WireObject | WrittenList> {
    if (query.ticket_type === DISPOSAL) {
      return responses.disposalList(trackingId, await paging.read('disposal-tickets', query, (list) => this.disposalTickets.list(customer.id, list)));
    }
    return writtenResponses.ticketList(trackingId, await paging.read('service-tickets', query, (list) => this.serviceTickets.list(customer.id, list)));
  }

  @Endpoint(ROUTES.getTicket, {
    summary: 'A service ticket (op 2) or, with ticket_type=disposal, a disposal ticket (op 4)',
    description: 'One ticket of the customer by id, with its detail lines; 404 when the customer has no such ticket of that type.',
  })
  @WireResponse('Ticket detail (op 2), or disposal ticket detail (op 4)', 'ticketDetail', 'disposalDetail')
  async detail(
    @TrackingId() trackingId: string,
    @CurrentCustomer() customer: Customer,
    @Param('ticketId', RecordIdPipe) ticketId: string,
    @Query() query: TicketDetailQuery,
  ): Promise<WireObject> {
    if (query.ticket_type === DISPOSAL) return responses.disposalDetail(trackingId, await this.disposalTicket(customer, ticketId));
    const ticket = await this.serviceTickets.find(customer.id, ticketId);
    if (ticket === null) throw new ApiException(ApiErrorCode.NOT_FOUND, `There is no service ticket ${ticketId} for this customer.`);
    return responses.ticketDetail(trackingId, ticket);
  }

  @Endpoint(ROUTES.getDisposalTicketMaterials, {
    summary: 'The material lines of a disposal ticket (ticket_type=disposal required)',
    description: 'The ticket\u2019s status, time out (date_time), site and surcharge, with its detail lines that name a material.',
  })
  @WireResponse('Disposal ticket materials', 'disposalMaterials')
  async materials(
    @TrackingId() trackingId: string,
    @CurrentCustomer() customer: Customer,
    @Param('ticketId', RecordIdPipe) ticketId: string,
    @Query() _query: DisposalViewQuery,
  ): Promise<WireObject> {
    return responses.disposalMaterials(trackingId, await this.disposalTicket(customer, ticketId));
  }

  @Endpoint(ROUTES.getDisposalTicketSurcharges, {
    summary: 'The surcharge lines of a disposal ticket (ticket_type=disposal required)',
    description: 'The ticket\u2019s status, time out (date_time), site and surcharge, with its detail lines that name a surcharge.',
  })
  @WireResponse('Disposal ticket surcharges', 'disposalSurcharges')
  async surcharges(
    @TrackingId() trackingId: string,
    @CurrentCustomer() customer: Customer,
    @Param('ticketId', RecordIdPipe) ticketId: string,
    @Query() _query: DisposalViewQuery,
  ): Promise<WireObject> {
    return responses.disposalSurcharges(trackingId, await this.disposalTicket(customer, ticketId));
  }

  @Endpoint(ROUTES.getDisposalTicketPrices, {
    summary: 'The totals of a disposal ticket (also at /price; ticket_type=disposal required)',
    description: 'The ticket\u2019s status with its material subtotal, surcharge, tax, amount and currency.',
  })
  @WireResponse('Disposal ticket prices', 'disposalPrices')
  async prices(
    @TrackingId() trackingId: string,
    @CurrentCustomer() customer: Customer,
    @Param('ticketId', RecordIdPipe) ticketId: string,
    @Query() _query: DisposalViewQuery,
  ): Promise<WireObject> {
    return responses.disposalPrices(trackingId, await this.disposalTicket(customer, ticketId));
  }

  /** A published sample writes `/price`: both paths answer. */
  @Endpoint(ROUTES.getDisposalTicketPrice, {
    summary: 'The totals of a disposal ticket, as at /prices (ticket_type=disposal required)',
    description: 'The path a published sample writes; the same answer as `{ticketId}/prices`.',
  })
  @WireResponse('Disposal ticket prices', 'disposalPrices')
  price(
    @TrackingId() trackingId: string,
    @CurrentCustomer() customer: Customer,
    @Param('ticketId', RecordIdPipe) ticketId: string,
    @Query() query: DisposalViewQuery,
  ): Promise<WireObject> {
    return this.prices(trackingId, customer, ticketId, query);
  }

  private async disposalTicket(customer: Customer, ticketId: string): Promise<DisposalTicket> {
    const ticket = await this.disposalTickets.find(customer.id, ticketId);
    if (ticket === null) throw new ApiException(ApiErrorCode.NOT_FOUND, `There is no disposal ticket ${ticketId} for this customer.`);
    return ticket;
  }
}
