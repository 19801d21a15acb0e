import { testDatabases } from '@curbside/testing';
import { expectJson, expectProblem, expectXmlMirrorsJson, itEnforcesCustomerScope, newestFirst, sortableTimestamp, startTestApp, TestApp } from './support';
import { fixtureCustomer, WireRecord } from './support/fixtures';

const HOUSEHOLD = fixtureCustomer('1000001');
const BUSINESS = fixtureCustomer('1000002');
const cases = (customerId: string, query = '') => `/api/v1/customers/${customerId}/cases${query}`;

const byRequestedTime = (x: WireRecord) => sortableTimestamp(x.requested_date_time);
/** A case of the list: the summary members of the imported record (the detail is `cases/{caseId}`'s). */
const summaryOf = ({ case_id, description, category, category_description, requested_date_time, status }: WireRecord) =>
  ({ case_id, description, category, category_description, requested_date_time, status });
const daysOf = (body: WireRecord) => body.cases.map((x: WireRecord) => x.requested_date_time.slice(0, 10));

describe.each(testDatabases())('cases (op 7) on $name', (database) => {
  let t: TestApp;

  beforeAll(async () => {
    t = await startTestApp(database, { customers: ['1000001', '1000002', '3000001', '9999999'], fixture: true });
  });
  afterAll(() => t.close());

  describe('list', () => {
    it('answers every case as imported, newest first, with metadata as a plain {totalCount} object', async () => {
      for (const customer of [HOUSEHOLD, BUSINESS]) {
        const response = await t.api.get(cases(customer.id)).set('Request-Tracking-Id', `c-${customer.id}`).expect(200);
        expectJson(response, `c-${customer.id}`);
        expect(response.body).toEqual({
          request_tracking_id: `c-${customer.id}`,
          cases: newestFirst(customer.cases, byRequestedTime).map(summaryOf),
          metadata: { totalCount: String(customer.cases.length) },
        });
      }
    });

    it('writes members in the order of the spec, and times as yyyy-MM-dd HH:mm:ss.S', async () => {
      const response = await t.api.get(cases('1000001')).expect(200);
      expect(Object.keys(response.body)).toEqual(['request_tracking_id', 'cases', 'metadata']);
      expect(Object.keys(response.body.cases[0])).toEqual([
        'case_id', 'description', 'category', 'category_description', 'requested_date_time', 'status',
      ]);
      // The fixture's milliseconds are 0, 250, 500 and 750: trailing zeros trimmed, at least one digit.
      expect(response.body.cases.map((x: WireRecord) => x.requested_date_time.slice(19))).toEqual(['.0', '.25', '.5', '.75']);
      expect(new Set(response.body.cases.map((x: WireRecord) => x.status))).toEqual(new Set(['OPEN', 'CLOSED']));
    });

    it('filters on the requested day, both ends inclusive, and counts what it returns', async () => {
      // Fixture cases of 1000001 were requested 2026-06-13, 05-27, 05-10 and 04-23.
      const window = await t.api.get(cases('1000001', '?fromDate=2026-05-10&toDate=2026-05-27')).expect(200);
      expect(daysOf(window.body)).toEqual(['2026-05-27', '2026-05-10']);
      expect(window.body.metadata).toEqual({ totalCount: '2' });

      const openStart = await t.api.get(cases('1000001', '?toDate=2026-05-10')).expect(200);
      expect(daysOf(openStart.body)).toEqual(['2026-05-10', '2026-04-23']);

      const openEnd = await t.api.get(cases('1000001', '?fromDate=2026-05-11')).expect(200);
      expect(daysOf(openEnd.body)).toEqual(['2026-06-13', '2026-05-27']);

      const sameDay = await t.api.get(cases('1000001', '?fromDate=2026-06-13&toDate=2026-06-13')).expect(200);
      expect(sameDay.body.cases).toEqual([summaryOf(HOUSEHOLD.cases.find((x: WireRecord) => x.requested_date_time.startsWith('2026-06-13')))]);

      const none = await t.api.get(cases('1000001', '?fromDate=2026-06-14')).set('Request-Tracking-Id', 'none').expect(200);
      expect(none.body).toEqual({ request_tracking_id: 'none', cases: [], metadata: { totalCount: '0' } });
    });

    it.each([
      ['fromDate=2026-13-01', 'fromDate'],
      ['toDate=2026-02-30', 'toDate'],
      ['fromDate=2026-6-1', 'fromDate'],
      ['fromDate=2026-06-10&toDate=2026-06-01', 'fromDate'],
      ['status=OPEN', 'status'],
    ])('answers 400 for %s, naming %s', async (query, field) => {
      expectProblem(await t.api.get(cases('1000001', `?${query}`)), 400, 'VALIDATION_FAILED', field);
    });

    it('answers an empty list for a customer with no cases', async () => {
      const empty = await t.api.get(cases('3000001')).set('Request-Tracking-Id', 'empty').expect(200);
      expect(empty.body).toEqual({ request_tracking_id: 'empty', cases: [], metadata: { totalCount: '0' } });
    });

    it('answers the same list in XML', async () => {
      const xml = await expectXmlMirrorsJson(t, cases('1000002'));
      expect(xml.text).toContain('<metadata><totalCount>4</totalCount></metadata></response>');
    });
  });

  describe('access', () => {
    itEnforcesCustomerScope(() => t, (customerId) => cases(customerId));

    it('lets a client see the cases of the customer it is granted', async () => {
      const narrow = await t.registerClient(['1000002']);
      await t.as(narrow).get(cases('1000002')).expect(200);
    });
  });
});
