import { driverIndependentDatabases } from '@curbside/testing';
import { expectJson, expectProblem, expectXmlMirrorsJson, itEnforcesCustomerScope, newestFirst, sortableTimestamp, startTestApp, TestApp } from './support';
import { fixtureCustomer, WireRecord } from './support/fixtures';

const HOUSEHOLD = fixtureCustomer('1000001');
const BUSINESS = fixtureCustomer('1000002');
const CANADIAN = fixtureCustomer('2000001');
const disposalList = (customerId: string, query = '') => `/api/v1/customers/${customerId}/tickets?ticket_type=disposal${query}`;
const disposalDetail = (customerId: string, ticketId: string) => `/api/v1/customers/${customerId}/tickets/${ticketId}?ticket_type=disposal`;

/** The disposal date is the last modification, `yyyy-MM-dd HH:mm:ss.S`. */
const dateOf = (ticket: WireRecord): string => ticket.audit_info.modified_date_time;
const byDate = (ticket: WireRecord) => sortableTimestamp(dateOf(ticket));

/** CONTRACT §3: the summary is the detail's id, status, amount, site.name and last-modified time. */
const summaryOf = (ticket: WireRecord) => ({
  id: ticket.id,
  date: dateOf(ticket),
  status: ticket.status,
  amount: ticket.amount,
  site_name: ticket.site.name,
});
const daysOf = (body: WireRecord) => body.tickets.map((x: WireRecord) => x.date.slice(0, 10));

describe.each(driverIndependentDatabases())('disposal tickets (ops 3, 4) on $name', (database) => {
  let t: TestApp;

  beforeAll(async () => {
    t = await startTestApp(database, { customers: ['1000001', '1000002', '2000001', '3000001', '4000001', '9999999'], fixture: true });
  });
  afterAll(() => t.close());

  describe('list', () => {
    it('answers every ticket as the spec summary, newest first, with metadata as an array of one {totalCount}', async () => {
      for (const customer of [HOUSEHOLD, BUSINESS, CANADIAN]) {
        const response = await t.api.get(disposalList(customer.id)).set('Request-Tracking-Id', `dl-${customer.id}`).expect(200);
        expectJson(response, `dl-${customer.id}`);
        expect(response.body).toEqual({
          request_tracking_id: `dl-${customer.id}`,
          tickets: newestFirst(customer.disposal_tickets, byDate).map(summaryOf),
          metadata: [{ totalCount: String(customer.disposal_tickets.length) }],
        });
      }
    });

    it('writes members in the order of the spec, the date as yyyy-MM-dd HH:mm:ss.S', async () => {
      const response = await t.api.get(disposalList('1000001')).expect(200);
      expect(Object.keys(response.body)).toEqual(['request_tracking_id', 'tickets', 'metadata']);
      expect(Object.keys(response.body.tickets[0])).toEqual(['id', 'date', 'status', 'amount', 'site_name']);
      expect(response.body.tickets[0]).toEqual(summaryOf(HOUSEHOLD.disposal_tickets[0]));
      // 500 ms is written `.5`, as java.sql.Timestamp writes it.
      expect(response.body.tickets[0].date).toBe('2026-06-11 07:45:00.5');
    });

    it('filters on the last-modified day, both ends inclusive, and counts what it returns', async () => {
      // Fixture disposal tickets of 1000001 were last modified 2026-06-11, 05-31, 05-20, 05-09 and 04-28.
      const window = await t.api.get(disposalList('1000001', '&fromDate=2026-05-09&toDate=2026-05-31')).expect(200);
      expect(daysOf(window.body)).toEqual(['2026-05-31', '2026-05-20', '2026-05-09']);
      expect(window.body.metadata).toEqual([{ totalCount: '3' }]);

      const openStart = await t.api.get(disposalList('1000001', '&toDate=2026-05-09')).expect(200);
      expect(daysOf(openStart.body)).toEqual(['2026-05-09', '2026-04-28']);

      const openEnd = await t.api.get(disposalList('1000001', '&fromDate=2026-05-21')).expect(200);
      expect(daysOf(openEnd.body)).toEqual(['2026-06-11', '2026-05-31']);

      const sameDay = await t.api.get(disposalList('1000001', '&fromDate=2026-05-20&toDate=2026-05-20')).expect(200);
      expect(sameDay.body.tickets).toEqual([summaryOf(HOUSEHOLD.disposal_tickets.find((x: WireRecord) => dateOf(x).startsWith('2026-05-20')) as WireRecord)]);

      const none = await t.api.get(disposalList('1000001', '&fromDate=2026-06-12')).set('Request-Tracking-Id', 'none').expect(200);
      expect(none.body).toEqual({ request_tracking_id: 'none', tickets: [], metadata: [{ totalCount: '0' }] });
    });

    it('filters and orders on the last modification, not on the time in', async () => {
      const template = HOUSEHOLD.disposal_tickets[0];
      const ticket = (id: string, timeIn: string, modified: string) => ({
        ...template,
        id,
        time_in: timeIn,
        audit_info: { ...template.audit_info, created_date_time: timeIn, modified_date_time: modified },
      });
      await t.importFile({
        customers: [
          {
            id: '4000001',
            currency: 'USD',
            disposal_tickets: [
              ticket('40880001', '2026-03-01 07:00:00.0', '2026-03-10 08:00:00.0'),
              ticket('40880002', '2026-03-05 07:00:00.0', '2026-03-06 08:00:00.0'),
            ],
          },
        ],
      });
      const all = await t.api.get(disposalList('4000001')).expect(200);
      expect(all.body.tickets.map((x: WireRecord) => [x.id, x.date])).toEqual([
        ['40880001', '2026-03-10 08:00:00.0'],
        ['40880002', '2026-03-06 08:00:00.0'],
      ]);
      const modifiedThatDay = await t.api.get(disposalList('4000001', '&fromDate=2026-03-10&toDate=2026-03-10')).expect(200);
      expect(modifiedThatDay.body.tickets.map((x: WireRecord) => x.id)).toEqual(['40880001']);
      const cameInThatDay = await t.api.get(disposalList('4000001', '&fromDate=2026-03-01&toDate=2026-03-01')).expect(200);
      expect(cameInThatDay.body.tickets).toEqual([]);
      const openEnd = await t.api.get(disposalList('4000001', '&fromDate=2026-03-01')).expect(200);
      expect(openEnd.body.tickets.map((x: WireRecord) => x.id)).toEqual(['40880001', '40880002']);
    });

    it.each([
      ['&fromDate=2026-13-01', 'fromDate'],
      ['&toDate=2026-02-30', 'toDate'],
      ['&fromDate=20260601', 'fromDate'],
      ['&fromDate=2026-06-10&toDate=2026-06-01', 'fromDate'],
      ['&colour=blue', 'colour'],
    ])('answers 400 for %s, naming %s', async (query, field) => {
      expectProblem(await t.api.get(disposalList('1000001', query)), 400, 'VALIDATION_FAILED', field);
    });

    it.each(['landfill', 'DISPOSAL', 'service', ''])('answers 400 for ticket_type=%s, naming ticket_type', async (ticketType) => {
      const response = await t.api.get(`/api/v1/customers/1000001/tickets?ticket_type=${ticketType}`).expect(400);
      expect(response.body.error.errors.map((e: WireRecord) => e.field)).toEqual(['ticket_type']);
    });

    it('answers an empty list for a customer with no disposal tickets', async () => {
      const empty = await t.api.get(disposalList('3000001')).set('Request-Tracking-Id', 'empty').expect(200);
      expect(empty.body).toEqual({ request_tracking_id: 'empty', tickets: [], metadata: [{ totalCount: '0' }] });
    });

    it('answers the same list in XML', async () => {
      const xml = await expectXmlMirrorsJson(t, disposalList('2000001'));
      expect(xml.text).toContain('<metadata><totalCount>5</totalCount></metadata></response>');
    });
  });

  describe('detail', () => {
    it('answers the ticket exactly as imported', async () => {
      for (const customer of [HOUSEHOLD, BUSINESS, CANADIAN]) {
        for (const ticket of customer.disposal_tickets) {
          const response = await t.api.get(disposalDetail(customer.id, ticket.id)).set('Request-Tracking-Id', `dd-${ticket.id}`).expect(200);
          expect(response.body).toEqual({ request_tracking_id: `dd-${ticket.id}`, tickets: [ticket] });
        }
      }
    });

    it('writes every member in the order of the spec: weight, carrier, site, customer address, audit info, vehicle, details, taxes', async () => {
      const response = await t.api.get(disposalDetail('1000001', '10880001')).expect(200);
      const [ticket] = response.body.tickets;
      expect(Object.keys(response.body)).toEqual(['request_tracking_id', 'tickets']);
      expect(Object.keys(ticket)).toEqual([
        'id', 'hauling_ticket_id', 'replace_ticket_id', 'void_ticket_id', 'time_in', 'time_out', 'status', 'weight', 'scale_in',
        'scale_out', 'swipe_card_id', 'volume', 'material_subtotal', 'surcharge', 'tax', 'amount', 'currency', 'carrier', 'site',
        'destination', 'route_id', 'notes', 'seal', 'customer', 'audit_info', 'vehicle', 'details',
      ]);
      expect(Object.keys(ticket.weight)).toEqual(['gross', 'tare', 'net', 'uom', 'rounded_net', 'rounded_net_uom']);
      expect(Object.keys(ticket.carrier)).toEqual(['id', 'description']);
      expect(Object.keys(ticket.site)).toEqual(['id', 'name']);
      expect(Object.keys(ticket.seal)).toEqual(['number_1', 'number_2']);
      expect(Object.keys(ticket.customer)).toEqual(['name', 'business_name', 'address']);
      expect(Object.keys(ticket.customer.address)).toEqual(['street_text_1', 'street_text_2', 'city', 'state', 'country', 'zip', 'zip4']);
      expect(Object.keys(ticket.audit_info)).toEqual(['created_by', 'created_date_time', 'modified_by', 'modified_date_time']);
      expect(Object.keys(ticket.vehicle)).toEqual(['number', 'description', 'driver_name']);
      expect(ticket.details.map((line: WireRecord) => line.sequence_number)).toEqual(['1', '2']);
      expect(Object.keys(ticket.details[0])).toEqual([
        'sequence_number', 'material_name', 'surcharge_name', 'description', 'volume', 'generator_name', 'rounded_net_weight',
        'rounded_net_uom', 'billed_quantity', 'rate_per_unit', 'rate_uom', 'origin', 'amount', 'total_tax_amount', 'total_amount',
        'purchase_order_number', 'manifest_id', 'container_id', 'profile', 'tax',
      ]);
      expect(Object.keys(ticket.details[0].origin)).toEqual(['id', 'description']);
      expect(Object.keys(ticket.details[0].profile)).toEqual(['id', 'description']);
      expect(Object.keys(ticket.details[0].tax[0])).toEqual(['squence_number', 'id', 'name', 'description', 'rate', 'rate_uom', 'amount']);
      expect(ticket.time_in).toBe('2026-06-11 07:12:31.0');
    });

    it('links a voided ticket to its replacement and back', async () => {
      const voided = HOUSEHOLD.disposal_tickets.find((x: WireRecord) => x.status === 'VOIDED') as WireRecord;
      const first = await t.api.get(disposalDetail('1000001', voided.id)).expect(200);
      const replaceId = first.body.tickets[0].replace_ticket_id;
      expect(replaceId).toMatch(/^\d+$/);
      expect(first.body.tickets[0].void_ticket_id).toBe('null');
      const replacement = await t.api.get(disposalDetail('1000001', replaceId)).expect(200);
      expect(replacement.body.tickets[0]).toMatchObject({ id: replaceId, void_ticket_id: voided.id, replace_ticket_id: 'null' });
    });

    it('answers the Canadian ticket in CAD', async () => {
      const response = await t.api.get(disposalDetail('2000001', CANADIAN.disposal_tickets[0].id)).expect(200);
      expect(response.body.tickets[0].currency).toBe('CAD');
    });

    it('answers the same ticket in XML, the & of a material name escaped', async () => {
      const xml = await expectXmlMirrorsJson(t, disposalDetail('1000001', '10880001'));
      expect(xml.text).toContain('<material_name>Construction &amp; Demolition</material_name>');
    });

    it("answers 404 for another customer's ticket, one that does not exist, and a service ticket id", async () => {
      expectProblem(await t.api.get(disposalDetail('1000001', BUSINESS.disposal_tickets[0].id)), 404, 'NOT_FOUND');
      await t.api.get(disposalDetail('1000001', '123456789')).expect(404);
      await t.api.get(disposalDetail('1000001', HOUSEHOLD.tickets[0].id)).expect(404);
      await t.api.get(disposalDetail('3000001', HOUSEHOLD.disposal_tickets[0].id)).expect(404);
    });

    it('looks a disposal ticket id up among service tickets when ticket_type is left out', async () => {
      await t.api.get(`/api/v1/customers/1000001/tickets/${HOUSEHOLD.disposal_tickets[0].id}`).expect(404);
    });

    it('answers 400 for another ticket_type and for a malformed ticket id', async () => {
      const wrongType = await t.api.get(`/api/v1/customers/1000001/tickets/10880001?ticket_type=landfill`).expect(400);
      expect(wrongType.body.error.errors.map((e: WireRecord) => e.field)).toEqual(['ticket_type']);
      const malformed = await t.api.get(disposalDetail('1000001', '10880001x')).expect(400);
      expect(malformed.body.error.errors).toEqual([{ field: 'ticketId', message: 'ticketId must be 1 to 18 digits' }]);
    });
  });

  describe('access', () => {
    itEnforcesCustomerScope(
      () => t,
      (customerId) => disposalList(customerId),
      (customerId) => disposalDetail(customerId, '10880001'),
    );
  });
});
