import { summarizeDisposalTicket, summarizeInvoice, summarizeServiceTicket, type CustomerBundle } from '@curbside/domain';
import sample from '../../test/fixtures/sample-import.json';
import { decodeImportFile } from './import-file';
import { responses } from './responses';
import type { WireObject, WireValue } from './wire';
import { parseXml, toXml } from './xml';

const [usa, canada] = decodeImportFile(sample).customers;
const TRACKING_ID = 'trk-<&>-é-😀';

/** A whole list as one page. */
const whole = <T>(items: T[]) => ({ items, totalCount: items.length });
const ticketSummaries = (bundle: CustomerBundle) => bundle.tickets.map(summarizeServiceTicket);
const disposalSummaries = (bundle: CustomerBundle) => bundle.disposalTickets.map(summarizeDisposalTicket);

/** Every response body the interface has, for one customer. */
function bodiesOf(bundle: CustomerBundle): Array<[string, WireObject]> {
  return [
    ['1 ticket list', responses.ticketList(TRACKING_ID, whole(ticketSummaries(bundle)))],
    ['2 ticket detail', responses.ticketDetail(TRACKING_ID, bundle.tickets[0])],
    ['3 disposal list', responses.disposalList(TRACKING_ID, whole(disposalSummaries(bundle)))],
    ['4 disposal detail', responses.disposalDetail(TRACKING_ID, bundle.disposalTickets[0])],
    ['5 invoice list', responses.invoiceList(bundle.customer.currency, whole(bundle.invoices.map(summarizeInvoice)), bundle.balances)],
    ['6 invoice detail', responses.invoiceDetail(bundle.invoices[0])],
    ['7 cases', responses.caseList(TRACKING_ID, whole(bundle.cases))],
    ['8 contacts', responses.contacts(TRACKING_ID, bundle.contacts)],
    ['9 preferences', responses.preferences(TRACKING_ID, bundle.preferences)],
    ['10 preferences updated', responses.preferencesUpdated(TRACKING_ID)],
    ['language', responses.customerLanguage(TRACKING_ID, { language: 'zh-Hant', modifiedBy: 'RESIDENT', modifiedAt: '2026-11-30T09:15:00.000' }, ['en', 'es', 'zh-Hant'])],
    ['11 invoice fees', responses.invoiceFees(TRACKING_ID, bundle.services)],
    ['12 prices', responses.servicePrices(TRACKING_ID, bundle.services)],
    ['13 materials', responses.serviceMaterials(TRACKING_ID, bundle.services)],
    ['14 email activities', responses.emailActivities(whole(bundle.emailActivities))],
    ['15 issue activities', responses.issueActivities(whole(bundle.issueActivities))],
  ];
}

const emptyBodies: Array<[string, WireObject]> = [
  ['1 ticket list', responses.ticketList(TRACKING_ID, whole([]))],
  ['3 disposal list', responses.disposalList(TRACKING_ID, whole([]))],
  ['5 invoice list', responses.invoiceList('USD', whole([]), [])],
  ['7 cases', responses.caseList(TRACKING_ID, whole([]))],
  ['8 contacts', responses.contacts(TRACKING_ID, [])],
  ['9 preferences', responses.preferences(TRACKING_ID, [])],
  ['language', responses.customerLanguage(TRACKING_ID, { language: null, modifiedBy: null, modifiedAt: null }, ['en'])],
  ['11 invoice fees', responses.invoiceFees(TRACKING_ID, [])],
  ['12 prices', responses.servicePrices(TRACKING_ID, [])],
  ['13 materials', responses.serviceMaterials(TRACKING_ID, [])],
  ['14 email activities', responses.emailActivities(whole([]))],
  ['15 issue activities', responses.issueActivities(whole([]))],
];

/**
 * What reading the XML of `body` back must give (CONTRACT §4): every value wrapped in an array,
 * empty arrays absent. An element left with neither text nor children reads as '' — XML cannot
 * tell an empty object from an empty string.
 */
function asReadFromXml(body: WireObject): Record<string, unknown> {
  const element = (value: WireValue): unknown => {
    if (typeof value === 'string') return value;
    const object = asReadFromXml(value as WireObject);
    return Object.keys(object).length === 0 ? '' : object;
  };
  const read: Record<string, unknown> = {};
  for (const [member, value] of Object.entries(body)) {
    const items = Array.isArray(value) ? value : [value];
    if (items.length > 0) read[member] = items.map(element);
  }
  return read;
}

describe('response bodies', () => {
  it.each([...bodiesOf(usa), ...bodiesOf(canada), ...emptyBodies])('%s: toXml -> parseXml gives the JSON body back', async (_op, body) => {
    await expect(parseXml(toXml(body))).resolves.toEqual(asReadFromXml(body));
  });

  it.each(bodiesOf(usa))('%s: every leaf is a string', (_op, body) => {
    const leaves = (value: WireValue): unknown[] =>
      typeof value === 'string' ? [value] : Array.isArray(value) ? value.flatMap(leaves) : Object.values(value).flatMap(leaves);
    expect(leaves(body).every((leaf) => typeof leaf === 'string')).toBe(true);
  });

  it('have the members of the spec, in its order', () => {
    const members = Object.fromEntries(bodiesOf(usa).map(([op, body]) => [op, Object.keys(body)]));
    expect(members).toEqual({
      '1 ticket list': ['request_tracking_id', 'tickets'],
      '2 ticket detail': ['request_tracking_id', 'tickets'],
      '3 disposal list': ['request_tracking_id', 'tickets', 'metadata'],
      '4 disposal detail': ['request_tracking_id', 'tickets'],
      '5 invoice list': ['currency', 'invoices', 'balances'],
      '6 invoice detail': ['invoices'],
      '7 cases': ['request_tracking_id', 'cases', 'metadata'],
      '8 contacts': ['request_tracking_id', 'contacts'],
      '9 preferences': ['request_tracking_id', 'preferences'],
      '10 preferences updated': ['request_tracking_id', 'status'],
      language: ['request_tracking_id', 'language', 'offered', 'audit_info'],
      '11 invoice fees': ['request_tracking_id', 'services', 'metadata'],
      '12 prices': ['request_tracking_id', 'services'],
      '13 materials': ['request_tracking_id', 'services'],
      '14 email activities': ['activities', 'metadata'],
      '15 issue activities': ['activities'],
    });
  });

  it('write a customer\'s language, "null" until one is set, with who set it and when (CONTRACT §11)', () => {
    expect(responses.customerLanguage('abc', { language: 'tl', modifiedBy: 'RESIDENT', modifiedAt: '2026-11-30T09:15:00.000' }, ['en', 'tl'])).toEqual({
      request_tracking_id: 'abc',
      language: 'tl',
      offered: ['en', 'tl'],
      audit_info: { modified_by: 'RESIDENT', modified_date_time: '2026-11-30 09:15:00' },
    });
    expect(responses.customerLanguage('abc', { language: null, modifiedBy: null, modifiedAt: null }, ['en'])).toMatchObject({
      language: 'null',
      audit_info: { modified_by: 'null', modified_date_time: 'null' },
    });
  });

  it('echo the tracking id and say Success after an update', () => {
    expect(responses.preferencesUpdated('abc')).toEqual({ request_tracking_id: 'abc', status: 'Success' });
    expect(responses.contacts('abc', []).request_tracking_id).toBe('abc');
  });

  it('count what they return: an array of one {totalCount} for disposal tickets and emails, an object for cases and fees', () => {
    expect(responses.disposalList('t', whole(disposalSummaries(usa))).metadata).toEqual([{ totalCount: '2' }]);
    expect(responses.emailActivities(whole(usa.emailActivities)).metadata).toEqual([{ totalCount: '1' }]);
    expect(responses.caseList('t', whole(usa.cases)).metadata).toEqual({ totalCount: '2' });
    expect(responses.invoiceFees('t', usa.services).metadata).toEqual({ totalCount: '2' });
    expect(responses.caseList('t', whole([])).metadata).toEqual({ totalCount: '0' });
    // A page counts the whole filtered list, not only what it holds.
    expect(responses.caseList('t', { items: usa.cases.slice(0, 1), totalCount: 9 }).metadata).toEqual({ totalCount: '9' });
  });

  it('write the ticket list entry exactly', () => {
    expect(JSON.stringify(responses.ticketList('t', whole(ticketSummaries(usa))).tickets)).toBe(
      JSON.stringify([
        {
          id: '5001',
          status: 'CLOSED',
          load_type: 'XPU',
          load_description: 'Extra pickup',
          created_date_time: '03/14/24 08:05:09',
          dispatch_date_time: '03/15/24 06:30:00',
          services_info: [{ code: 'XPU' }, { code: 'OVR' }],
        },
        {
          id: '5002',
          status: 'OPEN',
          load_type: 'DEL',
          load_description: 'Delivery',
          created_date_time: '12/31/99 23:59:59',
          dispatch_date_time: 'null',
          services_info: [],
        },
      ]),
    );
  });

  it('write the details the import file holds', () => {
    expect(responses.ticketDetail('t', usa.tickets[0]).tickets).toEqual([sample.customers[0].tickets[0]]);
    expect(responses.disposalDetail('t', usa.disposalTickets[1]).tickets).toEqual([sample.customers[0].disposal_tickets[1]]);
    const summaryMembers = ['case_id', 'description', 'category', 'category_description', 'requested_date_time', 'status'];
    expect(responses.caseList('t', whole(usa.cases)).cases).toEqual(
      sample.customers[0].cases.map((c) => Object.fromEntries(summaryMembers.map((m) => [m, c[m as keyof typeof c]]))),
    );
    expect(responses.contacts('t', canada.contacts).contacts).toEqual(sample.customers[1].contacts);
    expect(responses.preferences('t', canada.preferences).preferences).toEqual(sample.customers[1].communication_preferences);
    expect(responses.emailActivities(whole(usa.emailActivities)).activities).toEqual(sample.customers[0].email_activities);
    expect(responses.issueActivities(whole(canada.issueActivities)).activities).toEqual(sample.customers[1].issue_activities);
    expect(responses.invoiceDetail(usa.invoices[0])).toEqual({ invoices: sample.customers[0].invoices[0].lines });
  });

  it('write the v2 invoice list with yyyy-MM-dd dates and the balances', () => {
    expect(responses.invoiceList('CAD', whole(canada.invoices), canada.balances.slice(0, 2))).toEqual({
      currency: 'CAD',
      invoices: [
        {
          id: '890001',
          date: '2024-02-15',
          amount: '-25.00',
          payment_info: { amount: '188.50', date: '2024-02-28', reference_number: 'CHQ 001234' },
          balance_amount: '163.50',
        },
      ],
      balances: [
        { type: 'Current', date: '2024-03-01', amount: '163.50' },
        { type: '60Day', date: 'null', amount: 'null' },
      ],
    });
  });
});
