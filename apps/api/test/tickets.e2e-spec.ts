import { testDatabases } from '@curbside/testing';
import { startTestApp, TestApp } from './support';
import { fixtureCustomer, loadFixture, WireRecord } from './support/fixtures';
import { parseXmlBody, wrapLikeXml } from './support/xml';

const HOUSEHOLD = fixtureCustomer('1000001');
const BUSINESS = fixtureCustomer('1000002');
const tickets = (path: string) => `/api/v1/customers/${path}`;

/** `MM/dd/yy HH:mm:ss` -> sortable `yy-MM-dd HH:mm:ss` (every fixture year is 20xx). */
const sortable = (wire: string) => `${wire.slice(6, 8)}-${wire.slice(0, 5).replace('/', '-')} ${wire.slice(9)}`;

const summaryOf = (ticket: WireRecord) => ({
  id: ticket.id,
  status: ticket.status,
  load_type: ticket.load_type,
  load_description: ticket.load_description,
  created_date_time: ticket.created_date_time,
  dispatch_date_time: ticket.dispatch_date_time,
  services_info: ticket.services_info.map((line: WireRecord) => ({ code: line.code })),
});

describe.each(testDatabases())('service tickets (ops 1, 2) on $name', (database) => {
  let t: TestApp;

  beforeAll(async () => {
    t = await startTestApp(database, { customers: ['1000001', '1000002', '3000001', '9999999'] });
    await loadFixture(t.app);
  });
  afterAll(() => t.close());

  describe('list', () => {
    it('answers every ticket as the spec summary, newest first', async () => {
      const response = await t.api.get(tickets('1000001/tickets')).set('Request-Tracking-Id', 'list-1').expect(200);
      expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
      expect(response.headers['request-tracking-id']).toBe('list-1');
      const expected = [...HOUSEHOLD.tickets].sort((a, b) => sortable(b.created_date_time).localeCompare(sortable(a.created_date_time))).map(summaryOf);
      expect(response.body).toEqual({ request_tracking_id: 'list-1', tickets: expected });
      expect(Object.keys(response.body.tickets[0])).toEqual([
        'id', 'status', 'load_type', 'load_description', 'created_date_time', 'dispatch_date_time', 'services_info',
      ]);
    });

    it('filters on the creation day, both ends inclusive', async () => {
      // Fixture tickets of 1000001 were created 3, 12, 21, ... days before 2026-06-15.
      const window = await t.api.get(tickets('1000001/tickets?fromDate=2026-05-25&toDate=2026-06-03')).expect(200);
      expect(window.body.tickets.map((x: WireRecord) => x.created_date_time.slice(0, 8))).toEqual(['06/03/26', '05/25/26']);

      const openStart = await t.api.get(tickets('1000001/tickets?toDate=2026-05-25')).expect(200);
      expect(openStart.body.tickets.map((x: WireRecord) => x.created_date_time.slice(0, 8))).toEqual([
        '05/25/26', '05/16/26', '05/07/26', '04/28/26', '04/19/26', '04/10/26',
      ]);

      const openEnd = await t.api.get(tickets('1000001/tickets?fromDate=2026-06-03')).expect(200);
      expect(openEnd.body.tickets).toHaveLength(2);

      const sameDay = await t.api.get(tickets('1000001/tickets?fromDate=2026-06-12&toDate=2026-06-12')).expect(200);
      expect(sameDay.body.tickets.map((x: WireRecord) => x.id)).toEqual([HOUSEHOLD.tickets[0].id]);
    });

    it('answers an empty list for a customer with no tickets, and 404 for one that does not exist', async () => {
      const empty = await t.api.get(tickets('3000001/tickets')).set('Request-Tracking-Id', 'empty').expect(200);
      expect(empty.body).toEqual({ request_tracking_id: 'empty', tickets: [] });
      const missing = await t.api.get(tickets('9999999/tickets')).expect(404);
      expect(missing.body.error.code).toBe('CUSTOMER_NOT_FOUND');
    });

    it.each([
      ['fromDate=2026-13-01', 'fromDate'],
      ['toDate=2026-02-30', 'toDate'],
      ['fromDate=06/01/2026', 'fromDate'],
      ['fromDate=2026-06-10&toDate=2026-06-01', 'fromDate'],
      ['ticket_type=landfill', 'ticket_type'],
      ['colour=blue', 'colour'],
    ])('answers 400 for %s, naming %s', async (query, field) => {
      const response = await t.api.get(tickets(`1000001/tickets?${query}`)).expect(400);
      expect(response.headers['content-type']).toBe('application/problem+json; charset=utf-8');
      expect(response.body).toMatchObject({ status: 400, error: { code: 'VALIDATION_FAILED' } });
      expect(response.body.error.errors.map((e: WireRecord) => e.field)).toContain(field);
    });

    it('answers the same list in XML', async () => {
      const json = await t.api.get(tickets('1000001/tickets')).set('Request-Tracking-Id', 'same').expect(200);
      const xml = await t.api.get(tickets('1000001/tickets')).set('Request-Tracking-Id', 'same').set('Accept', 'application/xml').expect(200);
      expect(xml.headers['content-type']).toBe('application/xml; charset=utf-8');
      expect(xml.text.startsWith('<?xml version="1.0" encoding="UTF-8"?><response><request_tracking_id>same</request_tracking_id><tickets>')).toBe(true);
      expect(await parseXmlBody(xml.text)).toEqual(wrapLikeXml(json.body));
    });
  });

  describe('detail', () => {
    it('answers the ticket exactly as imported, with every spec field', async () => {
      for (const ticket of BUSINESS.tickets) {
        const response = await t.api.get(tickets(`1000002/tickets/${ticket.id}`)).set('Request-Tracking-Id', `d-${ticket.id}`).expect(200);
        expect(response.body).toEqual({ request_tracking_id: `d-${ticket.id}`, tickets: [ticket] });
      }
      const open = BUSINESS.tickets.find((x: WireRecord) => x.status === 'OPEN') as WireRecord;
      expect(open.closed_date_time).toBe('null');
      expect(Object.keys(open)).toEqual([
        'id', 'status', 'load_type', 'load_description', 'created_date_time', 'created_by', 'closed_date_time', 'closed_by',
        'dispatch_date_time', 'generate_ticket', 'complaint', 'comments', 'completion_code', 'completed_description',
        'requested_by', 'audit_info', 'services_info',
      ]);
    });

    it('answers the same ticket in XML', async () => {
      const path = tickets(`1000002/tickets/${BUSINESS.tickets[1].id}`);
      const json = await t.api.get(path).set('Request-Tracking-Id', 'x').expect(200);
      const xml = await t.api.get(path).set('Request-Tracking-Id', 'x').set('Accept', 'application/json;q=0.5, application/xml').expect(200);
      expect(await parseXmlBody(xml.text)).toEqual(wrapLikeXml(json.body));
    });

    it("answers 404 for another customer's ticket, and for one that does not exist", async () => {
      const others = await t.api.get(tickets(`1000001/tickets/${BUSINESS.tickets[0].id}`)).expect(404);
      expect(others.body).toMatchObject({ status: 404, error: { code: 'NOT_FOUND' } });
      await t.api.get(tickets('1000001/tickets/123456789')).expect(404);
    });

    it('answers 400 for a malformed ticket id', async () => {
      const response = await t.api.get(tickets('1000001/tickets/12ab')).expect(400);
      expect(response.body.error.errors).toEqual([{ field: 'ticketId', message: 'ticketId must be 1 to 18 digits' }]);
    });
  });

  describe('access', () => {
    it('requires authentication', async () => {
      await t.http().get(tickets('1000001/tickets')).set('Request-Tracking-Id', 'anon').expect(401);
      await t.http().get(tickets(`1000001/tickets/${HOUSEHOLD.tickets[0].id}`)).set('Request-Tracking-Id', 'anon').expect(401);
    });

    it('answers 403 for a customer not granted, whether or not it exists', async () => {
      const narrow = await t.registerClient(['1000002']);
      await t.as(narrow).get(tickets('1000001/tickets')).expect(403);
      await t.as(narrow).get(tickets('8888888/tickets')).expect(403);
      await t.as(narrow).get(tickets(`1000001/tickets/${HOUSEHOLD.tickets[0].id}`)).expect(403);
    });

    it('answers 406 when neither JSON nor XML is acceptable', async () => {
      const response = await t.api.get(tickets('1000001/tickets')).set('Accept', 'text/html').expect(406);
      expect(response.body).toMatchObject({ status: 406, error: { code: 'NOT_ACCEPTABLE' } });
    });
  });
});
