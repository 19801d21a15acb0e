import { driverIndependentDatabases } from '@curbside/testing';
import { expectJson, expectProblem, expectXmlMirrorsJson, itEnforcesCustomerScope, newestFirst, startTestApp, TestApp } from './support';
import { fixtureCustomer, WireRecord } from './support/fixtures';

const HOUSEHOLD = fixtureCustomer('1000001');
const CANADIAN = fixtureCustomer('2000001');
const invoiceList = (customerId: string, query = '') => `/api/v2/customers/${customerId}/invoices${query}`;
const invoiceListV1 = (customerId: string, query = '') => `/api/v1/customers/${customerId}/invoices${query}`;
/** 2026-01-01T00:00:00Z, the documented day version 1 of the list was deprecated. */
const V1_DEPRECATION = '@1767225600';
const invoiceDetail = (customerId: string, invoiceId: string) => `/api/v1/customers/${customerId}/invoices/${invoiceId}`;

/** The v2 list entry of an imported invoice (the import record adds `lines` and orders members differently). */
const summaryOf = (invoice: WireRecord) => ({
  id: invoice.id,
  date: invoice.date,
  amount: invoice.amount,
  payment_info: invoice.payment_info,
  balance_amount: invoice.balance_amount,
});

/** Invoice dates are `yyyy-MM-dd`, so they sort as text. */
const byDate = (invoice: WireRecord): string => invoice.date;
const datesOf = (body: WireRecord) => body.invoices.map((invoice: WireRecord) => invoice.date);

describe.each(driverIndependentDatabases())('invoices (ops 5, 6, v1 list) on $name', (database) => {
  let t: TestApp;

  beforeAll(async () => {
    t = await startTestApp(database, { customers: ['1000001', '2000001', '3000001', '4000001', '9999999'], fixture: true });
  });
  afterAll(() => t.close());

  describe('list (v2)', () => {
    it('answers the currency, every invoice newest first and the balances, with no request_tracking_id', async () => {
      const response = await t.api.get(invoiceList('1000001')).set('Request-Tracking-Id', 'inv-1').expect(200);
      expectJson(response, 'inv-1');
      expect(response.body).toEqual({
        currency: 'USD',
        invoices: newestFirst(HOUSEHOLD.invoices, byDate).map(summaryOf),
        balances: HOUSEHOLD.balances,
      });
      expect(Object.keys(response.body)).toEqual(['currency', 'invoices', 'balances']);
      expect(Object.keys(response.body.invoices[0])).toEqual(['id', 'date', 'amount', 'payment_info', 'balance_amount']);
      expect(Object.keys(response.body.invoices[0].payment_info)).toEqual(['amount', 'date', 'reference_number']);
      expect(Object.keys(response.body.balances[0])).toEqual(['type', 'date', 'amount']);
      expect(response.body.balances.map((balance: WireRecord) => balance.type)).toEqual([
        'Current', '30Day', '60Day', '90Day', '120Day', 'Future', 'Total',
      ]);
    });

    it('answers an unpaid invoice with "null" payment members', async () => {
      const response = await t.api.get(invoiceList('1000001')).expect(200);
      const unpaid = response.body.invoices.find((invoice: WireRecord) => invoice.payment_info.date === 'null');
      expect(unpaid).toEqual(summaryOf(HOUSEHOLD.invoices.find((invoice: WireRecord) => invoice.id === unpaid.id) as WireRecord));
      expect(unpaid.payment_info).toEqual({ amount: 'null', date: 'null', reference_number: 'null' });
    });

    it("answers the customer's own currency", async () => {
      const response = await t.api.get(invoiceList('2000001')).expect(200);
      expect(response.body).toEqual({ currency: 'CAD', invoices: newestFirst(CANADIAN.invoices, byDate).map(summaryOf), balances: CANADIAN.balances });
    });

    it('filters invoices on their date, both ends inclusive, and leaves the balances whole', async () => {
      // Fixture invoices of 1000001 are dated 2026-06-10, 05-11, 04-11, 03-12, 02-10, 01-11.
      const window = await t.api.get(invoiceList('1000001', '?fromDate=2026-03-12&toDate=2026-05-11')).expect(200);
      expect(datesOf(window.body)).toEqual(['2026-05-11', '2026-04-11', '2026-03-12']);
      expect(window.body.balances).toEqual(HOUSEHOLD.balances);

      const openStart = await t.api.get(invoiceList('1000001', '?toDate=2026-02-10')).expect(200);
      expect(datesOf(openStart.body)).toEqual(['2026-02-10', '2026-01-11']);

      const openEnd = await t.api.get(invoiceList('1000001', '?fromDate=2026-04-12')).expect(200);
      expect(datesOf(openEnd.body)).toEqual(['2026-06-10', '2026-05-11']);

      const sameDay = await t.api.get(invoiceList('1000001', '?fromDate=2026-04-11&toDate=2026-04-11')).expect(200);
      expect(sameDay.body.invoices).toEqual([summaryOf(HOUSEHOLD.invoices.find((x: WireRecord) => x.date === '2026-04-11') as WireRecord)]);

      const none = await t.api.get(invoiceList('1000001', '?fromDate=2026-06-11')).expect(200);
      expect(none.body).toEqual({ currency: 'USD', invoices: [], balances: HOUSEHOLD.balances });
    });

    it.each([
      ['fromDate=2026-13-01', 'fromDate'],
      ['toDate=2026-02-30', 'toDate'],
      ['fromDate=06/01/2026', 'fromDate'],
      ['toDate=', 'toDate'],
      ['fromDate=2026-06-10&toDate=2026-06-01', 'fromDate'],
      ['colour=blue', 'colour'],
    ])('answers 400 for %s, naming %s, in both versions', async (query, field) => {
      for (const list of [invoiceList, invoiceListV1]) {
        expectProblem(await t.api.get(list('1000001', `?${query}`)), 400, 'VALIDATION_FAILED', field);
      }
    });

    it('answers empty lists for a customer with no records', async () => {
      const empty = await t.api.get(invoiceList('3000001')).expect(200);
      expect(empty.body).toEqual({ currency: 'USD', invoices: [], balances: [] });
    });

    it('answers the same list in XML', async () => {
      const xml = await expectXmlMirrorsJson(t, invoiceList('1000001'));
      expect(xml.text.startsWith('<?xml version="1.0" encoding="UTF-8"?><response><currency>USD</currency><invoices>')).toBe(true);
    });

  });

  describe('list (v1, deprecated)', () => {
    it.each(['', '?fromDate=2026-03-12&toDate=2026-05-11', '?toDate=2026-02-10', '?fromDate=2026-06-11'])(
      'answers the version 2 body for "%s", with Deprecation and a Link to version 2',
      async (query) => {
        const v2 = await t.api.get(invoiceList('1000001', query)).expect(200);
        const v1 = await t.api.get(invoiceListV1('1000001', query)).set('Request-Tracking-Id', 'v1').expect(200);
        expectJson(v1, 'v1');
        expect(v1.text).toBe(v2.text);
        expect(v1.headers.deprecation).toBe(V1_DEPRECATION);
        expect(v1.headers.link).toBe('</api/v2/customers/1000001/invoices>; rel="successor-version"');
      },
    );

    it('answers every invoice newest first with the balances, as imported', async () => {
      const response = await t.api.get(invoiceListV1('2000001')).expect(200);
      expect(response.body).toEqual({ currency: 'CAD', invoices: newestFirst(CANADIAN.invoices, byDate).map(summaryOf), balances: CANADIAN.balances });
      expect(Object.keys(response.body)).toEqual(['currency', 'invoices', 'balances']);
      expect(response.headers.link).toBe('</api/v2/customers/2000001/invoices>; rel="successor-version"');
    });

    it('answers empty lists for a customer with no records', async () => {
      const empty = await t.api.get(invoiceListV1('3000001')).expect(200);
      expect(empty.body).toEqual({ currency: 'USD', invoices: [], balances: [] });
      expect(empty.headers.deprecation).toBe(V1_DEPRECATION);
    });

    it('answers the same list in XML, with the same headers', async () => {
      const xml = await expectXmlMirrorsJson(t, invoiceListV1('1000001'));
      expect(xml.headers.deprecation).toBe(V1_DEPRECATION);
      expect(xml.headers.link).toBe('</api/v2/customers/1000001/invoices>; rel="successor-version"');
    });

  });

  describe('detail', () => {
    it('answers one entry per imported line, each carrying the invoice id', async () => {
      for (const customer of [HOUSEHOLD, CANADIAN]) {
        for (const invoice of customer.invoices) {
          const response = await t.api.get(invoiceDetail(customer.id, invoice.id)).set('Request-Tracking-Id', `d-${invoice.id}`).expect(200);
          expect(response.headers['request-tracking-id']).toBe(`d-${invoice.id}`);
          expect(response.body).toEqual({ invoices: invoice.lines });
          expect(response.body.invoices.every((line: WireRecord) => line.id === invoice.id)).toBe(true);
        }
      }
    });

    it('writes PAYMENT entries with payment_info and no amount, date or due_date; other entries the reverse', async () => {
      const invoice = HOUSEHOLD.invoices.find((x: WireRecord) => x.lines.length === 3 && x.lines[1].type === '4') as WireRecord;
      const response = await t.api.get(invoiceDetail('1000001', invoice.id)).expect(200);
      const [charge, financeCharge, payment] = response.body.invoices;
      expect(Object.keys(response.body)).toEqual(['invoices']);
      expect(Object.keys(charge)).toEqual(['id', 'type', 'description', 'date', 'amount', 'due_date', 'period']);
      expect(charge).toMatchObject({ type: '1', description: 'INVOICE' });
      expect(charge.date).toMatch(/^\d\d\/\d\d\/\d\d$/);
      expect(charge.period).toMatch(/^\d{6}$/);
      expect(financeCharge).toMatchObject({ type: '4', description: 'FINANCE CHARGE' });
      expect(Object.keys(payment)).toEqual(['id', 'type', 'description', 'period', 'payment_info']);
      expect(payment).toMatchObject({ type: '2', description: 'PAYMENT' });
      expect(Object.keys(payment.payment_info)).toEqual(['amount', 'date', 'method', 'reference_number']);
      expect(payment.payment_info).toEqual(invoice.lines[2].payment_info);
    });

    it('answers ADJUSTMENTS entries as imported', async () => {
      const invoice = HOUSEHOLD.invoices.find((x: WireRecord) => x.lines.some((line: WireRecord) => line.type === '3')) as WireRecord;
      const response = await t.api.get(invoiceDetail('1000001', invoice.id)).expect(200);
      expect(response.body.invoices.find((line: WireRecord) => line.type === '3')).toMatchObject({ description: 'ADJUSTMENTS', amount: '-5.00' });
    });

    it('answers NON A/R entries (type 5), which the fixture has none of, as imported', async () => {
      const lines = [
        { id: '40700001', type: '1', description: 'INVOICE', date: '03/02/26', amount: '10.00', due_date: '03/27/26', period: '202603' },
        { id: '40700001', type: '5', description: 'NON A/R', date: '03/02/26', amount: '2.50', due_date: '03/27/26', period: '202603' },
      ];
      const payment_info = { amount: 'null', date: 'null', reference_number: 'null' };
      const invoice = { id: '40700001', date: '2026-03-02', amount: '12.50', balance_amount: '12.50', payment_info, lines };
      await t.importFile({ customers: [{ id: '4000001', currency: 'USD', invoices: [invoice] }] });
      const response = await t.api.get(invoiceDetail('4000001', '40700001')).expect(200);
      expect(response.body).toEqual({ invoices: lines });
    });

    it('answers the same invoice in XML', async () => {
      const xml = await expectXmlMirrorsJson(t, invoiceDetail('1000001', HOUSEHOLD.invoices[2].id));
      expect(xml.text.startsWith(`<?xml version="1.0" encoding="UTF-8"?><response><invoices><id>${HOUSEHOLD.invoices[2].id}</id>`)).toBe(true);
    });

    it("answers 404 for another customer's invoice, one that does not exist, and any invoice of a customer with none", async () => {
      expectProblem(await t.api.get(invoiceDetail('1000001', CANADIAN.invoices[0].id)), 404, 'NOT_FOUND');
      await t.api.get(invoiceDetail('1000001', '123456789')).expect(404);
      await t.api.get(invoiceDetail('3000001', HOUSEHOLD.invoices[0].id)).expect(404);
    });

    it.each(['12ab', '-1', '1234567890123456789'])('answers 400 for the malformed invoice id %s', async (invoiceId) => {
      const response = await t.api.get(invoiceDetail('1000001', invoiceId)).expect(400);
      expect(response.body.error.errors).toEqual([{ field: 'invoiceId', message: 'invoiceId must be 1 to 18 digits' }]);
    });
  });

  describe('access', () => {
    itEnforcesCustomerScope(
      () => t,
      (customerId) => invoiceList(customerId),
      (customerId) => invoiceListV1(customerId),
      (customerId) => invoiceDetail(customerId, HOUSEHOLD.invoices[0].id),
    );
  });
});
