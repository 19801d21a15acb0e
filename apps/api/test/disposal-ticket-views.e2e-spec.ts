import { driverIndependentDatabases } from '@curbside/testing';
import { expectJson, expectProblem, expectXmlMirrorsJson, itEnforcesCustomerScope, startTestApp, TestApp } from './support';
import { fixtureCustomer, WireRecord } from './support/fixtures';

const HOUSEHOLD = fixtureCustomer('1000001');
const BUSINESS = fixtureCustomer('1000002');
const CANADIAN = fixtureCustomer('2000001');
const VIEWS = ['materials', 'surcharges', 'prices', 'price'] as const;
type View = (typeof VIEWS)[number];
const viewOf = (customerId: string, ticketId: string, view: View, query = '?ticket_type=disposal') =>
  `/api/v1/customers/${customerId}/tickets/${ticketId}/${view}${query}`;

/** CONTRACT §6: the views of the imported disposal ticket detail; `date_time` is its time_out. */
const head = (ticket: WireRecord) => ({
  status: ticket.status,
  date_time: ticket.time_out,
  site_id: ticket.site.id,
  site_name: ticket.site.name,
  surcharge: ticket.surcharge,
});
const EXPECTED: Record<View, (ticket: WireRecord) => WireRecord> = {
  materials: (ticket) => ({
    ...head(ticket),
    details: ticket.details
      .filter((line: WireRecord) => line.material_name !== 'null')
      .map(({ sequence_number, material_name, description, volume, rounded_net_weight, rounded_net_uom }: WireRecord) => ({
        sequence_number, material_name, description, volume, rounded_net_weight, rounded_net_uom,
      })),
  }),
  surcharges: (ticket) => ({
    ...head(ticket),
    details: ticket.details
      .filter((line: WireRecord) => line.surcharge_name !== 'null')
      .map(({ sequence_number, surcharge_name, description, billed_quantity, rate_per_unit, rate_uom, amount }: WireRecord) => ({
        sequence_number, surcharge_name, description, billed_quantity, rate_per_unit, rate_uom, amount,
      })),
  }),
  prices: (ticket) => ({
    status: ticket.status,
    material_subtotal: ticket.material_subtotal,
    surcharge: ticket.surcharge,
    tax: ticket.tax,
    amount: ticket.amount,
    currency: ticket.currency,
  }),
  price: (ticket) => EXPECTED.prices(ticket),
};

describe.each(driverIndependentDatabases())('disposal ticket materials, surcharges and prices on $name', (database) => {
  let t: TestApp;

  beforeAll(async () => {
    t = await startTestApp(database, { customers: ['1000001', '1000002', '2000001', '3000001', '9999999'], fixture: true });
  });
  afterAll(() => t.close());

  it.each(VIEWS)('%s: answers the view of every imported disposal ticket', async (view) => {
    for (const customer of [HOUSEHOLD, BUSINESS, CANADIAN]) {
      for (const ticket of customer.disposal_tickets) {
        const response = await t.api.get(viewOf(customer.id, ticket.id, view)).set('Request-Tracking-Id', `v-${ticket.id}`).expect(200);
        expectJson(response, `v-${ticket.id}`);
        expect(response.body).toEqual({ request_tracking_id: `v-${ticket.id}`, tickets: [EXPECTED[view](ticket)] });
      }
    }
  });

  it('writes the members in the published order, date_time as the ticket\u2019s time out (yyyy-MM-dd HH:mm:ss.S)', async () => {
    const [materials, surcharges, prices] = await Promise.all(
      (['materials', 'surcharges', 'prices'] as const).map(async (view) => (await t.api.get(viewOf('1000001', '10880001', view)).expect(200)).body),
    );
    for (const body of [materials, surcharges, prices]) expect(Object.keys(body)).toEqual(['request_tracking_id', 'tickets']);
    expect(Object.keys(materials.tickets[0])).toEqual(['status', 'date_time', 'site_id', 'site_name', 'surcharge', 'details']);
    expect(materials.tickets[0].date_time).toBe('2026-06-11 07:29:05.0');
    expect(materials.tickets[0].details).toEqual([
      {
        sequence_number: '1',
        material_name: 'Construction & Demolition',
        description: 'C&D debris, mixed',
        volume: '20',
        rounded_net_weight: '8.81',
        rounded_net_uom: 'TON',
      },
    ]);
    expect(Object.keys(surcharges.tickets[0])).toEqual(['status', 'date_time', 'site_id', 'site_name', 'surcharge', 'details']);
    expect(Object.keys(surcharges.tickets[0].details[0])).toEqual([
      'sequence_number', 'surcharge_name', 'description', 'billed_quantity', 'rate_per_unit', 'rate_uom', 'amount',
    ]);
    expect(surcharges.tickets[0].details.map((line: WireRecord) => line.surcharge_name)).toEqual(['Environmental Surcharge']);
    expect(prices.tickets[0]).toEqual({
      status: 'COMPLETED', material_subtotal: '482.35', surcharge: '12.50', tax: '40.82', amount: '535.67', currency: 'USD',
    });
  });

  it.each(VIEWS)('%s: answers the same view in XML', async (view) => {
    const xml = await expectXmlMirrorsJson(t, viewOf('1000001', '10880001', view));
    expect(xml.text).toContain('<tickets><status>COMPLETED</status>');
  });

  it.each(VIEWS)("%s: answers 404 for another customer's ticket, a missing one, and a service ticket id", async (view) => {
    expectProblem(await t.api.get(viewOf('1000001', BUSINESS.disposal_tickets[0].id, view)), 404, 'NOT_FOUND');
    expectProblem(await t.api.get(viewOf('1000001', '123456789', view)), 404, 'NOT_FOUND');
    expectProblem(await t.api.get(viewOf('1000001', HOUSEHOLD.tickets[0].id, view)), 404, 'NOT_FOUND');
    expectProblem(await t.api.get(viewOf('3000001', HOUSEHOLD.disposal_tickets[0].id, view)), 404, 'NOT_FOUND');
  });

  it.each(VIEWS)('%s: answers 400 without ticket_type=disposal, with another ticket_type, and for a malformed id', async (view) => {
    const missing = await t.api.get(viewOf('1000001', '10880001', view, ''));
    expectProblem(missing, 400, 'VALIDATION_FAILED');
    expect(missing.body.error.errors).toEqual([{ field: 'ticket_type', message: 'ticket_type=disposal is required on this operation' }]);
    expectProblem(await t.api.get(viewOf('1000001', '10880001', view, '?ticket_type=service')), 400, 'VALIDATION_FAILED', 'ticket_type');
    expectProblem(await t.api.get(viewOf('1000001', '10880001', view, '?ticket_type=disposal&colour=red')), 400, 'VALIDATION_FAILED', 'colour');
    const malformed = await t.api.get(viewOf('1000001', '1088x', view));
    expect(malformed.body.error.errors).toEqual([{ field: 'ticketId', message: 'ticketId must be 1 to 18 digits' }]);
  });

  describe('access', () => {
    itEnforcesCustomerScope(() => t, ...VIEWS.map((view) => (customerId: string) => viewOf(customerId, '10880001', view)));
  });
});
