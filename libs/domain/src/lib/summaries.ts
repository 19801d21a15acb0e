import type { Decimal, Id, LocalDateTime } from './values';
import type { Invoice, ServiceTicket } from './customer';

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
