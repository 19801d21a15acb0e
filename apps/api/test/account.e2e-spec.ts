import { driverIndependentDatabases } from '@curbside/testing';
import { expectJson, expectXmlMirrorsJson, itEnforcesCustomerScope, startTestApp, TestApp } from './support';
import { contractSampleCustomer, fixtureCustomer, WireRecord } from './support/fixtures';

const balanceOf = (customerId: string) => `/api/v1/customers/${customerId}/balance`;
const profilesOf = (customerId: string) => `/api/v1/customers/${customerId}/profiles`;

const PROFILE_MEMBERS = ['id', 'paperless_invoice', 'auto_pay', 'logon_status', 'first_name', 'last_name', 'email', 'last_login_date'];
/** Portal logins of customer 4000003, one with every member and one with only what is required. */
const PROFILES = [
  {
    id: '88001',
    paperless_invoice: 'true',
    auto_pay: 'false',
    logon_status: 'Y',
    first_name: 'Jordan',
    last_name: 'Lee',
    email: 'jordan.lee@example.com',
    last_login_date: '2026-05-21T15:41:52.000-05:00',
  },
  { id: '88002', logon_status: 'N' },
];
const asListed = (profile: WireRecord) => Object.fromEntries(PROFILE_MEMBERS.map((member) => [member, profile[member] ?? 'null']));

/** A copy of the household with `change` applied, as customer `id`. */
function customerLike(id: string, change: (customer: WireRecord) => void): WireRecord {
  const customer = structuredClone(fixtureCustomer('1000001'));
  customer.id = id;
  change(customer);
  return customer;
}
const bucket = (balances: WireRecord[], type: string) => balances.find((b) => b.type === type) as WireRecord;
const withoutPaymentLines = (invoice: WireRecord) => ({ ...invoice, lines: invoice.lines.filter((line: WireRecord) => line.type !== '2') });

describe.each(driverIndependentDatabases())('account: balance and profiles on $name', (database) => {
  let t: TestApp;

  beforeAll(async () => {
    t = await startTestApp(database, {
      customers: ['1000001', '1000002', '2000001', '3000001', '4000001', '4000002', '4000003', '1000009', '9999999'],
      fixture: true,
    });
    await t.importFile({
      customers: [
        // Past-due amounts in two buckets, and a payment line newer than any invoice's payment_info.
        customerLike('4000001', (c) => {
          Object.assign(bucket(c.balances, '30Day'), { amount: '12.40' });
          Object.assign(bucket(c.balances, '90Day'), { amount: '-3.00' });
          c.invoices[0].lines.push({
            id: c.invoices[0].id,
            type: '2',
            description: 'PAYMENT',
            period: '202606',
            payment_info: { amount: '20.00', date: '06/12/26', method: 'CHECK', reference_number: 'PMT-X' },
          });
        }),
        // No payment lines at all: the invoices' own payment_info decides.
        customerLike('4000002', (c) => {
          c.invoices = c.invoices.map(withoutPaymentLines);
          c.invoices[3].payment_info = { amount: '99.99', date: '2026-06-01', reference_number: 'PMT-Y' };
        }),
        { id: '4000003', currency: 'USD', ivr_fee: '5.0', profiles: PROFILES },
        contractSampleCustomer(),
      ],
    });
  });
  afterAll(() => t.close());

  it('answers the billing name, the IVR fee, the newest payment and the total, in the published order', async () => {
    const response = await t.api.get(balanceOf('1000001')).set('Request-Tracking-Id', 'bal-1').expect(200);
    expectJson(response, 'bal-1');
    const ivrFee = fixtureCustomer('1000001').ivr_fee;
    expect(response.body).toEqual({
      request_tracking_id: 'bal-1',
      billing_name: 'Maria Alvarez',
      ivr_fee: ivrFee === undefined || ivrFee === 'null' ? '0.0' : ivrFee,
      last_payment_amount: '61.35',
      last_payment_date: '2026-05-29',
      balance: [{ type: 'total', amount: '58.20' }],
    });
    expect(Object.keys(response.body)).toEqual([
      'request_tracking_id', 'billing_name', 'ivr_fee', 'last_payment_amount', 'last_payment_date', 'balance',
    ]);
  });

  it.each(['1000002', '2000001'])('derives the balance of %s from its imported records', async (customerId) => {
    const customer = fixtureCustomer(customerId);
    const { body } = await t.api.get(balanceOf(customerId)).expect(200);
    expect(body.billing_name).toBe(customer.contacts.find((c: WireRecord) => c.type === 'billing').name);
    expect(body.last_payment_date).toBe('2026-05-29');
    expect(body.last_payment_amount).toBe(customer.invoices.find((i: WireRecord) => i.payment_info.date === '2026-05-29').payment_info.amount);
    expect(body.balance).toEqual([{ type: 'total', amount: bucket(customer.balances, 'Total').amount }]);
  });

  it('lists the past-due buckets that are not zero after the total, and takes the newest payment line', async () => {
    const { body } = await t.api.get(balanceOf('4000001')).expect(200);
    expect(body.balance).toEqual([
      { type: 'total', amount: '58.20' },
      { type: '30-Day', amount: '12.40' },
      { type: '90-Day', amount: '-3.00' },
    ]);
    expect(body).toMatchObject({ last_payment_amount: '20.00', last_payment_date: '2026-06-12' });
  });

  it('falls back to the invoices\u2019 payment_info when there are no payment lines', async () => {
    const { body } = await t.api.get(balanceOf('4000002')).expect(200);
    expect(body).toMatchObject({ last_payment_amount: '99.99', last_payment_date: '2026-06-01' });
  });

  it('answers "null" for a customer with no contacts, payments or balances, and the default IVR fee', async () => {
    const response = await t.api.get(balanceOf('3000001')).set('Request-Tracking-Id', 'empty').expect(200);
    expect(response.body).toEqual({
      request_tracking_id: 'empty',
      billing_name: 'null',
      ivr_fee: '0.0',
      last_payment_amount: 'null',
      last_payment_date: 'null',
      balance: [{ type: 'total', amount: 'null' }],
    });
  });

  it('answers the imported IVR fee', async () => {
    const { body } = await t.api.get(balanceOf('4000003')).expect(200);
    expect(body).toMatchObject({ ivr_fee: '5.0', billing_name: 'null', last_payment_amount: 'null' });
  });

  it('answers the same balance in XML', async () => {
    const xml = await expectXmlMirrorsJson(t, balanceOf('4000001'));
    expect(xml.text).toContain('<balance><type>total</type><amount>58.20</amount></balance><balance><type>30-Day</type>');
  });

  describe('profiles', () => {
    it('answers every profile as imported, members in the published order, absent ones "null"', async () => {
      const response = await t.api.get(profilesOf('4000003')).set('Request-Tracking-Id', 'prof').expect(200);
      expectJson(response, 'prof');
      expect(response.body).toEqual({ request_tracking_id: 'prof', profiles: PROFILES.map(asListed) });
      expect(Object.keys(response.body)).toEqual(['request_tracking_id', 'profiles']);
      expect(Object.keys(response.body.profiles[0])).toEqual(PROFILE_MEMBERS);
    });

    it('answers the profiles of the fixture as imported', async () => {
      for (const customerId of ['1000001', '1000002', '2000001']) {
        const { body } = await t.api.get(profilesOf(customerId)).expect(200);
        expect(body.profiles).toEqual((fixtureCustomer(customerId).profiles ?? []).map(asListed));
      }
    });

    it('answers an empty list for a customer without profiles', async () => {
      const response = await t.api.get(profilesOf('3000001')).set('Request-Tracking-Id', 'none').expect(200);
      expect(response.body).toEqual({ request_tracking_id: 'none', profiles: [] });
    });

    it('answers a published profile id (text, not digits) and empty names as imported, in JSON and XML', async () => {
      const { body } = await t.api.get(profilesOf('1000009')).expect(200);
      expect(body.profiles).toEqual(contractSampleCustomer().profiles);
      expect(body.profiles[0].id).toBe('1041279930086984565|E');
      const xml = await expectXmlMirrorsJson(t, profilesOf('1000009'));
      expect(xml.text).toContain('<id>1041279930086984565|E</id>');
    });

    it('answers the same profiles in XML', async () => {
      const xml = await expectXmlMirrorsJson(t, profilesOf('4000003'));
      expect(xml.text).toContain('<last_login_date>2026-05-21T15:41:52.000-05:00</last_login_date>');
    });
  });

  describe('access', () => {
    itEnforcesCustomerScope(() => t, balanceOf, profilesOf);
  });
});
