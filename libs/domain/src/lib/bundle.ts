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
import type { Id } from './values';

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

/** A customer with no records yet: start a bundle from this and set the lists it needs. */
export function emptyBundle(customerId: Id, currency = 'USD'): CustomerBundle {
  return {
    customer: { id: customerId, currency },
    contacts: [],
    preferences: [],
    services: [],
    tickets: [],
    disposalTickets: [],
    invoices: [],
    balances: [],
    cases: [],
    emailActivities: [],
    issueActivities: [],
  };
}
