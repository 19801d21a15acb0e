import { testDatabases } from '@curbside/testing';
import { expectXmlMirrorsJson, itEnforcesCustomerScope, startTestApp, TestApp } from './support';
import { fixtureCustomer, WireRecord } from './support/fixtures';

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

describe.each(testDatabases())('services (ops 11, 12, 13) on $name', (database) => {
  let t: TestApp;

  beforeAll(async () => {
    t = await startTestApp(database, { customers: ['1000001', '1000002', '2000001', '3000001', '9999999'], fixture: true });
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
});
