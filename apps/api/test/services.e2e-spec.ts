import { driverIndependentDatabases } from '@curbside/testing';
import { expectProblem, expectXmlMirrorsJson, itEnforcesCustomerScope, startTestApp, TestApp } from './support';
import { contractSampleCustomer, fixtureCustomer, WireRecord } from './support/fixtures';

const HOUSEHOLD = fixtureCustomer('1000001');
const BUSINESS = fixtureCustomer('1000002');
const CANADIAN = fixtureCustomer('2000001');
const services = (customerId: string, view: string) => `/api/v1/customers/${customerId}/services/${view}`;
const VIEWS = ['prices/invoice-fees', 'prices', 'materials'];

/** Services come by id (numerically). */
const byId = (records: WireRecord[]) => [...records].sort((a, b) => Number(BigInt(a.id) - BigInt(b.id)));

// The views of CONTRACT §3, derived from the imported service records.
const invoiceFeesOf = (service: WireRecord) => ({
  id: service.id,
  status: service.status,
  line_of_business: service.line_of_business,
  enterprise_catalog_id: service.enterprise_catalog.id,
  prices: { invoice_fees: service.prices.invoice_fees },
});
const pricesOf = (service: WireRecord) => ({ status: service.status, pricing: service.pricing });
// Op 13 shows the catalog entry and material as the spec has them, without the members of CONTRACT §6.
const materialsOf = (service: WireRecord) => ({
  id: service.id,
  status: service.status,
  enterprise_catalog: { id: service.enterprise_catalog.id, name: service.enterprise_catalog.name, description: service.enterprise_catalog.description },
  material: { id: service.material.id, code: service.material.code, name: service.material.name, special_handling: service.material.special_handling },
  pricing: service.pricing,
});

const PRICING_MEMBERS = ['summary_pricing', 'extended_cost_amount', 'currency_code', 'disposal_rate_type', 'disposal_rate_amount', 'uom'];

// The published operations of CONTRACT §6, derived from the imported records (fixed clock: Monday 2026-11-23, UTC).
const NOW = new Date('2026-11-23T12:00:00Z');
const route = (customerId: string, rest = '') => `/api/v1/customers/${customerId}/services${rest}`;
const listed = ({ schedule: _schedule, prices: _prices, ...rest }: WireRecord): WireRecord => rest;
const isConfirmed = (pickup: WireRecord): boolean => pickup.status.startsWith('Confirmed');
/** `MM/dd/yyyy` -> `yyyy-MM-dd`. */
const isoOf = (usDate: string): string => `${usDate.slice(6)}-${usDate.slice(0, 2)}-${usDate.slice(3, 5)}`;
const planOf = (p: WireRecord): WireRecord => ({
  id: p.id,
  status: p.status,
  ticket_number: p.ticket_number,
  planned_date: p.planned_date,
  ordered_date: p.ordered_date,
  ticket_load_type: p.ticket_load_type,
  line_of_business: p.line_of_business,
  operations: p.operations,
});
const statsOf = ({ eta: _eta, ...p }: WireRecord): WireRecord => p;

describe.each(driverIndependentDatabases())('services on $name', (database) => {
  let t: TestApp;

  beforeAll(async () => {
    t = await startTestApp(database, { customers: ['1000001', '1000002', '2000001', '3000001', '1000009', '9999999'], fixture: true, now: NOW });
    await t.importFile({ customers: [contractSampleCustomer()] });
  });
  afterAll(() => t.close());

  describe('invoice fees (op 11)', () => {
    it('answers every service with its fees as imported, and metadata as a plain {totalCount} object', async () => {
      for (const customer of [HOUSEHOLD, BUSINESS, CANADIAN]) {
        const response = await t.api.get(services(customer.id, 'prices/invoice-fees')).set('Request-Tracking-Id', `f-${customer.id}`).expect(200);
        expect(response.headers['request-tracking-id']).toBe(`f-${customer.id}`);
        expect(response.body).toEqual({
          request_tracking_id: `f-${customer.id}`,
          services: byId(customer.services).map(invoiceFeesOf),
          metadata: { totalCount: String(customer.services.length) },
        });
      }
    });

    it('writes members in the order of the spec, is_fixed_rate named as in the sample', async () => {
      const response = await t.api.get(services('1000001', 'prices/invoice-fees')).expect(200);
      const [service] = response.body.services;
      expect(Object.keys(response.body)).toEqual(['request_tracking_id', 'services', 'metadata']);
      expect(Object.keys(service)).toEqual(['id', 'status', 'line_of_business', 'enterprise_catalog_id', 'prices']);
      expect(Object.keys(service.prices)).toEqual(['invoice_fees']);
      expect(Object.keys(service.prices.invoice_fees[0])).toEqual([
        'category', 'category_description', 'sub_category', 'sub_category_code', 'sub_category_description', 'charge_excluded',
        'charge_modified_at_level', 'standard_rate', 'standard_percentage', 'calculated_rate', 'is_fixed_rate', 'override_reason',
        'sales_employee_id', 'modify_dtm',
      ]);
      expect(service.prices.invoice_fees.map((fee: WireRecord) => fee.modify_dtm)).toEqual(
        HOUSEHOLD.services[0].prices.invoice_fees.map((fee: WireRecord) => fee.modify_dtm),
      );
      expect(service.prices.invoice_fees[0].modify_dtm).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/);
    });
  });

  describe('prices (op 12)', () => {
    it("answers each service's status and pricing as imported", async () => {
      for (const customer of [HOUSEHOLD, CANADIAN]) {
        const response = await t.api.get(services(customer.id, 'prices')).set('Request-Tracking-Id', `p-${customer.id}`).expect(200);
        expect(response.body).toEqual({ request_tracking_id: `p-${customer.id}`, services: byId(customer.services).map(pricesOf) });
      }
    });

    it('writes members in the order of the spec, inactive services included', async () => {
      const response = await t.api.get(services('2000001', 'prices')).expect(200);
      expect(Object.keys(response.body)).toEqual(['request_tracking_id', 'services']);
      expect(Object.keys(response.body.services[0])).toEqual(['status', 'pricing']);
      expect(Object.keys(response.body.services[0].pricing)).toEqual(PRICING_MEMBERS);
      expect(response.body.services.map((service: WireRecord) => service.status)).toEqual(['Active', 'Active', 'Active', 'Inactive']);
      expect(new Set(response.body.services.map((service: WireRecord) => service.pricing.currency_code))).toEqual(new Set(['CAD']));
    });
  });

  describe('materials (op 13)', () => {
    it("answers each service's catalog entry, material and pricing as imported", async () => {
      for (const customer of [BUSINESS, CANADIAN]) {
        const response = await t.api.get(services(customer.id, 'materials')).set('Request-Tracking-Id', `m-${customer.id}`).expect(200);
        expect(response.body).toEqual({ request_tracking_id: `m-${customer.id}`, services: byId(customer.services).map(materialsOf) });
      }
    });

    it('writes members in the order of the spec', async () => {
      const response = await t.api.get(services('1000001', 'materials')).expect(200);
      const [service] = response.body.services;
      expect(Object.keys(service)).toEqual(['id', 'status', 'enterprise_catalog', 'material', 'pricing']);
      expect(Object.keys(service.enterprise_catalog)).toEqual(['id', 'name', 'description']);
      expect(Object.keys(service.material)).toEqual(['id', 'code', 'name', 'special_handling']);
      expect(Object.keys(service.pricing)).toEqual(PRICING_MEMBERS);
      expect(response.body.services.map((x: WireRecord) => x.material.special_handling)).toEqual(['false', 'false', 'false', 'true']);
    });
  });

  describe.each(VIEWS)('%s', (view) => {
    it('answers the same body in XML', async () => {
      await expectXmlMirrorsJson(t, services('1000002', view));
    });

    it('answers an empty list for a customer with no services', async () => {
      const empty = await t.api.get(services('3000001', view)).set('Request-Tracking-Id', 'empty').expect(200);
      const metadata = view === 'prices/invoice-fees' ? { metadata: { totalCount: '0' } } : {};
      expect(empty.body).toEqual({ request_tracking_id: 'empty', services: [], ...metadata });
    });

    itEnforcesCustomerScope(() => t, (customerId) => services(customerId, view));
  });

  describe('the published operations (CONTRACT §6) on the imported records', () => {
    it('services: every service by id, as imported, without schedule and prices', async () => {
      for (const customer of [HOUSEHOLD, BUSINESS]) {
        const response = await t.api.get(route(customer.id)).set('Request-Tracking-Id', `s-${customer.id}`).expect(200);
        expect(response.body).toEqual({ request_tracking_id: `s-${customer.id}`, services: byId(customer.services).map(listed) });
      }
      // Imported without the members of CONTRACT §6: each reads "null", routes an empty list.
      const [canadian] = (await t.api.get(route(CANADIAN.id)).expect(200)).body.services;
      expect(canadian).toMatchObject({ name: 'null', occurs: 'null', equipment: { name: 'null' }, operations: [] });
      const rollOffs = await t.api.get(route('1000001', '?line_of_business=ROLLOFF')).expect(200);
      expect(rollOffs.body.services).toEqual(HOUSEHOLD.services.filter((s: WireRecord) => s.line_of_business === 'ROLLOFF').map(listed));
    });

    it('services/operations: every service by id with its routes as imported', async () => {
      for (const customer of [HOUSEHOLD, BUSINESS, CANADIAN]) {
        const response = await t.api.get(route(customer.id, '/operations')).expect(200);
        expect(response.body.services).toEqual(
          byId(customer.services).map((s) => ({ id: s.id, status: s.status, operations: s.operations ?? [] })),
        );
      }
    });

    it("services/plan: today's records, by service id then ticket", async () => {
      for (const customer of [HOUSEHOLD, BUSINESS]) {
        const response = await t.api.get(route(customer.id, '/plan')).expect(200);
        const today = customer.pickups.filter((p: WireRecord) => p.planned_date === '11/23/2026');
        expect(today.length).toBeGreaterThan(1);
        expect(response.body.services).toEqual(today.map(planOf));
      }
      expect((await t.api.get(route('2000001', '/plan')).expect(200)).body.services).toEqual([]);
    });

    it('services/stats: the confirmed records of the last 60 days, newest first, and their summary', async () => {
      const response = await t.api.get(route('1000001', '/stats?summary=Y')).expect(200);
      const confirmed = HOUSEHOLD.pickups.filter(isConfirmed);
      expect(response.body.services).toEqual(confirmed.map(statsOf));
      const dates = response.body.services.map((p: WireRecord) => isoOf(p.planned_date));
      expect(dates).toEqual([...dates].sort().reverse());
      expect(response.body.summary).toEqual({ total_services: '8', successful_services: '7', missed_pickups: '1', service_exceptions: '2' });
      const window = await t.api.get(route('1000001', '/stats?numberOfdays=14')).expect(200);
      expect(window.body.services.map((p: WireRecord) => p.planned_date)).toEqual(['11/19/2026', '11/16/2026', '11/13/2026', '11/12/2026', '11/10/2026']);
    });

    it('services/next-pickup: the next pickup not yet confirmed of each active scheduled service', async () => {
      const household = await t.api.get(route('1000001', '/next-pickup')).set('Request-Tracking-Id', 'n').expect(200);
      expect(household.body).toEqual({
        request_tracking_id: 'n',
        services: [
          {
            service_id: '10001',
            name: 'Hauling - 96 Gallon Cart for MSW Residential',
            pickup_schedule: 'Every Monday and Thursday',
            next_pickup: 'Monday, Nov 23 , 2026',
            next_pickup_date: '2026-11-23',
          },
          {
            service_id: '10002',
            name: 'Hauling - 64 Gallon Cart for Recycling Residential',
            pickup_schedule: 'Every other Wednesday',
            next_pickup: 'Wednesday, Nov 25 , 2026',
            next_pickup_date: '2026-11-25',
          },
        ],
      });
      const business = await t.api.get(route('1000002', '/next-pickup')).expect(200);
      expect(business.body.services.map((s: WireRecord) => [s.service_id, s.pickup_schedule, s.next_pickup])).toEqual([
        ['20001', 'Every Monday, Wednesday and Friday', 'Monday, Nov 23 , 2026'],
        ['20002', 'Every 4 weeks on Tuesday', 'Tuesday, Dec 8 , 2026'],
      ]);
      expect((await t.api.get(route('2000001', '/next-pickup')).expect(200)).body.services).toEqual([]);
    });

    it("services/{serviceId}/ETA: the record's window; a roll-off's by ticket; another customer's service is not found", async () => {
      const rollOff = HOUSEHOLD.pickups.find((p: WireRecord) => p.ticket_number === '790690');
      const eta = await t.api.get(route('1000001', '/10003/ETA?requestDate=2026-11-23&ticketNumber=790690')).expect(200);
      expect(eta.body.ETA).toEqual({ day_of_week_name: 'You are scheduled to be serviced today', ...rollOff.eta });
      expectProblem(await t.api.get(route('1000001', '/10003/ETA?requestDate=2026-11-23')), 400, 'VALIDATION_FAILED', 'ticketNumber');
      expectProblem(await t.api.get(route('1000001', '/20001/ETA?requestDate=2026-11-23')), 404, 'NOT_FOUND');
    });

    it('services and ETA of the CONTRACT §6 sample: a text equipment id; an empty id or time answered "null", an empty text kept', async () => {
      const [service] = (await t.api.get(route('1000009')).expect(200)).body.services;
      expect(service).toMatchObject({
        equipment: { id: 'EQ401', name: '96 Gallon Cart' },
        enterprise_catalog: { id: 'null', name: '' },
        material: { id: 'null', code: '' },
        operations: [{ route_id: 'J31A', day_of_week: 'MONDAY', notes: '' }],
      });
      const { body } = await t.api.get(route('1000009', '/300009/ETA?requestDate=2026-11-10&ticketNumber=790678')).expect(200);
      expect(body.ETA).toEqual({
        day_of_week_name: 'You are scheduled to be serviced on Tuesday',
        from: '2026-11-10T14:00:00Z', to: '2026-11-10T16:00:00Z', reason_code: 'ComputedETA', reason_text: '', serviced_date_time: 'null', route_id: 'J31A',
      });
      const xml = await expectXmlMirrorsJson(t, route('1000009'));
      expect(xml.text).toContain('<equipment><id>EQ401</id>');
      await expectXmlMirrorsJson(t, route('1000009', '/300009/ETA?requestDate=2026-11-10&ticketNumber=790678'));
    });

    it.each(['', '/operations', '/plan', '/stats?summary=Y', '/next-pickup', '/10001/ETA?requestDate=2026-11-23'])(
      'services%s answers the same body in XML',
      async (rest) => {
        await expectXmlMirrorsJson(t, route('1000001', rest));
      },
    );
  });
});
