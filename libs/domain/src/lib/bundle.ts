import type {
  Balance,
  Case,
  Contact,
  Customer,
  DisposalTicket,
  EmailActivity,
  Invoice,
  IssueActivity,
  Service,
  ServiceTicket,
} from './customer';
import type { Preference } from './preferences';

/**
 * Everything stored for one customer: the unit of import (create or replace, in one
 * transaction) and of export.
 */
export interface CustomerBundle {
  customer: Customer;
  contacts: Contact[];
  preferences: Preference[];
  services: Service[];
  tickets: ServiceTicket[];
  disposalTickets: DisposalTicket[];
  invoices: Invoice[];
  balances: Balance[];
  cases: Case[];
  emailActivities: EmailActivity[];
  issueActivities: IssueActivity[];
}
