import type { HealthBody, OperationId } from '@curbside/contract';
import type {
  AccountBalance,
  Balance,
  Case,
  Contact,
  DisposalTicket,
  DisposalTicketSummary,
  EmailActivity,
  EtaView,
  InvoiceLine,
  InvoiceSummary,
  IssueActivity,
  Note,
  Pickup,
  PickupStatsSummary,
  Preference,
  Profile,
  Service,
  ServiceTicket,
  ServiceTicketSummary,
} from '@curbside/domain';
import { readAccountBalance } from './account-balance.codec';
import { readCase } from './case.codec';
import { readContact } from './contact.codec';
import {
  type DisposalMaterials,
  type DisposalPrices,
  type DisposalSurcharges,
  readDisposalMaterials,
  readDisposalPrices,
  readDisposalSurcharges,
  readDisposalTicket,
  readDisposalTicketSummary,
} from './disposal-ticket.codec';
import { readEmailActivity } from './email-activity.codec';
import { readBalance, readInvoiceLines, readInvoiceSummary } from './invoice.codec';
import { readIssueActivity } from './issue-activity.codec';
import { type LanguageAnswer, readLanguageAnswer } from './language.codec';
import { readNote } from './note.codec';
import { PLAN_MEMBERS, readEtaView, readPickup, readStatsSummary, STATS_MEMBERS } from './pickup.codec';
import { readPreference } from './preference.codec';
import { readProfile } from './profile.codec';
import { count, decodeStrictly, type ObjectReader, oneOf, text, type WireForm } from './reader';
import type { ListPage } from './responses';
import {
  type HolidayCalendar,
  type NextPickupEntry,
  readHolidayCalendar,
  readNextPickups,
  readServiceSchedules,
  type ServiceSchedules,
} from './schedule-answers';
import { LIST_MEMBERS, readService, readServiceInvoiceFees, readServicePrices, type ServiceInvoiceFees, type ServicePrices } from './service.codec';
import { readServiceTicket, readServiceTicketSummary } from './service-ticket.codec';

/*
 * Every answer of the customer API read back (CONTRACT §6): one reader per answer shape, each the mirror of the
 * encoder in `responses` and built from the record readers the import file uses, so that a member an encoder
 * writes and no reader takes is an "unknown member" in the codecs' round-trip test. A view (a list entry, the
 * plan, the materials) reads into the record it shows, the members it leaves out null or empty, as
 * `decodeAnswerRecords` reads `services`; a view that names no record of its own reads into a type of its own.
 */

/** GET v2 and v1 invoices read: the customer's currency, a page of invoices and every aging balance. */
export interface InvoiceList {
  /** The customer's currency (ISO 4217). */
  currency: string;
  /** The page's invoices, each as the v2 list shows it. */
  invoices: InvoiceSummary[];
  /** Every aging balance, whatever the page. */
  balances: Balance[];
}

/** GET services/stats read: the confirmed pickups, and the summary when it was asked for (summary=Y). */
export interface PickupStats {
  /** The entries, each a pickup record with the members `services/stats` leaves out (its ETA) null. */
  pickups: Pickup[];
  /** Null unless asked for with `summary=Y`. */
  summary: PickupStatsSummary | null;
}

/** What PUT contacts and PUT communication-preferences answer: `Success`. */
export interface UpdateStatus {
  /** `Success`. */
  status: string;
}

/** GET services/calendar read: the address of the customer's calendar feed. */
export interface CalendarLink {
  /** `…/feeds/calendar/{token}/pickups.ics`: its token is sealed anew at each asking, so two askings differ. */
  calendarUrl: string;
}

/** One answer's reader: the operation (in `ROUTES`) that answers it, and for the ticket routes, which ticket type. */
export interface AnswerReader<T> {
  /** The operation of `ROUTES` that answers it. */
  route: OperationId;
  /** `disposal` for the answers of `ticket_type=disposal`; absent, the operation's answer without it. */
  ticketType?: 'disposal';
  /** Reads the answer's members, the tracking id but not returned; `decodeAnswer` reports the ones it leaves unread. */
  read(reader: ObjectReader): T;
}

const answer = <T>(route: OperationId, read: (reader: ObjectReader) => T, ticketType?: 'disposal'): AnswerReader<T> =>
  ticketType === undefined ? { route, read } : { route, read, ticketType };

/** The answers that carry `request_tracking_id` (CONTRACT §2) have it in the header too: it is read, not returned. */
function tracked<T>(read: (reader: ObjectReader) => T): (reader: ObjectReader) => T {
  return (r) => {
    r.required('request_tracking_id', text);
    return read(r);
  };
}

/** An answer that is a list of records under `member`. */
const listOf =
  <T>(member: string, read: (reader: ObjectReader) => T) =>
  (r: ObjectReader): T[] =>
    r.list(member, read);

/** A view of a record: read with the record's reader, refusing any member outside the view's. */
const viewOf =
  <T>(members: readonly string[], read: (reader: ObjectReader) => T) =>
  (r: ObjectReader): T => {
    r.allowOnly(members);
    return read(r);
  };

/** A detail answer: the one record of a list of one (CONTRACT §6). */
const theOne =
  <T>(member: string, read: (reader: ObjectReader) => T) =>
  (r: ObjectReader): T => {
    const [record, ...more] = r.list(member, read);
    if (record === undefined || more.length > 0) r.report(r.fieldPath(member), `expected one entry, got ${more.length + (record === undefined ? 0 : 1)}`);
    return record;
  };

const readTotalCount = (m: ObjectReader): number => m.required('totalCount', count);

/**
 * A page of a list the API counts (CONTRACT §7): its records and the size of the whole filtered list, which
 * `metadata` holds as an array of one `{totalCount}` (`inArray`) or as that object.
 */
const pageOf =
  <T>(member: string, read: (reader: ObjectReader) => T, metadata: 'inArray' | 'object') =>
  (r: ObjectReader): ListPage<T> => {
    const items = r.list(member, read);
    if (metadata === 'object') return { items, totalCount: r.object('metadata', readTotalCount) };
    const counts = r.list('metadata', readTotalCount);
    if (counts.length !== 1) r.report(r.fieldPath('metadata'), `expected one entry, got ${counts.length}`);
    return { items, totalCount: counts[0] };
  };

/** What `serviceCodec.encodeMaterials` and `encodeOperations` show of a service; a list entry of cases the summary's members. */
const MATERIALS_MEMBERS = ['id', 'status', 'enterprise_catalog', 'material', 'pricing'];
const OPERATIONS_MEMBERS = ['id', 'status', 'operations'];
const CASE_SUMMARY_MEMBERS = ['case_id', 'description', 'category', 'category_description', 'requested_date_time', 'status'];

/** The health checks' answer (the API writes it itself: it carries no record). */
const readHealth = (r: ObjectReader): HealthBody => ({ status: r.required('status', oneOf(['up', 'ready'] as const)) });

const readInvoiceList = (r: ObjectReader): InvoiceList => ({
  currency: r.required('currency', text),
  invoices: r.list('invoices', readInvoiceSummary),
  balances: r.list('balances', readBalance),
});

const ticketDetail = tracked(theOne('tickets', readServiceTicket));
const contacts = tracked(listOf('contacts', readContact));
const updated = tracked((r): UpdateStatus => ({ status: r.required('status', text) }));
const language = tracked(readLanguageAnswer);
const disposalPrices = tracked(theOne('tickets', readDisposalPrices));

/**
 * Every JSON and XML answer of the API but the token exchange (which the SDK makes itself), by name: the operation
 * id of `ROUTES` that answers it, but for the two
 * ticket routes, whose service and disposal answers (`ticket_type=disposal`) differ: `listTickets` and
 * `listDisposalTickets`, `getTicket` and `getDisposalTicket`, as `CurbsideClient` names them.
 */
export const ANSWERS = {
  getLiveness: answer<HealthBody>('getLiveness', readHealth),
  getReadiness: answer<HealthBody>('getReadiness', readHealth),

  listTickets: answer<ServiceTicketSummary[]>('listTickets', tracked(listOf('tickets', readServiceTicketSummary))),
  listDisposalTickets: answer<ListPage<DisposalTicketSummary>>('listTickets', tracked(pageOf('tickets', readDisposalTicketSummary, 'inArray')), 'disposal'),
  getTicket: answer<ServiceTicket>('getTicket', ticketDetail),
  getDisposalTicket: answer<DisposalTicket>('getTicket', tracked(theOne('tickets', readDisposalTicket)), 'disposal'),
  getDisposalTicketMaterials: answer<DisposalMaterials>('getDisposalTicketMaterials', tracked(theOne('tickets', readDisposalMaterials)), 'disposal'),
  getDisposalTicketSurcharges: answer<DisposalSurcharges>('getDisposalTicketSurcharges', tracked(theOne('tickets', readDisposalSurcharges)), 'disposal'),
  getDisposalTicketPrices: answer<DisposalPrices>('getDisposalTicketPrices', disposalPrices, 'disposal'),
  getDisposalTicketPrice: answer<DisposalPrices>('getDisposalTicketPrice', disposalPrices, 'disposal'),
  createServiceRequest: answer<ServiceTicket>('createServiceRequest', ticketDetail),

  listInvoices: answer<InvoiceList>('listInvoices', readInvoiceList),
  listInvoicesV1: answer<InvoiceList>('listInvoicesV1', readInvoiceList),
  getInvoice: answer<InvoiceLine[]>('getInvoice', (r) => readInvoiceLines(r, 'invoices')),
  getBalance: answer<AccountBalance>('getBalance', tracked(readAccountBalance)),
  listProfiles: answer<Profile[]>('listProfiles', tracked(listOf('profiles', readProfile))),

  listCases: answer<ListPage<Case>>('listCases', tracked(pageOf('cases', viewOf(CASE_SUMMARY_MEMBERS, readCase), 'object'))),
  getCase: answer<Case>('getCase', tracked(theOne('cases', readCase))),

  listContacts: answer<Contact[]>('listContacts', contacts),
  updateContacts: answer<UpdateStatus>('updateContacts', updated),
  getBillingContact: answer<Contact[]>('getBillingContact', contacts),
  getServiceContact: answer<Contact[]>('getServiceContact', contacts),
  getServicesContact: answer<Contact[]>('getServicesContact', contacts),

  getCommunicationPreferences: answer<Preference[]>('getCommunicationPreferences', tracked(listOf('preferences', readPreference))),
  updateCommunicationPreferences: answer<UpdateStatus>('updateCommunicationPreferences', updated),
  getCustomerLanguage: answer<LanguageAnswer>('getCustomerLanguage', language),
  updateCustomerLanguage: answer<LanguageAnswer>('updateCustomerLanguage', language),

  listServices: answer<Service[]>('listServices', tracked(listOf('services', viewOf(LIST_MEMBERS, readService)))),
  getInvoiceFees: answer<ListPage<ServiceInvoiceFees>>('getInvoiceFees', tracked(pageOf('services', readServiceInvoiceFees, 'object'))),
  getServicePrices: answer<ServicePrices[]>('getServicePrices', tracked(listOf('services', readServicePrices))),
  getServiceMaterials: answer<Service[]>('getServiceMaterials', tracked(listOf('services', viewOf(MATERIALS_MEMBERS, readService)))),
  getPickupPlan: answer<Pickup[]>('getPickupPlan', tracked(listOf('services', viewOf(PLAN_MEMBERS, readPickup)))),
  getPickupStats: answer<PickupStats>(
    'getPickupStats',
    tracked((r) => ({
      pickups: r.list('services', viewOf(STATS_MEMBERS, readPickup)),
      summary: r.has('summary') ? r.object('summary', readStatsSummary) : null,
    })),
  ),
  getNextPickups: answer<NextPickupEntry[]>('getNextPickups', readNextPickups),
  getServiceOperations: answer<Service[]>('getServiceOperations', tracked(listOf('services', viewOf(OPERATIONS_MEMBERS, readService)))),
  getCalendarLink: answer<CalendarLink>('getCalendarLink', tracked((r) => ({ calendarUrl: r.required('calendar_url', text) }))),
  getEta: answer<EtaView>('getEta', tracked((r) => r.object('ETA', readEtaView))),

  listEmailActivities: answer<ListPage<EmailActivity>>('listEmailActivities', pageOf('activities', readEmailActivity, 'inArray')),
  listIssueActivities: answer<IssueActivity[]>('listIssueActivities', listOf('activities', readIssueActivity)),
  listNotes: answer<Note[]>('listNotes', tracked(listOf('activities', readNote))),

  getServiceSchedules: answer<ServiceSchedules>('getServiceSchedules', readServiceSchedules),
  getHolidays: answer<HolidayCalendar>('getHolidays', readHolidayCalendar),
};

/** The name of an answer `decodeAnswer` reads. */
export type AnswerName = keyof typeof ANSWERS;

/** What an answer reads into. */
export type DecodedAnswer<A extends AnswerName> = (typeof ANSWERS)[A] extends AnswerReader<infer T> ? T : never;

/**
 * Strictly reads an answer of the customer API into typed records: `body` is its JSON, parsed, or (`form`
 * `'xml'`) what `parseXml` reads from its XML. Throws DecodeError naming every member that is wrong, unknown
 * or missing:
 *
 * ```ts
 * const plan = decodeAnswer('getPickupPlan', await client.get('/api/v1/customers/{customerId}/services/plan', params));
 * const balance = decodeAnswer('getBalance', await parseXml(await client.getXml('/api/v1/customers/{customerId}/balance', params)), 'xml');
 * ```
 */
export function decodeAnswer<A extends AnswerName>(name: A, body: unknown, form: WireForm = 'json'): DecodedAnswer<A> {
  const reader: AnswerReader<unknown> = ANSWERS[name];
  return decodeStrictly(body, 'body', (r) => reader.read(r), form) as DecodedAnswer<A>;
}
