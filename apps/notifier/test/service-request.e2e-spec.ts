/** @slow the notifier, the API and the CLI: Jest starts it first (jest.sequencer.js). */
import { todayIn, WEEKDAYS, type Service } from '@curbside/domain';
import { loadMessages } from '@curbside/messages';
import { CustomerImport } from '@curbside/application';
import { verifyWebhookSignature } from '@curbside/notifications';
import { openDatabase } from '@curbside/persistence';
import { driverIndependentDatabases, startHttpReceiver, startSmtpSink, until, type HttpReceiver, type SmtpSink, type TestDatabase } from '@curbside/testing';
import type { DataSource } from 'typeorm';
import { customerWithEmail, FAST, runCli, startApi, startNotifier, stop } from './support';

/*
 * CONTRACT §9 end to end, through the real API and notifier processes: a resident's missed-pickup
 * report is a ticket, an email at the customer's opted-in address and a signed webhook.
 */

jest.setTimeout(240_000);

/** Picked up every day, so that "today" (the processes' own clock) always has a pickup. */
const everyDay: Service = {
  id: '61001',
  status: 'Active',
  name: 'Hauling - 96 Gallon Cart for MSW Residential',
  occurs: 'Per Week',
  taxable: 'N',
  typeCode: 'RES',
  lineOfBusiness: 'RESIDENTIAL',
  catalog: { id: null, name: null, description: null, subCategory: null, category: null },
  material: { id: null, code: null, name: null, specialHandling: null, manifest: null },
  equipment: { id: null, name: null, size: null, sizeUom: null, quantity: null },
  schedule: { days: [...WEEKDAYS], everyWeeks: 1, startsOn: '2026-01-05' },
  operations: [],
  pricing: { summaryPricing: null, extendedCostAmount: null, currencyCode: null, disposalRateType: null, disposalRateAmount: null, uom: null },
  invoiceFees: [],
};

// A story through the programs, on SQLite: the ticket, its event and its deliveries are written and read on both
// drivers in the API's service-requests suite and the repositories' specs.
describe.each(driverIndependentDatabases())('a resident\u2019s request, end to end, on $name', (kind) => {
  let database: TestDatabase;
  let dataSource: DataSource;
  let smtp: SmtpSink;
  let hooks: HttpReceiver;

  beforeAll(async () => {
    database = await kind.create();
    dataSource = await openDatabase(database.url);
    smtp = await startSmtpSink();
    hooks = await startHttpReceiver();
  });
  afterAll(async () => {
    await hooks.close();
    await smtp.close();
    await dataSource.destroy();
    await database.drop();
  });

  it('POST service-requests -> the email at the opted-in address -> the ticket.created webhook, validly signed', async () => {
    const env = { ...FAST, DATABASE_URL: database.url, SMTP_URL: smtp.url };
    await new CustomerImport(dataSource).importBundle({ ...customerWithEmail('6100001', 'resident@example.com'), services: [everyDay] });
    const client = runCli(env, ['clients', 'create', '--name', 'dispatch', '--customers', '6100001', '--json']).json<{ client_id: string }>();
    const token = runCli(env, ['tokens', 'issue', '--client-id', client.client_id, '--json']).json<{ access_token: string }>();
    const hook = runCli(env, ['webhooks', 'create', '--client-id', client.client_id, '--url', `${hooks.url}/dispatch`, '--events', 'ticket.created', '--json']);
    const { secret } = hook.json<{ secret: string }>();
    const notifier = await startNotifier(env);
    const api = await startApi(env);
    try {
      const today = todayIn('UTC', new Date());
      const response = await fetch(`${api.url}/api/v1/customers/6100001/service-requests`, {
        method: 'POST',
        headers: {
          Authorization: `Bearer ${token.access_token}`,
          ClientId: client.client_id,
          'Request-Tracking-Id': 'e2e-request',
          'Content-Type': 'application/json',
        },
        body: JSON.stringify({ type: 'MISSED_PICKUP', service_id: '61001', date: today, requested_by: 'Maria Alvarez' }),
      });
      expect(response.status).toBe(201);
      const ticketId = ((await response.json()) as { tickets: Array<{ id: string }> }).tickets[0].id;
      expect(response.headers.get('location')).toBe(`/api/v1/customers/6100001/tickets/${ticketId}`);

      // The daily notice run may also remind this resident of tomorrow's pickup (after REMINDER_TIME): take the receipt.
      // CONTRACT §11: the day as English writes it ("Thursday, November 26").
      const day = (await loadMessages({ languages: ['en'] })).date('en', today).text;
      const receipt = `Curbside: We received your missed-pickup report for ${day} (service ticket ${ticketId})`;
      await until(() => smtp.received.some((mail) => mail.subject === receipt), 20_000, () => smtp.received.map((mail) => mail.subject).join('; '));
      const receipts = smtp.received.filter((mail) => mail.subject === receipt);
      expect(receipts).toHaveLength(1);
      expect(receipts[0].to).toEqual(['resident@example.com']);

      await hooks.waitFor(1, 20_000);
      const [call] = hooks.requests;
      expect(call.path).toBe('/dispatch');
      expect(JSON.parse(call.rawBody)).toMatchObject({
        type: 'ticket.created',
        customer_id: '6100001',
        data: { ticketId, status: 'PENDING', loadType: 'MIS', requestType: 'MISSED_PICKUP', serviceId: '61001', date: today },
      });
      expect(verifyWebhookSignature(call.rawBody, String(call.headers['curbside-signature']), secret, { toleranceSeconds: 300 })).toBe(true);
    } finally {
      await stop(api);
      expect(await stop(notifier)).toBe(0);
    }
  });
});
