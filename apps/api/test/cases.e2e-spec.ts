import { driverIndependentDatabases } from '@curbside/testing';
import { expectJson, expectProblem, expectXmlMirrorsJson, itEnforcesCustomerScope, newestFirst, sortableTimestamp, startTestApp, TestApp } from './support';
import { fixtureCustomer, WireRecord } from './support/fixtures';

const HOUSEHOLD = fixtureCustomer('1000001');
const BUSINESS = fixtureCustomer('1000002');
const cases = (customerId: string, query = '') => `/api/v1/customers/${customerId}/cases${query}`;
const caseDetail = (customerId: string, caseId: string) => `/api/v1/customers/${customerId}/cases/${caseId}`;

const SUMMARY_MEMBERS = ['case_id', 'description', 'category', 'category_description', 'requested_date_time', 'status'];
const DETAIL_MEMBERS = [
  'sub_category', 'sub_category_description', 'due_date_time', 'assigned_role', 'assigned_to', 'status_reason_code',
  'status_reason_description', 'source', 'adjustment_total_amount', 'notes', 'requestor', 'adjustments',
];
/** The detail of an imported case: what was imported, the detail members it left out absent ("null", empty lists). */
const detailOf = (imported: WireRecord): WireRecord => ({
  ...Object.fromEntries(SUMMARY_MEMBERS.map((member) => [member, imported[member]])),
  ...Object.fromEntries(DETAIL_MEMBERS.map((member) => [member, imported[member] ?? 'null'])),
  notes: imported.notes ?? [],
  requestor: { name: 'null', phone: 'null', email: 'null', ...imported.requestor },
  adjustments: imported.adjustments ?? [],
});

/** A case with every detail member, imported for customer 4000001. */
const FULL_CASE = {
  case_id: '410001',
  description: 'Cart lid cracked at collection',
  category: 'BIN',
  category_description: 'Bin complaint',
  requested_date_time: '2026-06-02 10:15:30.25',
  status: 'CLOSED',
  sub_category: 'DMG',
  sub_category_description: 'Damaged cart',
  due_date_time: '2026-06-09 17:00:00.0',
  assigned_role: 'CSR',
  assigned_to: 'msantos',
  status_reason_code: 'RESOLVED',
  status_reason_description: 'Cart replaced',
  source: 'PORTAL',
  adjustment_total_amount: '-7.50',
  notes: [{ comment: 'Driver photo shows the crack' }, { comment: 'Replacement delivered' }],
  requestor: { name: 'Jordan Lee', phone: '2075550188', email: 'jordan.lee@example.com' },
  adjustments: [
    { description: 'Cart damage credit', amount: '-5.00', date_time: '2026-06-05 09:00:00.0' },
    { description: 'Missed pickup credit', amount: '-2.50', date_time: '2026-06-06 09:30:00.5' },
  ],
};

const byRequestedTime = (x: WireRecord) => sortableTimestamp(x.requested_date_time);
/** A case of the list: the summary members of the imported record (the detail is `cases/{caseId}`'s). */
const summaryOf = ({ case_id, description, category, category_description, requested_date_time, status }: WireRecord) =>
  ({ case_id, description, category, category_description, requested_date_time, status });
const daysOf = (body: WireRecord) => body.cases.map((x: WireRecord) => x.requested_date_time.slice(0, 10));

describe.each(driverIndependentDatabases())('cases (op 7, cases/{caseId}) on $name', (database) => {
  let t: TestApp;

  beforeAll(async () => {
    t = await startTestApp(database, { customers: ['1000001', '1000002', '3000001', '4000001', '9999999'], fixture: true });
    await t.importFile({ customers: [{ id: '4000001', currency: 'USD', cases: [FULL_CASE, { ...FULL_CASE, case_id: '410002', notes: [] }] }] });
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

  describe('detail (cases/{caseId})', () => {
    it('answers the case with every detail member as imported: summary members first, then the detail', async () => {
      const response = await t.api.get(caseDetail('4000001', '410001')).set('Request-Tracking-Id', 'cd-1').expect(200);
      expectJson(response, 'cd-1');
      expect(response.body).toEqual({ request_tracking_id: 'cd-1', cases: [FULL_CASE] });
      expect(Object.keys(response.body)).toEqual(['request_tracking_id', 'cases']);
      const [found] = response.body.cases;
      expect(Object.keys(found)).toEqual([...SUMMARY_MEMBERS, ...DETAIL_MEMBERS]);
      expect(Object.keys(found.requestor)).toEqual(['name', 'phone', 'email']);
      expect(Object.keys(found.adjustments[0])).toEqual(['description', 'amount', 'date_time']);
    });

    it('answers every case of the fixture as imported', async () => {
      for (const customer of [HOUSEHOLD, BUSINESS]) {
        for (const imported of customer.cases) {
          const response = await t.api.get(caseDetail(customer.id, imported.case_id)).set('Request-Tracking-Id', 'cd').expect(200);
          expect(response.body).toEqual({ request_tracking_id: 'cd', cases: [detailOf(imported)] });
        }
      }
    });

    it('answers the same case in XML, each note and adjustment an element of its own', async () => {
      const xml = await expectXmlMirrorsJson(t, caseDetail('4000001', '410001'));
      expect(xml.text).toContain('<notes><comment>Driver photo shows the crack</comment></notes><notes><comment>Replacement delivered</comment></notes>');
      await expectXmlMirrorsJson(t, caseDetail('4000001', '410002'));
      await expectXmlMirrorsJson(t, caseDetail('1000001', HOUSEHOLD.cases[0].case_id));
    });

    it("answers 404 for another customer's case, a missing one, and any case of a customer with none", async () => {
      expectProblem(await t.api.get(caseDetail('1000001', BUSINESS.cases[0].case_id)), 404, 'NOT_FOUND');
      expectProblem(await t.api.get(caseDetail('1000001', '410001')), 404, 'NOT_FOUND');
      expectProblem(await t.api.get(caseDetail('1000001', '999999')), 404, 'NOT_FOUND');
      expectProblem(await t.api.get(caseDetail('3000001', HOUSEHOLD.cases[0].case_id)), 404, 'NOT_FOUND');
    });

    it.each(['abc', '12x', '1234567890123456789'])('answers 400 for the malformed case id %s', async (caseId) => {
      const response = await t.api.get(caseDetail('1000001', caseId));
      expectProblem(response, 400, 'VALIDATION_FAILED');
      expect(response.body.error.errors).toEqual([{ field: 'caseId', message: 'caseId must be 1 to 18 digits' }]);
    });
  });

  describe('access', () => {
    itEnforcesCustomerScope(
      () => t,
      (customerId) => cases(customerId),
      (customerId) => caseDetail(customerId, HOUSEHOLD.cases[0].case_id),
    );

    it('lets a client see the cases of the customer it is granted', async () => {
      const narrow = await t.registerClient(['1000002']);
      await t.as(narrow).get(cases('1000002')).expect(200);
    });
  });
});
