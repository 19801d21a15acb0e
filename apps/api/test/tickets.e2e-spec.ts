import { testDatabases } from '@curbside/testing';
import { expectJson, expectProblem, expectXmlMirrorsJson, itEnforcesCustomerScope, newestFirst, sortableUsDateTime, startTestApp, TestApp } from './support';
import { fixtureCustomer, WireRecord } from './support/fixtures';

const HOUSEHOLD = fixtureCustomer('1000001');
const BUSINESS = fixtureCustomer('1000002');
const ticketList = (customerId: string, query = '') => `/api/v1/customers/${customerId}/tickets${query}`;
const ticketDetail = (customerId: string, ticketId: string) => `/api/v1/customers/${customerId}/tickets/${ticketId}`;

const summaryOf = (ticket: WireRecord) => ({
  id: ticket.id,
  status: ticket.status,
  load_type: ticket.load_type,
  load_description: ticket.load_description,
  created_date_time: ticket.created_date_time,
  dispatch_date_time: ticket.dispatch_date_time,
  services_info: ticket.services_info.map((line: WireRecord) => ({ code: line.code })),
});
const createdDaysOf = (body: WireRecord) => body.tickets.map((x: WireRecord) => x.created_date_time.slice(0, 8));

describe.each(testDatabases())('service tickets (ops 1, 2) on $name', (database) => {
  let t: TestApp;

  beforeAll(async () => {
    t = await startTestApp(database, { customers: ['1000001', '1000002', '3000001', '9999999'], fixture: true });
  });
  afterAll(() => t.close());

  describe('list', () => {
    it('answers every ticket as the spec summary, newest first', async () => {
      const response = await t.api.get(ticketList('1000001')).set('Request-Tracking-Id', 'list-1').expect(200);
      expectJson(response, 'list-1');
      const expected = newestFirst(HOUSEHOLD.tickets, (x: WireRecord) => sortableUsDateTime(x.created_date_time)).map(summaryOf);
      expect(response.body).toEqual({ request_tracking_id: 'list-1', tickets: expected });
      expect(Object.keys(response.body.tickets[0])).toEqual([
        'id', 'status', 'load_type', 'load_description', 'created_date_time', 'dispatch_date_time', 'services_info',
      ]);
    });

    it('filters on the creation day, both ends inclusive', async () => {
      // Fixture tickets of 1000001 were created 3, 12, 21, ... days before 2026-06-15.
      const window = await t.api.get(ticketList('1000001', '?fromDate=2026-05-25&toDate=2026-06-03')).expect(200);
      expect(createdDaysOf(window.body)).toEqual(['06/03/26', '05/25/26']);

      const openStart = await t.api.get(ticketList('1000001', '?toDate=2026-05-25')).expect(200);
      expect(createdDaysOf(openStart.body)).toEqual(['05/25/26', '05/16/26', '05/07/26', '04/28/26', '04/19/26', '04/10/26']);

      const openEnd = await t.api.get(ticketList('1000001', '?fromDate=2026-06-03')).expect(200);
      expect(openEnd.body.tickets).toHaveLength(2);

      const sameDay = await t.api.get(ticketList('1000001', '?fromDate=2026-06-12&toDate=2026-06-12')).expect(200);
      expect(sameDay.body.tickets.map((x: WireRecord) => x.id)).toEqual([HOUSEHOLD.tickets[0].id]);
    });

    it('answers an empty list for a customer with no tickets', async () => {
      const empty = await t.api.get(ticketList('3000001')).set('Request-Tracking-Id', 'empty').expect(200);
      expect(empty.body).toEqual({ request_tracking_id: 'empty', tickets: [] });
    });

    it.each([
      ['fromDate=2026-13-01', 'fromDate'],
      ['toDate=2026-02-30', 'toDate'],
      ['fromDate=06/01/2026', 'fromDate'],
      ['fromDate=2026-06-10&toDate=2026-06-01', 'fromDate'],
      ['ticket_type=landfill', 'ticket_type'],
      ['colour=blue', 'colour'],
    ])('answers 400 for %s, naming %s', async (query, field) => {
      expectProblem(await t.api.get(ticketList('1000001', `?${query}`)), 400, 'VALIDATION_FAILED', field);
    });

    it('answers the same list in XML', async () => {
      const xml = await expectXmlMirrorsJson(t, ticketList('1000001'));
      expect(xml.text.startsWith('<?xml version="1.0" encoding="UTF-8"?><response><request_tracking_id>same</request_tracking_id><tickets>')).toBe(true);
    });
  });

  describe('detail', () => {
    it('answers the ticket exactly as imported, with every spec field', async () => {
      for (const ticket of BUSINESS.tickets) {
        const response = await t.api.get(ticketDetail('1000002', ticket.id)).set('Request-Tracking-Id', `d-${ticket.id}`).expect(200);
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

    it('answers the same ticket in XML, when XML is preferred to JSON', async () => {
      await expectXmlMirrorsJson(t, ticketDetail('1000002', BUSINESS.tickets[1].id), 'application/json;q=0.5, application/xml');
    });

    it("answers 404 for another customer's ticket, and for one that does not exist", async () => {
      expectProblem(await t.api.get(ticketDetail('1000001', BUSINESS.tickets[0].id)), 404, 'NOT_FOUND');
      await t.api.get(ticketDetail('1000001', '123456789')).expect(404);
    });

    it('answers 400 for a malformed ticket id', async () => {
      const response = await t.api.get(ticketDetail('1000001', '12ab')).expect(400);
      expect(response.body.error.errors).toEqual([{ field: 'ticketId', message: 'ticketId must be 1 to 18 digits' }]);
    });
  });

  describe('access', () => {
    itEnforcesCustomerScope(
      () => t,
      (customerId) => ticketList(customerId),
      (customerId) => ticketDetail(customerId, HOUSEHOLD.tickets[0].id),
    );

    it('answers 406 when neither JSON nor XML is acceptable', async () => {
      expectProblem(await t.api.get(ticketList('1000001')).set('Accept', 'text/html'), 406, 'NOT_ACCEPTABLE');
    });
  });
});
