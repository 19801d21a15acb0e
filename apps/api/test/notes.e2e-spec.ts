import { driverIndependentDatabases } from '@curbside/testing';
import { expectJson, expectProblem, expectXmlMirrorsJson, itEnforcesCustomerScope, startTestApp, TestApp } from './support';
import { fixtureCustomer, WireRecord } from './support/fixtures';

const notesOf = (customerId: string, query = '') => `/api/v1/customers/${customerId}/activities/notes${query}`;

const note = (createdAt: string, comment: string, createdBy = 'msantos'): WireRecord => ({
  note_info: { comment, create_date_time: createdAt },
  audit_info: { created_date_time: createdAt, created_by: createdBy },
});
/** Notes of customer 4000001, imported out of order; the last one as sparse as the import allows. */
const NOTES = [
  note('2026-05-10 08:00:00.000Z', 'Asked about holiday pickups'),
  note('2026-06-13 23:59:59.999Z', 'Gate code changed', 'portal'),
  note('2026-04-23 00:00:00.000Z', 'Account opened'),
  note('2026-05-27 12:30:00.250Z', 'Extra cart requested'),
  { note_info: { create_date_time: '2026-05-27 07:00:00.000Z' } },
];
const asListed = (n: WireRecord): WireRecord => ({
  note_info: { comment: n.note_info.comment ?? 'null', create_date_time: n.note_info.create_date_time },
  audit_info: { created_date_time: n.audit_info?.created_date_time ?? 'null', created_by: n.audit_info?.created_by ?? 'null' },
});
/** Newest first on note_info.create_date_time (`yyyy-MM-dd HH:mm:ss.SSSZ` sorts as text). */
const newestFirst = (notes: WireRecord[]) =>
  [...notes].sort((a, b) => b.note_info.create_date_time.localeCompare(a.note_info.create_date_time));
const timesOf = (body: WireRecord) => body.activities.map((n: WireRecord) => n.note_info.create_date_time);

describe.each(driverIndependentDatabases())('account notes (activities/notes) on $name', (database) => {
  let t: TestApp;

  beforeAll(async () => {
    t = await startTestApp(database, { customers: ['1000001', '1000002', '2000001', '3000001', '4000001', '9999999'], fixture: true });
    await t.importFile({ customers: [{ id: '4000001', currency: 'USD', notes: NOTES }] });
  });
  afterAll(() => t.close());

  it('answers every note as imported, newest first, members in the published order', async () => {
    const response = await t.api.get(notesOf('4000001')).set('Request-Tracking-Id', 'n-1').expect(200);
    expectJson(response, 'n-1');
    expect(response.body).toEqual({ request_tracking_id: 'n-1', activities: newestFirst(NOTES).map(asListed) });
    expect(Object.keys(response.body)).toEqual(['request_tracking_id', 'activities']);
    expect(Object.keys(response.body.activities[0])).toEqual(['note_info', 'audit_info']);
    expect(Object.keys(response.body.activities[0].note_info)).toEqual(['comment', 'create_date_time']);
    expect(Object.keys(response.body.activities[0].audit_info)).toEqual(['created_date_time', 'created_by']);
  });

  it('answers the notes of the fixture as imported, newest first', async () => {
    for (const customerId of ['1000001', '1000002', '2000001']) {
      const { body } = await t.api.get(notesOf(customerId)).expect(200);
      expect(body.activities).toEqual(newestFirst(fixtureCustomer(customerId).notes ?? []).map(asListed));
    }
  });

  it('filters on the day of note_info.create_date_time, both ends inclusive', async () => {
    const window = await t.api.get(notesOf('4000001', '?fromDate=2026-05-10&toDate=2026-05-27')).expect(200);
    expect(timesOf(window.body)).toEqual(['2026-05-27 12:30:00.250Z', '2026-05-27 07:00:00.000Z', '2026-05-10 08:00:00.000Z']);

    const openStart = await t.api.get(notesOf('4000001', '?toDate=2026-05-10')).expect(200);
    expect(timesOf(openStart.body)).toEqual(['2026-05-10 08:00:00.000Z', '2026-04-23 00:00:00.000Z']);

    const openEnd = await t.api.get(notesOf('4000001', '?fromDate=2026-06-13')).expect(200);
    expect(timesOf(openEnd.body)).toEqual(['2026-06-13 23:59:59.999Z']);

    const sameDay = await t.api.get(notesOf('4000001', '?fromDate=2026-04-23&toDate=2026-04-23')).expect(200);
    expect(timesOf(sameDay.body)).toEqual(['2026-04-23 00:00:00.000Z']);

    const none = await t.api.get(notesOf('4000001', '?fromDate=2026-06-14')).set('Request-Tracking-Id', 'none').expect(200);
    expect(none.body).toEqual({ request_tracking_id: 'none', activities: [] });
  });

  it.each([
    ['fromDate=2026-13-01', 'fromDate'],
    ['toDate=2026-02-30', 'toDate'],
    ['fromDate=2026-6-1', 'fromDate'],
    ['toDate=', 'toDate'],
    ['fromDate=2026-06-10&toDate=2026-06-01', 'fromDate'],
    ['comment=gate', 'comment'],
  ])('answers 400 for %s, naming %s', async (query, field) => {
    expectProblem(await t.api.get(notesOf('4000001', `?${query}`)), 400, 'VALIDATION_FAILED', field);
  });

  it('answers an empty list for a customer without notes', async () => {
    const response = await t.api.get(notesOf('3000001')).set('Request-Tracking-Id', 'empty').expect(200);
    expect(response.body).toEqual({ request_tracking_id: 'empty', activities: [] });
  });

  it('answers the same notes in XML', async () => {
    const xml = await expectXmlMirrorsJson(t, notesOf('4000001'));
    expect(xml.text).toContain('<activities><note_info><comment>Gate code changed</comment><create_date_time>2026-06-13 23:59:59.999Z</create_date_time>');
  });

  describe('access', () => {
    itEnforcesCustomerScope(() => t, (customerId) => notesOf(customerId));
  });
});
