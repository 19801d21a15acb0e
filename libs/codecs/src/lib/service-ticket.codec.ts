import { TICKET_STATUSES } from '@curbside/domain';
import type { ServiceTicket, ServiceTicketSummary, TicketService } from '@curbside/domain';
import { usDateTimeShape } from './dates';
import { type ObjectReader, dateIn, decimal, decodeStrictly, id, oneOf, text, yesNoFlag } from './reader';
import { dateOrNull, orNull, yesNo } from './wire';
import { items, objectOf, type RecordShape } from './written';
import type { WireServiceTicket, WireServiceTicketSummary, WireTicketService } from '@curbside/contract';

const when = dateIn(usDateTimeShape);
const writeWhen = (value: string | null): string => dateOrNull(usDateTimeShape, value);

function encodeService(service: TicketService): WireTicketService {
  return {
    code: service.code,
    description: orNull(service.description),
    quantity: orNull(service.quantity),
    cost: orNull(service.cost),
    special_description: orNull(service.specialDescription),
  };
}

/** The members the list entry and the detail both begin with. */
const readTicketHead = (r: ObjectReader): Pick<ServiceTicket, 'id' | 'status' | 'loadType' | 'loadDescription' | 'createdAt'> => ({
  id: r.required('id', id),
  status: r.required('status', oneOf(TICKET_STATUSES)),
  loadType: r.optional('load_type', text),
  loadDescription: r.optional('load_description', text),
  createdAt: r.required('created_date_time', when),
});

/**
 * An entry of the ticket list (operation 1), member for member. Plain: an id is digits (`ID_PATTERN`,
 * held at every door), a date is what `writeWhen` writes.
 */
export const SUMMARY_SHAPE: RecordShape<ServiceTicketSummary> = [
  { name: 'id', text: (summary) => summary.id, plain: true },
  { name: 'status', text: (summary) => summary.status },
  { name: 'load_type', text: (summary) => orNull(summary.loadType) },
  { name: 'load_description', text: (summary) => orNull(summary.loadDescription) },
  { name: 'created_date_time', text: (summary) => writeWhen(summary.createdAt), plain: true },
  { name: 'dispatch_date_time', text: (summary) => writeWhen(summary.dispatchedAt), plain: true },
  items('services_info', (summary) => summary.serviceCodes, [{ name: 'code', text: (code: string) => code }]),
];

/** Reads a service ticket in the ticket detail shape. */
export function readServiceTicket(r: ObjectReader): ServiceTicket {
  return {
    ...readTicketHead(r),
    createdBy: r.optional('created_by', text),
    closedAt: r.optional('closed_date_time', when),
    closedBy: r.optional('closed_by', text),
    dispatchedAt: r.optional('dispatch_date_time', when),
    generated: r.optional('generate_ticket', yesNoFlag),
    complaint: r.optional('complaint', yesNoFlag),
    comments: r.optional('comments', text),
    completionCode: r.optional('completion_code', text),
    completedDescription: r.optional('completed_description', text),
    requestedBy: r.optional('requested_by', text),
    loggedAt: r.object('audit_info', (a) => a.optional('logged_date_time', when)),
    services: r.list('services_info', (s) => ({
      code: s.required('code', text),
      description: s.optional('description', text),
      quantity: s.optional('quantity', decimal),
      cost: s.optional('cost', decimal),
      specialDescription: s.optional('special_description', text),
    })),
  };
}

/** Reads an entry of the ticket list (operation 1): the summary `encodeSummary` writes. */
export function readServiceTicketSummary(r: ObjectReader): ServiceTicketSummary {
  return {
    ...readTicketHead(r),
    dispatchedAt: r.optional('dispatch_date_time', when),
    serviceCodes: r.list('services_info', (s) => s.required('code', text)),
  };
}

/** Service tickets: datetimes `MM/dd/yy HH:mm:ss`, flags Y/N. */
export const serviceTicketCodec = {
  /** An entry of the ticket list (operation 1). */
  encodeSummary(summary: ServiceTicketSummary): WireServiceTicketSummary {
    return objectOf(SUMMARY_SHAPE, summary) as unknown as WireServiceTicketSummary;
  },

  /** The ticket detail (operation 2), also the import-file record. */
  encodeDetail(ticket: ServiceTicket): WireServiceTicket {
    return {
      id: ticket.id,
      status: ticket.status,
      load_type: orNull(ticket.loadType),
      load_description: orNull(ticket.loadDescription),
      created_date_time: writeWhen(ticket.createdAt),
      created_by: orNull(ticket.createdBy),
      closed_date_time: writeWhen(ticket.closedAt),
      closed_by: orNull(ticket.closedBy),
      dispatch_date_time: writeWhen(ticket.dispatchedAt),
      generate_ticket: yesNo(ticket.generated),
      complaint: yesNo(ticket.complaint),
      comments: orNull(ticket.comments),
      completion_code: orNull(ticket.completionCode),
      completed_description: orNull(ticket.completedDescription),
      requested_by: orNull(ticket.requestedBy),
      audit_info: { logged_date_time: writeWhen(ticket.loggedAt) },
      services_info: ticket.services.map(encodeService),
    };
  },

  /** Strictly reads a ticket detail object; throws DecodeError listing every problem. */
  decode(wire: unknown, path = 'ticket'): ServiceTicket {
    return decodeStrictly(wire, path, readServiceTicket);
  },
};
