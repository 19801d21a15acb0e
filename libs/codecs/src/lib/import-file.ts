import { ID_PATTERN } from '@curbside/domain';
import type { CustomerBundle } from '@curbside/domain';
import { readCase, caseCodec } from './case.codec';
import { readContact, contactCodec } from './contact.codec';
import { readDisposalTicket, disposalTicketCodec } from './disposal-ticket.codec';
import { findDuplicates } from './duplicates';
import { readEmailActivity, emailActivityCodec } from './email-activity.codec';
import { ImportFileError, type ImportIssue } from './errors';
import { invoiceCodec, readBalance, readInvoice } from './invoice.codec';
import { readIssueActivity, issueActivityCodec } from './issue-activity.codec';
import { preferenceCodec, readPreference } from './preference.codec';
import { Invalid, type ObjectReader, type Report, id, readObject } from './reader';
import { readService, serviceCodec } from './service.codec';
import { readServiceTicket, serviceTicketCodec } from './service-ticket.codec';
import type { WireObject } from './wire';

/*
 * The import/export file (CONTRACT §3): {"customers": [{id, currency, contacts: [...], ...}]},
 * every record in the wire shape of the API's responses.
 */

const currency = (value: string): string | Invalid =>
  /^[A-Z]{3}$/.test(value) ? value : new Invalid('expected a three-letter currency code such as USD');

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** The string a raw record has in `member`, when it has a usable one. */
function rawKey(record: unknown, member: string): string | null {
  const value = isPlainObject(record) ? record[member] : undefined;
  return typeof value === 'string' && value !== 'null' ? value : null;
}

/** Names a record for people: `tickets[3] (id 5001)`. */
function recordLabel(list: string, index: number, record: unknown, keyMember: string): string {
  const key = rawKey(record, keyMember);
  return key === null ? `${list}[${index}]` : `${list}[${index}] (${keyMember} ${key})`;
}

/** Collects every problem of a file, each tagged with its customer and record. */
class ImportIssues {
  readonly all: ImportIssue[] = [];

  reporter(customerId: string | null, record: string): Report {
    return (field, message) => this.all.push({ customerId, record, field, message });
  }
}

/**
 * Reads one of a customer's record lists. `keyMember` names each record in messages and must be
 * unique within the list (an id for most records; the type of a contact or balance, the category
 * of a preference).
 */
function readRecords<T>(
  customer: ObjectReader,
  issues: ImportIssues,
  customerId: string | null,
  list: string,
  keyMember: string,
  read: (reader: ObjectReader) => T,
): T[] {
  const items = customer.array(list);
  const path = customer.fieldPath(list);
  const reporters = items.map((item, index) => issues.reporter(customerId, recordLabel(list, index, item, keyMember)));
  const records = items.map((item, index) => readObject(item, `${path}[${index}]`, reporters[index], read));
  findDuplicates(
    items,
    (item) => rawKey(item, keyMember),
    (index, firstIndex, key) =>
      reporters[index](`${path}[${index}].${keyMember}`, `duplicate ${keyMember} ${key} (also ${list}[${firstIndex}])`),
  );
  return records;
}

function readCustomer(value: unknown, path: string, issues: ImportIssues, record: string): CustomerBundle {
  const rawId = rawKey(value, 'id');
  const customerId = rawId !== null && ID_PATTERN.test(rawId) ? rawId : null;
  return readObject(value, path, issues.reporter(customerId, record), (c) => {
    const list = <T>(name: string, keyMember: string, read: (reader: ObjectReader) => T): T[] =>
      readRecords(c, issues, customerId, name, keyMember, read);
    return {
      customer: { id: c.required('id', id), currency: c.required('currency', currency) },
      contacts: list('contacts', 'type', readContact),
      preferences: list('communication_preferences', 'category', readPreference),
      services: list('services', 'id', readService),
      tickets: list('tickets', 'id', readServiceTicket),
      disposalTickets: list('disposal_tickets', 'id', readDisposalTicket),
      invoices: list('invoices', 'id', readInvoice),
      balances: list('balances', 'type', readBalance),
      cases: list('cases', 'case_id', readCase),
      emailActivities: list('email_activities', 'id', readEmailActivity),
      issueActivities: list('issue_activities', 'id', readIssueActivity),
    };
  });
}

/**
 * Strictly reads an import file into one bundle per customer. Every problem in the whole file is
 * collected, then one ImportFileError lists them all, each naming customer, record and field path.
 */
export function decodeImportFile(json: unknown): CustomerBundle[] {
  const issues = new ImportIssues();
  const bundles = readObject(json, '', issues.reporter(null, 'file'), (file) => {
    if (!file.has('customers')) file.report('customers', 'is required');
    const customers = file.array('customers');
    const labels = customers.map((customer, index) => recordLabel('customers', index, customer, 'id'));
    findDuplicates(
      customers,
      (customer) => rawKey(customer, 'id'),
      (index, firstIndex, key) =>
        issues.reporter(key, labels[index])(`customers[${index}].id`, `duplicate customer id ${key} (also customers[${firstIndex}])`),
    );
    return customers.map((customer, index) => readCustomer(customer, `customers[${index}]`, issues, labels[index]));
  });
  if (issues.all.length > 0) throw new ImportFileError(issues.all);
  return bundles;
}

/** Writes bundles in the import-file format: `decodeImportFile(encodeImportFile(bundles))` gives them back. */
export function encodeImportFile(bundles: readonly CustomerBundle[]): WireObject {
  return {
    customers: bundles.map((bundle) => ({
      id: bundle.customer.id,
      currency: bundle.customer.currency,
      contacts: bundle.contacts.map(contactCodec.encode),
      communication_preferences: bundle.preferences.map(preferenceCodec.encode),
      services: bundle.services.map(serviceCodec.encodeRecord),
      tickets: bundle.tickets.map(serviceTicketCodec.encodeDetail),
      disposal_tickets: bundle.disposalTickets.map(disposalTicketCodec.encodeDetail),
      invoices: bundle.invoices.map(invoiceCodec.encodeRecord),
      balances: bundle.balances.map(invoiceCodec.encodeBalance),
      cases: bundle.cases.map(caseCodec.encode),
      email_activities: bundle.emailActivities.map(emailActivityCodec.encode),
      issue_activities: bundle.issueActivities.map(issueActivityCodec.encode),
    })),
  };
}
