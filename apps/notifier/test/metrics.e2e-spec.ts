import type { NewEvent } from '@curbside/domain';
import { CustomerImport } from '@curbside/application';
import { EventRepository, inTransaction, openDatabase } from '@curbside/persistence';
import { freePort, parseExposition, startSmtpSink, testDatabases, type Exposition, type SmtpSink, type TestDatabase } from '@curbside/testing';
import type { DataSource } from 'typeorm';
import { customerWithEmail, FAST, startNotifier, stop, waitFor } from './support';

jest.setTimeout(120_000);

/* The real notifier process's /metrics on METRICS_PORT, parsed by a Prometheus text-format parser. */
describe.each(testDatabases())('notifier metrics on $name', (kind) => {
  let database: TestDatabase;
  let dataSource: DataSource;
  let smtp: SmtpSink;

  beforeAll(async () => {
    database = await kind.create();
    dataSource = await openDatabase(database.url);
    smtp = await startSmtpSink();
  });
  afterAll(async () => {
    await dataSource.destroy();
    await smtp.close();
    await database.drop();
  });

  it('counts deliveries by outcome and shows the queue depth', async () => {
    const mailboxes = { '6100001': 'ok@example.com', '6100002': 'bounce@example.com', '6100003': 'later@example.com' };
    const customers = new CustomerImport(dataSource);
    const events: NewEvent[] = [];
    for (const [id, email] of Object.entries(mailboxes)) {
      await customers.importBundle(customerWithEmail(id, email));
      events.push({ customerId: id, type: 'ticket.created', payload: { ticketId: '1', status: 'OPEN' } });
    }
    await inTransaction(dataSource, (manager) => new EventRepository(dataSource).append(manager, events));
    let laterAccepted = false;
    smtp.answer(({ to }) => (to.includes('bounce@example.com') ? 550 : to.includes('later@example.com') && !laterAccepted ? 451 : null));

    const port = await freePort();
    const notifier = await startNotifier({ ...FAST, DATABASE_URL: database.url, SMTP_URL: smtp.url, METRICS_PORT: String(port) });
    try {
      const scrape = async (): Promise<Exposition> => parseExposition(await (await fetch(`http://127.0.0.1:${port}/metrics`)).text());
      const outcome = (metrics: Exposition, name: string) =>
        metrics.samples('curbside_notifier_deliveries_total', { channel: 'Email', outcome: name }).map((sample) => sample.value);

      const queueDepth = (metrics: Exposition) => metrics.samples('curbside_notifier_queue_depth').map((sample) => sample.value);
      // `later` keeps failing for now: one delivery left in the queue once the other two are recorded.
      await waitFor(async () => {
        const metrics = await scrape();
        return outcome(metrics, 'delivered').length === 1 && outcome(metrics, 'dead').length === 1 && queueDepth(metrics)[0] === 1;
      }, 30_000);
      let metrics = await scrape();
      expect(metrics.typeOf('curbside_notifier_deliveries_total')).toBe('counter');
      expect(outcome(metrics, 'delivered')).toEqual([1]);
      expect(outcome(metrics, 'dead')).toEqual([1]);
      expect(outcome(metrics, 'retrying')[0]).toBeGreaterThanOrEqual(1);
      expect(metrics.typeOf('curbside_notifier_queue_depth')).toBe('gauge');
      expect(queueDepth(metrics)).toEqual([1]);

      laterAccepted = true;
      await smtp.waitFor(2, 30_000);
      await waitFor(async () => queueDepth(await scrape())[0] === 0, 30_000);
      metrics = await scrape();
      expect(outcome(metrics, 'delivered')).toEqual([2]);
      expect(metrics.samples('curbside_db_pool_connections', { state: 'total' })[0].value).toBeGreaterThanOrEqual(1);
      expect(metrics.typeOf('nodejs_eventloop_lag_seconds')).toBe('gauge');
    } finally {
      expect(await stop(notifier)).toBe(0);
    }
  });
});
