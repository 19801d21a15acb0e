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
import type { Holiday, Note, Pickup, Profile } from './pickups';
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
