import { CurbsideClient, type GetParams, type GetPath } from '@curbside/client';
import { ANSWERS, type AnswerName, decodeAnswer, decodeImportFile, parseXml } from '@curbside/codecs';
import { ROUTES } from '@curbside/contract';
import { accountBalance, describeSchedule, nextPickupsOf, summarizeDisposalTicket, summarizeInvoice, summarizeServiceTicket, type Pickup, type Service } from '@curbside/domain';
import { driverIndependentDatabases } from '@curbside/testing';
import { startTestApp, type TestApp } from './support';
import { fixture, pathSamplesOf, type WireRecord } from './support/fixtures';

/*
 * Every answer the SDK (@curbside/client) returns, read with @curbside/codecs' `decodeAnswer` as a team building on
 * both would: each GET asked in JSON and in XML of the real API on SQLite, both read into the same records, which
 * are the records the fixture imported.
 */
const CUSTOMER = '1000001';
const TODAY = '2026-11-23';
const NOW = new Date(`${TODAY}T12:00:00Z`);
const file = decodeImportFile(structuredClone(fixture));
/** The one record `records` holds that matches: the fixture is known, so a miss is the test's own mistake. */
function theOne<T>(records: readonly T[], match: (record: T) => boolean): T {
  const found = records.find(match);
  if (found === undefined) throw new Error('the fixture lacks a record this test reads');
  return found;
}
const bundle = theOne(file.customers, (customer) => customer.customer.id === CUSTOMER);
const samples = pathSamplesOf(CUSTOMER);

/** The value sent for a query parameter the operation takes: a required one, or one that makes the answer carry more. */
const QUERY_VALUES: Record<string, string> = { ticket_type: 'disposal', requestDate: TODAY, summary: 'Y' };

const GET_ANSWERS = (Object.keys(ANSWERS) as AnswerName[]).filter((name) => ROUTES[ANSWERS[name].route].method === 'GET');

/** The path and query of an answer's request, filled with the fixture customer's records. */
function paramsOf(name: AnswerName): { path: GetPath; params: GetParams<GetPath> } {
  const reader = ANSWERS[name];
  const route = ROUTES[reader.route];
  const query = Object.fromEntries(
    route.queryParameters
      .filter(({ name: parameter }) => parameter in QUERY_VALUES && (parameter !== 'ticket_type' || reader.ticketType !== undefined))
      .map(({ name: parameter }) => [parameter, QUERY_VALUES[parameter]]),
  );
  const pathValues = Object.fromEntries(route.pathParameters.map((parameter) => [parameter, samples[parameter as keyof typeof samples](query)]));
  return { path: route.path as GetPath, params: { path: pathValues, query } as unknown as GetParams<GetPath> };
}

const byId = <T extends { id: string }>(records: T[]): T[] => [...records].sort((a, b) => Number(BigInt(a.id) - BigInt(b.id)));
const ticket = theOne(bundle.tickets, (t) => t.id === samples.ticketId({}));
const disposal = theOne(bundle.disposalTickets, (t) => t.id === samples.ticketId({ ticket_type: 'disposal' }));
const invoice = theOne(bundle.invoices, (i) => i.id === samples.invoiceId());
const aCase = theOne(bundle.cases, (c) => c.id === samples.caseId());
const contactOf = (type: string) => bundle.contacts.filter((contact) => contact.type === type);
const plannedToday = (pickup: Pickup) => pickup.plannedDate === TODAY;
const withoutFees = (service: Service): Service => ({ ...service, invoiceFees: [] });

/** The answers of the writes, made below: a booked extra pickup, a contact's new email, a text opt-out, a language. */
const EXTRA_PICKUP = { type: 'EXTRA_PICKUP' as const, service_id: '10001', date: '2026-11-30' };
const CONTACTS_UPDATE = { contacts: [{ type: 'service', email: 'yard@example.com' }] };
const PREFERENCES_UPDATE = {
  preferences: [{ category: 'Service Notification', channels: [{ name: 'Text', selections: [{ value: '602-555-0147', type: 'SMOBILE', is_opt_in: 'N' }] }] }],
  audit_info: { modified_by: 'csr-42' },
};

/**
 * What each answer carries of the fixture (or of the write that made it): a new answer without a check here does not compile. Lists are
 * compared as sets (`expect.arrayContaining` and the length): their order is each operation's own, tested apart.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- each check knows its answer's type; the table holds them all
const SEEDED: Record<AnswerName, (decoded: any) => void> = {
  getLiveness: (decoded) => expect(decoded).toEqual({ status: 'up' }),
  getReadiness: (decoded) => expect(decoded).toEqual({ status: 'ready' }),
  listTickets: (decoded) => expectSet(decoded, bundle.tickets.map(summarizeServiceTicket)),
  listDisposalTickets: (decoded) => {
    expectSet(decoded.items, bundle.disposalTickets.map(summarizeDisposalTicket));
    expect(decoded.totalCount).toBe(bundle.disposalTickets.length);
  },
  getTicket: (decoded) => expect(decoded).toEqual(ticket),
  createServiceRequest: (decoded) =>
    expect(decoded).toMatchObject({ status: 'PENDING', loadType: 'XPU', createdBy: expect.any(String), dispatchedAt: '2026-11-30T00:00:00.000', services: [{ code: 'RES' }] }),
  updateContacts: (decoded) => expect(decoded).toEqual({ status: 'Success' }),
  updateCommunicationPreferences: (decoded) => expect(decoded).toEqual({ status: 'Success' }),
  updateCustomerLanguage: (decoded) => expect(decoded).toEqual({ language: { language: 'en', modifiedBy: expect.any(String), modifiedAt: expect.any(String) }, offered: ['en'] }),
  getDisposalTicket: (decoded) => expect(decoded).toEqual(disposal),
  getDisposalTicketMaterials: (decoded) => {
    expect(decoded).toMatchObject({ status: disposal.status, timeOut: disposal.timeOut, site: disposal.site, surcharge: disposal.surcharge });
    expect(decoded.details.map((line: { materialName: string }) => line.materialName)).toEqual(disposal.details.filter((l) => l.materialName !== null).map((l) => l.materialName));
  },
  getDisposalTicketSurcharges: (decoded) => {
    expect(decoded).toMatchObject({ status: disposal.status, site: disposal.site });
    expect(decoded.details.map((line: { amount: string }) => line.amount)).toEqual(disposal.details.filter((l) => l.surchargeName !== null).map((l) => l.amount));
  },
  getDisposalTicketPrices: (decoded) => expect(decoded).toEqual(pricesOfDisposal()),
  getDisposalTicketPrice: (decoded) => expect(decoded).toEqual(pricesOfDisposal()),
  listInvoices: (decoded) => expectInvoiceList(decoded),
  listInvoicesV1: (decoded) => expectInvoiceList(decoded),
  getInvoice: (decoded) => expect(decoded).toEqual(invoice.lines),
  getBalance: (decoded) =>
    expect(decoded).toEqual(accountBalance({ contacts: bundle.contacts, ivrFee: bundle.customer.ivrFee, invoices: bundle.invoices, balances: bundle.balances })),
  listProfiles: (decoded) => expectSet(decoded, bundle.profiles),
  listCases: (decoded) => {
    expect(decoded.items.map((c: { id: string }) => c.id).sort()).toEqual(bundle.cases.map((c) => c.id).sort());
    expect(decoded.totalCount).toBe(bundle.cases.length);
  },
  getCase: (decoded) => expect(decoded).toEqual(aCase),
  listContacts: (decoded) => expectSet(decoded, bundle.contacts),
  getBillingContact: (decoded) => expect(decoded).toEqual(contactOf('billing')),
  getServiceContact: (decoded) => expect(decoded).toEqual(contactOf('service')),
  getServicesContact: (decoded) => expect(decoded).toEqual(contactOf('service')),
  getCommunicationPreferences: (decoded) => expectSet(decoded, bundle.preferences),
  getCustomerLanguage: (decoded) => expect(decoded).toEqual({ language: { language: null, modifiedBy: null, modifiedAt: null }, offered: ['en'] }),
  listServices: (decoded) => expect(decoded).toEqual(byId(bundle.services).map((s) => ({ ...withoutFees(s), schedule: null }))),
  getInvoiceFees: (decoded) =>
    expect(decoded).toEqual({
      items: byId(bundle.services).map((s) => ({ id: s.id, status: s.status, lineOfBusiness: s.lineOfBusiness, catalogId: s.catalog.id, invoiceFees: s.invoiceFees })),
      totalCount: bundle.services.length,
    }),
  getServicePrices: (decoded) => expect(decoded).toEqual(byId(bundle.services).map(({ status, pricing }) => ({ status, pricing }))),
  getServiceMaterials: (decoded) => {
    expect(decoded.map((s: Service) => s.id)).toEqual(byId(bundle.services).map((s) => s.id));
    expect(decoded.map((s: Service) => s.material.name)).toEqual(byId(bundle.services).map((s) => s.material.name));
    expect(decoded.map((s: Service) => s.pricing)).toEqual(byId(bundle.services).map((s) => s.pricing));
  },
  getPickupPlan: (decoded) =>
    expectSet(
      decoded,
      bundle.pickups.filter(plannedToday).map((p) => ({ ...p, ticketType: null, exceptionReasonCode: null, exceptionClass: null, serviceTime: null, eta: null })),
    ),
  getPickupStats: (decoded) => {
    expectSet(decoded.pickups, bundle.pickups.filter((p) => p.status.startsWith('Confirmed')).map((p) => ({ ...p, eta: null })));
    expect(decoded.summary).toEqual({ totalServices: 8, successfulServices: 7, missedPickups: 1, serviceExceptions: 2 });
  },
  getNextPickups: (decoded) => {
    const expected = nextPickupsOf(byId(bundle.services), file.holidays, bundle.pickups, TODAY);
    expect(expected.length).toBeGreaterThan(1);
    expect(decoded).toEqual(
      expected.map(({ service, name, next }) => ({
        serviceId: service.id,
        name,
        pickupSchedule: describeSchedule(service.schedule),
        date: next?.date ?? null,
        scheduledDate: next === null || next.holidays.length === 0 ? null : next.scheduledDate,
        holidayName: next === null || next.holidays.length === 0 ? null : next.holidays.map((holiday) => holiday.name).join(' and '),
      })),
    );
  },
  getServiceOperations: (decoded) => expect(decoded.map((s: Service) => s.operations)).toEqual(byId(bundle.services).map((s) => s.operations)),
  getCalendarLink: (decoded) => expect(decoded.calendarUrl).toMatch(/\/feeds\/calendar\/[^/]+\/pickups\.ics$/),
  getEta: (decoded) => {
    const pickup = theOne(bundle.pickups, (p) => p.serviceId === samples.serviceId() && plannedToday(p));
    expect(decoded).toEqual({ dayOfWeekName: expect.stringContaining('today'), ...pickup.eta });
  },
  listEmailActivities: (decoded) => {
    expectSet(decoded.items, bundle.emailActivities);
    expect(decoded.totalCount).toBe(bundle.emailActivities.length);
  },
  listIssueActivities: (decoded) => expectSet(decoded, bundle.issueActivities),
  listNotes: (decoded) => expectSet(decoded, bundle.notes),
  getServiceSchedules: (decoded) => expect(decoded).toEqual({ timeZone: 'UTC', today: TODAY, services: byId(bundle.services).map(withoutFees) }),
  getHolidays: (decoded) => expect(decoded).toEqual({ timeZone: 'UTC', holidays: expect.arrayContaining(file.holidays) }),
};

function expectSet(decoded: unknown[], records: unknown[]): void {
  expect(records.length).toBeGreaterThan(0);
  expect(decoded).toHaveLength(records.length);
  expect(decoded).toEqual(expect.arrayContaining(records));
}

function expectInvoiceList(decoded: { currency: string; invoices: unknown[]; balances: unknown[] }): void {
  expect(decoded.currency).toBe(bundle.customer.currency);
  expectSet(decoded.invoices, bundle.invoices.map(summarizeInvoice));
  expectSet(decoded.balances, bundle.balances);
}

function pricesOfDisposal() {
  const { status, materialSubtotal, surcharge, tax, amount, currency } = disposal;
  return { status, materialSubtotal, surcharge, tax, amount, currency };
}

/** An answer as two askings of it must agree: a calendar link is minted anew each time (sealed with a fresh nonce). */
const comparable = (name: AnswerName, decoded: unknown): unknown =>
  name === 'getCalendarLink' ? { calendarUrl: (decoded as { calendarUrl: string }).calendarUrl.replace(/\/calendar\/[^/]+\//, '/calendar/{token}/') } : decoded;

describe('every answer of the SDK, read with the codecs, on SQLite', () => {
  let t: TestApp;
  let curbside: CurbsideClient;

  beforeAll(async () => {
    t = await startTestApp(driverIndependentDatabases()[0], { customers: [CUSTOMER], fixture: true, now: NOW });
    curbside = new CurbsideClient({ baseUrl: t.url, clientId: t.client.clientId, clientSecret: t.client.clientSecret, etagCache: false });
  });
  afterAll(() => t.close());

  it.each(GET_ANSWERS)('%s: JSON and XML read into the same records, the ones imported', async (name) => {
    const { path, params } = paramsOf(name);
    const fromJson = decodeAnswer(name, await curbside.get(path, params));
    const fromXml = decodeAnswer(name, await parseXml(await curbside.getXml(path, params)), 'xml');
    expect(comparable(name, fromXml)).toEqual(comparable(name, fromJson));
    SEEDED[name](fromJson);
  });

  it('reads the answers of the writes, JSON and XML alike: the created ticket, the updates, the language set', async () => {
    const customer = `/api/v1/customers/${CUSTOMER}`;
    const created = decodeAnswer('createServiceRequest', await curbside.createServiceRequest(CUSTOMER, EXTRA_PICKUP, { idempotencyKey: 'decoders-1' }));
    // The same key again, asking XML: the same ticket, replayed.
    const replayed = await t.api.post(`${customer}/service-requests`).set('Idempotency-Key', 'decoders-1').set('Accept', 'application/xml').send(EXTRA_PICKUP).expect(201);
    expect(decodeAnswer('createServiceRequest', await parseXml(replayed.text), 'xml')).toEqual(created);
    SEEDED.createServiceRequest(created);
    expect(decodeAnswer('getTicket', await curbside.getTicket(CUSTOMER, created.id))).toEqual(created);

    const writes: Array<[AnswerName, string, object]> = [
      ['updateContacts', `${customer}/contacts`, CONTACTS_UPDATE],
      ['updateCommunicationPreferences', `${customer}/communication-preferences`, PREFERENCES_UPDATE],
      ['updateCustomerLanguage', `${customer}/language`, { language: 'EN' }],
    ];
    for (const [name, path, body] of writes) {
      const fromJson = decodeAnswer(name, (await t.api.put(path).send(body).expect(200)).body);
      const fromXml = decodeAnswer(name, await parseXml((await t.api.put(path).set('Accept', 'application/xml').send(body).expect(200)).text), 'xml');
      expect(fromXml).toEqual(fromJson);
      SEEDED[name](fromJson);
    }
    expect(decodeAnswer('updateCustomerLanguage', await curbside.setLanguage(CUSTOMER, 'null')).language.language).toBeNull();
  });

  it('has a decoder for every operation the SDK is typed for (its OpenAPI document), and asks every GET of them above', async () => {
    const document = (await t.http().get('/docs/openapi.json').expect(200)).body as { paths: Record<string, Record<string, WireRecord>> };
    const operations = Object.entries(document.paths).flatMap(([path, item]) =>
      Object.entries(item)
        .filter(([, operation]) => ['200', '201'].some((status) => operation.responses[status]?.content?.['application/json'] !== undefined))
        .map(([method, operation]) => ({ method: method.toUpperCase(), path, operationId: operation.operationId as string })),
    );
    // The token exchange is the SDK's own business: it returns no answer of it.
    const answered = operations.filter((operation) => !operation.path.startsWith('/oauth/'));
    const decoded = new Set(Object.values(ANSWERS).map((reader) => reader.route as string));
    expect(answered.filter((operation) => !decoded.has(operation.operationId))).toEqual([]);
    expect([...decoded].sort()).toEqual(answered.map((operation) => operation.operationId).sort());
    const asked = new Set(GET_ANSWERS.map((name) => ANSWERS[name].route as string));
    expect(answered.filter((operation) => operation.method === 'GET' && !asked.has(operation.operationId))).toEqual([]);
  });
});
