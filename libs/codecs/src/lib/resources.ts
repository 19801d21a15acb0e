import type { BundleResource, CustomerBundle } from '@curbside/domain';
import { caseCodec, readCase } from './case.codec';
import { contactCodec, readContact } from './contact.codec';
import { disposalTicketCodec, readDisposalTicket } from './disposal-ticket.codec';
import { emailActivityCodec, readEmailActivity } from './email-activity.codec';
import { invoiceCodec, readBalance, readInvoice } from './invoice.codec';
import { issueActivityCodec, readIssueActivity } from './issue-activity.codec';
import { noteCodec, readNote } from './note.codec';
import { pickupCodec, readPickup } from './pickup.codec';
import { preferenceCodec, readPreference } from './preference.codec';
import { profileCodec, readProfile } from './profile.codec';
import type { ObjectReader } from './reader';
import { readService, serviceCodec } from './service.codec';
import { readServiceTicket, serviceTicketCodec } from './service-ticket.codec';
import type { WireObject } from './wire';

/** How one kind of customer record is written in the import file. */
export interface ResourceCodec<R> {
  /** The customer's member that holds the list, e.g. `disposal_tickets`. */
  list: string;
  /** The members (dotted paths) that identify a record within the list: unique, and named in messages. */
  key: readonly string[];
  /** The key members a message names, when not all of them (a note's comment is too long to quote). */
  label?: readonly string[];
  read(reader: ObjectReader): R;
  encode(record: R): WireObject;
}

/**
 * Every kind of customer record, in the order the import file lists them. A new resource is
 * one row here (and its codec); import, export and the record counts follow.
 */
export const RESOURCE_CODECS: { [K in BundleResource]: ResourceCodec<CustomerBundle[K][number]> } = {
  contacts: { list: 'contacts', key: ['type'], read: readContact, encode: contactCodec.encode },
  preferences: {
    list: 'communication_preferences',
    key: ['category'],
    read: readPreference,
    encode: preferenceCodec.encode,
  },
  services: { list: 'services', key: ['id'], read: readService, encode: serviceCodec.encodeRecord },
  tickets: { list: 'tickets', key: ['id'], read: readServiceTicket, encode: serviceTicketCodec.encodeDetail },
  disposalTickets: {
    list: 'disposal_tickets',
    key: ['id'],
    read: readDisposalTicket,
    encode: disposalTicketCodec.encodeDetail,
  },
  invoices: { list: 'invoices', key: ['id'], read: readInvoice, encode: invoiceCodec.encodeRecord },
  balances: { list: 'balances', key: ['type'], read: readBalance, encode: invoiceCodec.encodeBalance },
  cases: { list: 'cases', key: ['case_id'], read: readCase, encode: caseCodec.encodeDetail },
  emailActivities: { list: 'email_activities', key: ['id'], read: readEmailActivity, encode: emailActivityCodec.encode },
  issueActivities: { list: 'issue_activities', key: ['id'], read: readIssueActivity, encode: issueActivityCodec.encode },
  pickups: {
    list: 'pickups',
    key: ['id', 'planned_date', 'ticket_number'],
    read: readPickup,
    encode: pickupCodec.encodeRecord,
  },
  profiles: { list: 'profiles', key: ['id'], read: readProfile, encode: profileCodec.encode },
  notes: {
    list: 'notes',
    key: ['note_info.create_date_time', 'note_info.comment', 'audit_info.created_date_time', 'audit_info.created_by'],
    label: ['note_info.create_date_time'],
    read: readNote,
    encode: noteCodec.encode,
  },
};

/** The rows of the table, each with its kind. */
export const resourceCodecs = (): Array<[BundleResource, ResourceCodec<unknown>]> =>
  Object.entries(RESOURCE_CODECS) as Array<[BundleResource, ResourceCodec<unknown>]>;
