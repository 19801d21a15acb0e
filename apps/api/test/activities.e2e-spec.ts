import { driverIndependentDatabases } from '@curbside/testing';
import { expectJson, expectProblem, expectXmlMirrorsJson, itEnforcesCustomerScope, newestFirst, startTestApp, TestApp } from './support';
import { fixtureCustomer, WireRecord } from './support/fixtures';

const HOUSEHOLD = fixtureCustomer('1000001');
const BUSINESS = fixtureCustomer('1000002');
const activities = (customerId: string, kind: string, query = '') => `/api/v1/customers/${customerId}/activities/${kind}${query}`;

const AUDIT_MEMBERS = ['created_by', 'created_date_time', 'modified_by', 'modified_date_time'];
const ADDRESS_MEMBERS = ['street_address', 'street_address2', 'city', 'state', 'zip_code'];

/**
 * The two lists, as the fixture says they should answer: `yyyy-MM-dd HH:mm:ss` times sort as
 * text; emails carry `metadata: [{totalCount}]`, issues no metadata.
 */
const KINDS = [
  {
    kind: 'email',
    timeOf: (activity: WireRecord): string => activity.email_info.sent_date_time,
    records: (customer: WireRecord): WireRecord[] => customer.email_activities,
    body: (list: WireRecord[]) => ({ activities: list, metadata: [{ totalCount: String(list.length) }] }),
    // Sent 2026-06-14, 06-01, 05-19 and 05-06 (1000001).
    window: { query: '?fromDate=2026-05-19&toDate=2026-06-01', days: ['2026-06-01', '2026-05-19'] },
    openStart: { query: '?toDate=2026-05-19', days: ['2026-05-19', '2026-05-06'] },
    openEnd: { query: '?fromDate=2026-05-20', days: ['2026-06-14', '2026-06-01'] },
    sameDay: '2026-06-14',
  },
  {
    kind: 'issues',
    timeOf: (activity: WireRecord): string => activity.issues_info.submit_date,
    records: (customer: WireRecord): WireRecord[] => customer.issue_activities,
    body: (list: WireRecord[]) => ({ activities: list }),
    // Submitted 2026-06-12, 05-24 and 05-05 (1000001).
    window: { query: '?fromDate=2026-05-05&toDate=2026-05-24', days: ['2026-05-24', '2026-05-05'] },
    openStart: { query: '?toDate=2026-05-23', days: ['2026-05-05'] },
    openEnd: { query: '?fromDate=2026-05-24', days: ['2026-06-12', '2026-05-24'] },
    sameDay: '2026-05-24',
  },
];

describe.each(driverIndependentDatabases())('activities (ops 14, 15) on $name', (database) => {
  let t: TestApp;

  beforeAll(async () => {
    t = await startTestApp(database, { customers: ['1000001', '1000002', '3000001', '9999999'], fixture: true });
  });
  afterAll(() => t.close());

  describe('email (op 14)', () => {
    it('writes members in the order of the spec, times as yyyy-MM-dd HH:mm:ss', async () => {
      const response = await t.api.get(activities('1000001', 'email')).expect(200);
      const [email] = response.body.activities;
      expect(Object.keys(response.body)).toEqual(['activities', 'metadata']);
      expect(Object.keys(email)).toEqual(['id', 'user_id', 'email_info', 'audit_info']);
      expect(Object.keys(email.email_info)).toEqual([
        'type_id', 'type_description', 'from_address', 'to_address', 'cc_address', 'subject', 'body', 'sent_by', 'send_status',
        'sent_date_time',
      ]);
      expect(Object.keys(email.audit_info)).toEqual(AUDIT_MEMBERS);
      expect(email.email_info.sent_date_time).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/);
      expect(response.body.metadata).toEqual([{ totalCount: String(HOUSEHOLD.email_activities.length) }]);
    });
  });

  describe('issues (op 15)', () => {
    it('writes members in the order of the spec, with both addresses and no metadata', async () => {
      const response = await t.api.get(activities('1000001', 'issues')).expect(200);
      const [issue] = response.body.activities;
      expect(Object.keys(response.body)).toEqual(['activities']);
      expect(Object.keys(issue)).toEqual(['id', 'user_id', 'issues_info', 'audit_info']);
      expect(Object.keys(issue.issues_info)).toEqual([
        'company', 'first_name', 'last_name', 'email', 'phone_number', 'contact_method', 'description', 'submit_date', 'status',
        'csr_mailbox', 'device_channel', 'case_type_description', 'case_type_code', 'case_sub_type_description',
        'case_sub_type_code', 'country', 'billing_address', 'service_address',
      ]);
      expect(Object.keys(issue.issues_info.billing_address)).toEqual(ADDRESS_MEMBERS);
      expect(Object.keys(issue.issues_info.service_address)).toEqual(ADDRESS_MEMBERS);
      expect(Object.keys(issue.audit_info)).toEqual(AUDIT_MEMBERS);
      expect(issue.issues_info.submit_date).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/);
    });
  });

  describe.each(KINDS)('$kind', ({ kind, timeOf, records, body, window, openStart, openEnd, sameDay }) => {
    const newestOf = (list: WireRecord[]) => newestFirst(list, timeOf);
    const daysOf = (response: { body: WireRecord }) => response.body.activities.map((x: WireRecord) => timeOf(x).slice(0, 10));

    it('answers every activity as imported, newest first, with no request_tracking_id but the header echoed', async () => {
      for (const customer of [HOUSEHOLD, BUSINESS]) {
        const response = await t.api.get(activities(customer.id, kind)).set('Request-Tracking-Id', `a-${customer.id}`).expect(200);
        expectJson(response, `a-${customer.id}`);
        expect(response.body).toEqual(body(newestOf(records(customer))));
      }
    });

    it('filters on the day, both ends inclusive', async () => {
      const inWindow = await t.api.get(activities('1000001', kind, window.query)).expect(200);
      expect(daysOf(inWindow)).toEqual(window.days);
      expect(inWindow.body).toEqual(body(newestOf(records(HOUSEHOLD)).filter((x) => window.days.includes(timeOf(x).slice(0, 10)))));
      expect(daysOf(await t.api.get(activities('1000001', kind, openStart.query)).expect(200))).toEqual(openStart.days);
      expect(daysOf(await t.api.get(activities('1000001', kind, openEnd.query)).expect(200))).toEqual(openEnd.days);

      const same = await t.api.get(activities('1000001', kind, `?fromDate=${sameDay}&toDate=${sameDay}`)).expect(200);
      expect(same.body).toEqual(body(records(HOUSEHOLD).filter((x) => timeOf(x).startsWith(sameDay))));
      expect(same.body.activities).toHaveLength(1);

      const none = await t.api.get(activities('1000001', kind, '?fromDate=2026-06-15')).expect(200);
      expect(none.body).toEqual(body([]));
    });

    it.each([
      ['fromDate=2026-13-01', 'fromDate'],
      ['toDate=2026-02-30', 'toDate'],
      ['fromDate=2026-06-01T00:00:00', 'fromDate'],
      ['fromDate=2026-06-10&toDate=2026-06-01', 'fromDate'],
      ['user_id=10077', 'user_id'],
    ])('answers 400 for %s, naming %s', async (query, field) => {
      const response = await t.api.get(activities('1000001', kind, `?${query}`)).set('Request-Tracking-Id', 'bad');
      expectProblem(response, 400, 'VALIDATION_FAILED', field);
      expect(response.body.request_tracking_id).toBe('bad');
    });

    it('answers an empty list for a customer with no activities', async () => {
      const empty = await t.api.get(activities('3000001', kind)).expect(200);
      expect(empty.body).toEqual(body([]));
    });

    it('answers the same list in XML', async () => {
      const xml = await expectXmlMirrorsJson(t, activities('1000002', kind));
      expect(xml.text.startsWith('<?xml version="1.0" encoding="UTF-8"?><response><activities><id>')).toBe(true);
    });

    itEnforcesCustomerScope(() => t, (customerId) => activities(customerId, kind));
  });
});
