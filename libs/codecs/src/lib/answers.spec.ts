import {
  accountBalance,
  describeSchedule,
  nextPickupsOf,
  type Pickup,
  type Service,
  summarizeDisposalTicket,
  summarizeInvoice,
  summarizeServiceTicket,
} from '@curbside/domain';
import { type Route, ROUTES } from '@curbside/contract';
import sample from '../../test/fixtures/sample-import.json';
import { ANSWERS, type AnswerName, decodeAnswer, type DecodedAnswer } from './answers';
import { DecodeError } from './errors';
import { decodeImportFile } from './import-file';
import { responses } from './responses';
import type { WireObject } from './wire';
import { parseXml, toXml } from './xml';

const file = decodeImportFile(structuredClone(sample));
const [bundle] = file.customers;
const TRACKING_ID = 'trk-<&>-é';
const TODAY = '2026-11-23';
const whole = <T>(items: T[]) => ({ items, totalCount: items.length });
const [ticket] = bundle.tickets;
const [disposal] = bundle.disposalTickets;
const [aCase] = bundle.cases;
const invoice = bundle.invoices.reduce((most, each) => (each.lines.length > most.lines.length ? each : most));
const language = { language: 'es', modifiedBy: 'RESIDENT', modifiedAt: '2026-11-30T09:15:00.000' };
const eta = { dayOfWeekName: 'You are scheduled to be serviced today', from: '2026-11-23T14:00:00Z', to: null, reasonCode: 'Scheduled', reasonText: null, servicedAt: null, routeId: 'R7' };
const summary = { totalServices: 2, successfulServices: 1, missedPickups: 1, serviceExceptions: 0 };

/** `record` with every member a view leaves out: each value null, each list empty, nested objects alike. */
function emptied<T extends object>(record: T): T {
  const empty = (value: unknown): unknown => (Array.isArray(value) ? [] : value !== null && typeof value === 'object' ? emptied(value) : null);
  return Object.fromEntries(Object.entries(record).map(([member, value]) => [member, empty(value)])) as T;
}
/** A service of which an answer shows only its id and status (a service without a schedule has none). */
const bare = (service: Service): Service => ({ ...emptied(service), id: service.id, status: service.status, schedule: null });
const planned = (pickup: Pickup): Pickup => ({ ...pickup, ticketType: null, exceptionReasonCode: null, exceptionClass: null, serviceTime: null, eta: null });
const nextPickups = nextPickupsOf(bundle.services, file.holidays, bundle.pickups, TODAY);
const casesListed = bundle.cases.map((c) => ({ ...c, detail: emptied(c.detail) }));

/** Each answer: its body as `responses` writes it, and what it must read back into. A new answer without a row does not compile. */
const ROWS: { [A in AnswerName]: [WireObject, DecodedAnswer<A>] } = {
  getLiveness: [{ status: 'up' }, { status: 'up' }],
  getReadiness: [{ status: 'ready' }, { status: 'ready' }],
  listTickets: [responses.ticketList(TRACKING_ID, whole(bundle.tickets.map(summarizeServiceTicket))), bundle.tickets.map(summarizeServiceTicket)],
  listDisposalTickets: [responses.disposalList(TRACKING_ID, whole(bundle.disposalTickets.map(summarizeDisposalTicket))), whole(bundle.disposalTickets.map(summarizeDisposalTicket))],
  getTicket: [responses.ticketDetail(TRACKING_ID, ticket), ticket],
  getDisposalTicket: [responses.disposalDetail(TRACKING_ID, disposal), disposal],
  getDisposalTicketMaterials: [
    responses.disposalMaterials(TRACKING_ID, disposal),
    {
      status: disposal.status,
      timeOut: disposal.timeOut,
      site: disposal.site,
      surcharge: disposal.surcharge,
      details: disposal.details
        .filter((line) => line.materialName !== null)
        .map(({ sequenceNumber, materialName, description, volume, roundedNetWeight, roundedNetUom }) => ({ sequenceNumber, materialName, description, volume, roundedNetWeight, roundedNetUom })),
    },
  ],
  getDisposalTicketSurcharges: [
    responses.disposalSurcharges(TRACKING_ID, disposal),
    {
      status: disposal.status,
      timeOut: disposal.timeOut,
      site: disposal.site,
      surcharge: disposal.surcharge,
      details: disposal.details
        .filter((line) => line.surchargeName !== null)
        .map(({ sequenceNumber, surchargeName, description, billedQuantity, ratePerUnit, rateUom, amount }) => ({ sequenceNumber, surchargeName, description, billedQuantity, ratePerUnit, rateUom, amount })),
    },
  ],
  getDisposalTicketPrices: [responses.disposalPrices(TRACKING_ID, disposal), pricesOf()],
  getDisposalTicketPrice: [responses.disposalPrices(TRACKING_ID, disposal), pricesOf()],
  createServiceRequest: [responses.ticketDetail(TRACKING_ID, ticket), ticket],
  listInvoices: [
    responses.invoiceList(bundle.customer.currency, whole(bundle.invoices.map(summarizeInvoice)), bundle.balances),
    { currency: bundle.customer.currency, invoices: bundle.invoices.map(summarizeInvoice), balances: bundle.balances },
  ],
  listInvoicesV1: [
    responses.invoiceList(bundle.customer.currency, whole(bundle.invoices.map(summarizeInvoice)), bundle.balances),
    { currency: bundle.customer.currency, invoices: bundle.invoices.map(summarizeInvoice), balances: bundle.balances },
  ],
  getInvoice: [responses.invoiceDetail(invoice), invoice.lines],
  getBalance: [responses.accountBalance(TRACKING_ID, balanceOf()), balanceOf()],
  listProfiles: [responses.profiles(TRACKING_ID, bundle.profiles), bundle.profiles],
  listCases: [responses.caseList(TRACKING_ID, whole(bundle.cases)), whole(casesListed)],
  getCase: [responses.caseDetail(TRACKING_ID, aCase), aCase],
  listContacts: [responses.contacts(TRACKING_ID, bundle.contacts), bundle.contacts],
  updateContacts: [responses.contactsUpdated(TRACKING_ID), { status: 'Success' }],
  getBillingContact: [responses.contactOfType(TRACKING_ID, bundle.contacts[0]), [bundle.contacts[0]]],
  getServiceContact: [responses.contactOfType(TRACKING_ID, null), []],
  getServicesContact: [responses.contactOfType(TRACKING_ID, bundle.contacts[1]), [bundle.contacts[1]]],
  getCommunicationPreferences: [responses.preferences(TRACKING_ID, bundle.preferences), bundle.preferences],
  updateCommunicationPreferences: [responses.preferencesUpdated(TRACKING_ID), { status: 'Success' }],
  getCustomerLanguage: [responses.customerLanguage(TRACKING_ID, language, ['en', 'es']), { language, offered: ['en', 'es'] }],
  updateCustomerLanguage: [
    responses.customerLanguage(TRACKING_ID, { language: null, modifiedBy: null, modifiedAt: null }, ['en']),
    { language: { language: null, modifiedBy: null, modifiedAt: null }, offered: ['en'] },
  ],
  listServices: [responses.services(TRACKING_ID, bundle.services), bundle.services.map((service) => ({ ...service, schedule: null, invoiceFees: [] }))],
  getInvoiceFees: [
    responses.invoiceFees(TRACKING_ID, bundle.services),
    whole(bundle.services.map((s) => ({ id: s.id, status: s.status, lineOfBusiness: s.lineOfBusiness, catalogId: s.catalog.id, invoiceFees: s.invoiceFees }))),
  ],
  getServicePrices: [responses.servicePrices(TRACKING_ID, bundle.services), bundle.services.map(({ status, pricing }) => ({ status, pricing }))],
  getServiceMaterials: [
    responses.serviceMaterials(TRACKING_ID, bundle.services),
    bundle.services.map((s) => ({
      ...bare(s),
      catalog: { ...s.catalog, subCategory: null, category: null },
      material: { ...s.material, manifest: null },
      pricing: s.pricing,
    })),
  ],
  getPickupPlan: [responses.pickupPlan(TRACKING_ID, bundle.pickups), bundle.pickups.map(planned)],
  getPickupStats: [responses.pickupStats(TRACKING_ID, bundle.pickups, summary), { pickups: bundle.pickups.map((p) => ({ ...p, eta: null })), summary }],
  getNextPickups: [
    responses.nextPickups(TRACKING_ID, nextPickups),
    nextPickups.map(({ service, name, next }) => ({
      serviceId: service.id,
      name,
      pickupSchedule: describeSchedule(service.schedule),
      date: next?.date ?? null,
      scheduledDate: next === null || next.holidays.length === 0 ? null : next.scheduledDate,
      holidayName: next === null || next.holidays.length === 0 ? null : next.holidays.map((h) => h.name).join(' and '),
    })),
  ],
  getServiceOperations: [responses.serviceOperations(TRACKING_ID, bundle.services), bundle.services.map((s) => ({ ...bare(s), operations: s.operations }))],
  getCalendarLink: [responses.calendarLink(TRACKING_ID, 'https://curbside.example/feeds/calendar/t0k3n/pickups.ics'), { calendarUrl: 'https://curbside.example/feeds/calendar/t0k3n/pickups.ics' }],
  getEta: [responses.eta(TRACKING_ID, eta), eta],
  listEmailActivities: [responses.emailActivities(whole(bundle.emailActivities)), whole(bundle.emailActivities)],
  listIssueActivities: [responses.issueActivities(whole(bundle.issueActivities)), bundle.issueActivities],
  listNotes: [responses.notes(TRACKING_ID, bundle.notes), bundle.notes],
  getServiceSchedules: [
    responses.serviceSchedules(TRACKING_ID, { timeZone: 'America/Chicago', today: TODAY, services: bundle.services }),
    { timeZone: 'America/Chicago', today: TODAY, services: bundle.services.map((service) => ({ ...service, invoiceFees: [] })) },
  ],
  getHolidays: [responses.holidays(TRACKING_ID, { timeZone: 'UTC', holidays: file.holidays }), { timeZone: 'UTC', holidays: file.holidays }],
};

function pricesOf() {
  const { status, materialSubtotal, surcharge, tax, amount, currency } = disposal;
  return { status, materialSubtotal, surcharge, tax, amount, currency };
}

function balanceOf() {
  return accountBalance({ contacts: bundle.contacts, ivrFee: bundle.customer.ivrFee, invoices: bundle.invoices, balances: bundle.balances });
}

const ROUTE_LIST: Route[] = Object.values(ROUTES);
const rows = Object.entries(ROWS) as Array<[AnswerName, [WireObject, unknown]]>;
/** The body as it crosses the wire: JSON text read back. */
const overJson = (body: WireObject): unknown => JSON.parse(JSON.stringify(body));

describe('every answer of the API, read back from what the encoders write', () => {
  it('has a row for every answer', () => {
    expect(Object.keys(ROWS).sort()).toEqual(Object.keys(ANSWERS).sort());
  });

  it('has an answer for every operation that answers JSON and XML but the token exchange, both ticket types for the ticket routes', () => {
    const answered = ROUTE_LIST.filter((route) => route.formats.includes('json') && !route.path.startsWith('/oauth/')).map((route) => route.operationId);
    expect([...new Set(Object.values(ANSWERS).map((reader) => reader.route))].sort()).toEqual(answered.sort());
    const byType = ROUTE_LIST.filter((route) => route.queryParameters.some((p) => p.name === 'ticket_type' && !p.required));
    for (const route of byType) {
      const kinds = Object.values(ANSWERS).filter((reader) => reader.route === route.operationId).map((reader) => reader.ticketType ?? 'service');
      expect(kinds.sort()).toEqual(['disposal', 'service']);
    }
  });

  it.each(rows)('%s: JSON reads back into the records it was written from', (name, [body, expected]) => {
    expect(decodeAnswer(name, overJson(body))).toEqual(expected);
  });

  it.each(rows)('%s: XML reads back into the same records', async (name, [body, expected]) => {
    expect(decodeAnswer(name, await parseXml(toXml(body)), 'xml')).toEqual(expected);
  });

  it('shows something in every row: no answer passes by being empty', () => {
    const empty = rows.filter(([, [, expected]]) => Array.isArray(expected) && expected.length === 0).map(([name]) => name);
    expect(empty).toEqual(['getServiceContact']);
    expect(bundle.pickups.some((pickup) => pickup.eta !== null)).toBe(true);
    expect(nextPickups.length).toBeGreaterThan(0);
  });
});

describe('an answer that is not one', () => {
  const decodeError = (run: () => unknown): DecodeError => {
    try {
      run();
    } catch (error) {
      if (error instanceof DecodeError) return error;
      throw error;
    }
    throw new Error('read without a DecodeError');
  };
  const fieldsOf = (run: () => unknown): string[] => decodeError(run).issues.map((issue) => issue.field);
  const json = <A extends AnswerName>(name: A): Record<string, any> => overJson(ROWS[name][0]) as Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

  it('names a member no encoder writes, in a list entry', () => {
    const body = json('listTickets');
    body.tickets[1].surprise = 'x';
    expect(fieldsOf(() => decodeAnswer('listTickets', body))).toEqual(['body.tickets[1].surprise']);
  });

  it('names a member of the record that its view leaves out', () => {
    const body = json('getPickupPlan');
    body.services[0].service_time = '11/23/2026 10:00:00';
    expect(decodeError(() => decodeAnswer('getPickupPlan', body)).issues).toEqual([{ field: 'body.services[0].service_time', message: 'unknown member' }]);
  });

  it('names a value its member does not take', () => {
    const body = json('getBalance');
    body.balance[0].type = 'Total';
    body.ivr_fee = 'free';
    expect(fieldsOf(() => decodeAnswer('getBalance', body)).sort()).toEqual(['body.balance[0].type', 'body.ivr_fee']);
  });

  it('names a count that is not one, wherever the list keeps it', () => {
    const cases = json('listCases');
    cases.metadata.totalCount = '-1';
    expect(fieldsOf(() => decodeAnswer('listCases', cases))).toEqual(['body.metadata.totalCount']);
    const disposals = json('listDisposalTickets');
    disposals.metadata.push({ totalCount: '2' });
    expect(fieldsOf(() => decodeAnswer('listDisposalTickets', disposals))).toEqual(['body.metadata']);
  });

  it('names a detail that does not hold exactly one record, and a missing tracking id', () => {
    const body = json('getTicket');
    body.tickets.push(body.tickets[0]);
    delete body.request_tracking_id;
    expect(fieldsOf(() => decodeAnswer('getTicket', body)).sort()).toEqual(['body.request_tracking_id', 'body.tickets']);
  });

  it('names an XML element that repeats where one value goes, and one that is not the type it names', async () => {
    const xml = toXml(ROWS.getCalendarLink[0]).replace('</response>', '<calendar_url>again</calendar_url></response>');
    expect(decodeError(() => decodeAnswer('getCalendarLink', {})).issues).toEqual([{ field: 'body.request_tracking_id', message: 'is required' }, { field: 'body.calendar_url', message: 'is required' }]);
    const parsed = await parseXml(xml);
    expect(decodeError(() => decodeAnswer('getCalendarLink', parsed, 'xml')).issues).toEqual([{ field: 'body.calendar_url', message: 'expected one element, got 2' }]);
    const eta = await parseXml(toXml(ROWS.getEta[0]).replace('<ETA>', '<ETA><from>yesterday</from>').replace(/<from>2026[^<]*<\/from>/, ''));
    expect(fieldsOf(() => decodeAnswer('getEta', eta, 'xml'))).toEqual(['body.ETA.from']);
  });

  it('names a nested object that is not one, in JSON and in XML', async () => {
    const body = json('getTicket');
    body.tickets[0].audit_info = null;
    expect(decodeError(() => decodeAnswer('getTicket', body)).issues).toEqual([{ field: 'body.tickets[0].audit_info', message: 'expected an object, got null' }]);
    const xml = await parseXml(toXml(ROWS.getTicket[0]).replace('<audit_info>', '<audit_info>late<x>1</x></audit_info><audit_info>'));
    expect(fieldsOf(() => decodeAnswer('getTicket', xml, 'xml'))).toEqual(['body.tickets[0].audit_info']);
  });

  it('names an invoice line of another invoice', () => {
    const body = json('getInvoice');
    body.invoices[1].id = '999';
    expect(fieldsOf(() => decodeAnswer('getInvoice', body))).toEqual(['body.invoices[1].id']);
  });
});
