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
import type { Note, Profile } from './account';
import type { Holiday, Pickup } from './pickups';
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
  pickups: Pickup[];
  profiles: Profile[];
  notes: Note[];
}

/** The record lists of a bundle: each one kind of resource. */
export type BundleResource = Exclude<keyof CustomerBundle, 'customer'>;

/**
 * An import file (CONTRACT §3 and §6): the customers, and the company's holiday calendar
 * (replaced by date).
 */
export interface ImportFile {
  customers: CustomerBundle[];
  holidays: Holiday[];
}

/** A customer with no records yet: start a bundle from this and set the lists it needs. */
export function emptyBundle(customerId: Id, currency = 'USD'): CustomerBundle {
  return {
    customer: { id: customerId, currency, ivrFee: null, language: null },
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
    pickups: [],
    profiles: [],
    notes: [],
  };
}
