import { driverIndependentDatabases } from '@curbside/testing';
import { expectJson, expectXmlMirrorsJson, itEnforcesCustomerScope, startTestApp, TestApp } from './support';
import { fixtureCustomer } from './support/fixtures';

const HOUSEHOLD = fixtureCustomer('1000001');
const BUSINESS = fixtureCustomer('1000002');
const CANADIAN = fixtureCustomer('2000001');
const contacts = (customerId: string) => `/api/v1/customers/${customerId}/contacts`;
const billing = (customerId: string) => `${contacts(customerId)}/billing`;
const service = (customerId: string) => `${contacts(customerId)}/service`;
const services = (customerId: string) => `${contacts(customerId)}/services`;
const ONE_CONTACT_ROUTES: Array<[string, (customerId: string) => string]> = [
  ['contacts/billing', billing],
  ['contacts/service', service],
  ['contacts/services', services],
];
const contactOf = (customerId: string, type: string) => fixtureCustomer(customerId).contacts.filter((c: { type: string }) => c.type === type);

describe.each(driverIndependentDatabases())('contacts (op 8, contacts/billing, contacts/service) on $name', (database) => {
  let t: TestApp;

  beforeAll(async () => {
    t = await startTestApp(database, { customers: ['1000001', '1000002', '2000001', '3000001', '9999999'], fixture: true });
  });
  afterAll(() => t.close());

  it('answers the billing and the service contact exactly as imported', async () => {
    for (const customer of [HOUSEHOLD, BUSINESS, CANADIAN]) {
      const response = await t.api.get(contacts(customer.id)).set('Request-Tracking-Id', `k-${customer.id}`).expect(200);
      expectJson(response, `k-${customer.id}`);
      expect(response.body).toEqual({ request_tracking_id: `k-${customer.id}`, contacts: customer.contacts });
      expect(response.body.contacts.map((contact: { type: string }) => contact.type)).toEqual(['billing', 'service']);
    }
  });

  it('writes members in the order of the spec, with metadata.cleansed inside address', async () => {
    const response = await t.api.get(contacts('1000001')).expect(200);
    const [billing] = response.body.contacts;
    expect(Object.keys(response.body)).toEqual(['request_tracking_id', 'contacts']);
    expect(Object.keys(billing)).toEqual([
      'type', 'name', 'first_name', 'middle_name', 'last_name', 'land_line', 'work_phone', 'mobile_phone', 'fax', 'email', 'address',
    ]);
    expect(Object.keys(billing.address)).toEqual([
      'street', 'city', 'country', 'province', 'postal_code', 'state', 'zip', 'zip4', 'metadata',
    ]);
    expect(billing.address.metadata).toEqual({ cleansed: 'true' });
  });

  it('fills the US address fields for a US customer and the Canadian ones for a Canadian customer', async () => {
    const us = (await t.api.get(contacts('1000001')).expect(200)).body.contacts[0].address;
    expect(us).toMatchObject({ country: 'US', province: 'null', postal_code: 'null', state: 'Arizona', zip: '85018', zip4: '4412' });
    const ca = (await t.api.get(contacts('2000001')).expect(200)).body.contacts[0].address;
    expect(ca).toMatchObject({ country: 'CA', province: 'Ontario', postal_code: 'M5R 2A5', state: 'null', zip: 'null', zip4: 'null' });
    expect(ca.metadata).toEqual({ cleansed: 'false' });
  });

  it('answers an empty list for a customer with no contacts', async () => {
    const empty = await t.api.get(contacts('3000001')).set('Request-Tracking-Id', 'empty').expect(200);
    expect(empty.body).toEqual({ request_tracking_id: 'empty', contacts: [] });
  });

  it('answers the same contacts in XML, non-ASCII names included', async () => {
    const xml = await expectXmlMirrorsJson(t, contacts('2000001'));
    expect(xml.text).toContain('<first_name>Amélie</first_name>');
    expect(xml.text).toContain('<metadata><cleansed>false</cleansed></metadata></address>');
  });

  describe('one contact: contacts/billing, contacts/service (also contacts/services)', () => {
    it.each([
      ['billing', 'contacts/billing', billing],
      ['service', 'contacts/service', service],
      ['service', 'contacts/services', services],
    ])('answers the %s contact alone at %s, exactly as imported', async (type, _path, route) => {
      for (const customer of [HOUSEHOLD, BUSINESS, CANADIAN]) {
        const response = await t.api.get(route(customer.id)).set('Request-Tracking-Id', `one-${customer.id}`).expect(200);
        expectJson(response, `one-${customer.id}`);
        expect(response.body).toEqual({ request_tracking_id: `one-${customer.id}`, contacts: contactOf(customer.id, type) });
        expect(response.body.contacts).toHaveLength(1);
        expect(Object.keys(response.body.contacts[0])).toEqual([
          'type', 'name', 'first_name', 'middle_name', 'last_name', 'land_line', 'work_phone', 'mobile_phone', 'fax', 'email', 'address',
        ]);
      }
    });

    it.each(ONE_CONTACT_ROUTES)('%s: answers an empty list when the customer has no such contact', async (_path, route) => {
      const response = await t.api.get(route('3000001')).set('Request-Tracking-Id', 'none').expect(200);
      expect(response.body).toEqual({ request_tracking_id: 'none', contacts: [] });
    });

    it.each(ONE_CONTACT_ROUTES)('%s: answers the same contact in XML', async (_path, route) => {
      const xml = await expectXmlMirrorsJson(t, route('2000001'));
      expect(xml.text).toMatch(/^<\?xml[^>]*>\s*<response><request_tracking_id>same<\/request_tracking_id><contacts><type>/);
    });
  });

  describe('access', () => {
    itEnforcesCustomerScope(() => t, contacts, billing, service, services);
  });
});
