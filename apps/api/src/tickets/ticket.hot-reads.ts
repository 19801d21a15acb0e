import { ROUTES } from '@curbside/contract';
import type { HotRead } from '../hot-reads/hot-reads';
import { compileQueryCheck, LIST_FIELDS, QUERY_FIELDS } from '../hot-reads/query-check';
import { DISPOSAL, TicketDetailQuery, TicketListQuery } from './dtos/ticket-query.dto';
import { TicketsController } from './tickets.controller';

const ticketType = QUERY_FIELDS.oneOf(DISPOSAL);

/** The ticket list and detail, the hottest reads, served without Nest's per-request machinery (`serveHotReads`). */
export const TICKET_READS: readonly HotRead<TicketsController>[] = [
  {
    route: ROUTES.listTickets,
    controller: TicketsController,
    method: 'list',
    ids: [],
    query: { type: TicketListQuery, check: compileQueryCheck({ ...LIST_FIELDS, ticket_type: ticketType }) },
    serve: (tickets, request, query: TicketListQuery) => tickets.list(request.trackingId, request.customer, query, request.paging()),
  },
  {
    route: ROUTES.getTicket,
    controller: TicketsController,
    method: 'detail',
    ids: ['ticketId'],
    query: { type: TicketDetailQuery, check: compileQueryCheck({ ticket_type: ticketType }) },
    serve: (tickets, request, query: TicketDetailQuery) => tickets.detail(request.trackingId, request.customer, request.id('ticketId'), query),
  },
];
