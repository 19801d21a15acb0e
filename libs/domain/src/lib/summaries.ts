import type { Decimal, Id, LocalDateTime } from './values';
import type { DisposalTicket, Invoice, ServiceTicket } from './customer';

/** The list view of a service ticket. */
export type ServiceTicketSummary = Pick<
  ServiceTicket,
  'id' | 'status' | 'loadType' | 'loadDescription' | 'createdAt' | 'dispatchedAt'
> & { serviceCodes: string[] };

/** The list view of a disposal ticket: `date` is the ticket's `audit.modifiedAt`. */
export interface DisposalTicketSummary {
  id: Id;
  status: string;
  amount: Decimal | null;
  siteName: string | null;
  date: LocalDateTime | null;
}

/** The v2 list view of an invoice. */
export type InvoiceSummary = Omit<Invoice, 'lines'>;

/** The list view of a service ticket (CONTRACT §3: the detail's fields plus its service codes). */
export const summarizeServiceTicket = ({ services, ...ticket }: ServiceTicket): ServiceTicketSummary => ({
  id: ticket.id,
  status: ticket.status,
  loadType: ticket.loadType,
  loadDescription: ticket.loadDescription,
  createdAt: ticket.createdAt,
  dispatchedAt: ticket.dispatchedAt,
  serviceCodes: services.map((line) => line.code),
});

/** The list view of a disposal ticket: its site's name, and its last modification as its date. */
export const summarizeDisposalTicket = (ticket: DisposalTicket): DisposalTicketSummary => ({
  id: ticket.id,
  status: ticket.status,
  amount: ticket.amount,
  siteName: ticket.site.name,
  date: ticket.audit.modifiedAt,
});

/** The v2 list view of an invoice: everything but its lines. */
export const summarizeInvoice = ({ lines: _lines, ...invoice }: Invoice): InvoiceSummary => invoice;
