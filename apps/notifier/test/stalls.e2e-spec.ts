import { CustomerImport } from '@curbside/application';
import { emptyBundle, type NewEvent } from '@curbside/domain';
import { EventRepository, inTransaction, openDatabase } from '@curbside/persistence';
import { startHttpReceiver, startSmtpSink, testDatabases, type HttpReceiver, type SmtpSink, type StalledMessage, type TestDatabase } from '@curbside/testing';
import type { DataSource } from 'typeorm';
import { countRows, FAST, startNotifier, stop, waitFor } from './support';

/*
 * The real notifier process against a mail server that takes the message and never answers
 * DATA: a stop within its grace period, and two notifiers that never send the same email at once.
 */

jest.setTimeout(120_000);

const audit = { createdBy: null, createdAt: null, modifiedBy: null, modifiedAt: null };
const DELIVERED_EMAILS = `SELECT COUNT(*) AS "count" FROM "deliveries" WHERE "channel" = 'Email' AND "state" = 'delivered'`;
const UNTRIED_EMAILS = `SELECT COUNT(*) AS "count" FROM "deliveries" WHERE "channel" = 'Email' AND "state" = 'pending' AND "attempts" = 0 AND "claimed_until" IS NULL`;

const customerId = (n: number) => String(8_200_000 + n);

/** `count` customers whose service notices go by email (`s<n>@example.com`) and, when `text`, by text too. */
async function seedCustomers(dataSource: DataSource, count: number, text: boolean): Promise<void> {
  const customers = new CustomerImport(dataSource);
  for (let n = 0; n < count; n++) {
    const email = { name: 'Email' as const, optIn: true, options: [], selections: [{ type: 'SEMAIL' as const, value: `s${n}@example.com`, optIn: true, audit }] };
    const sms = { name: 'Text' as const, optIn: true, options: [], selections: [{ type: 'SMOBILE' as const, value: `+1555100${n}`, optIn: true, audit }] };
    const channels = text ? [email, sms] : [email];
    await customers.importBundle({ ...emptyBundle(customerId(n)), preferences: [{ category: 'Service Notification', enabled: true, channels }] });
  }
}

async function ticketsCreated(dataSource: DataSource, customers: number[], ticket: string): Promise<void> {
  const events: NewEvent[] = customers.map((n) => ({ customerId: customerId(n), type: 'ticket.created', payload: { ticketId: `${ticket}${n}`, status: 'OPEN' } }));
  await inTransaction(dataSource, (manager) => new EventRepository(dataSource).append(manager, events));
}

/** Whether two tries of one message were ever on the wire at the same time. */
function overlapping(stalled: StalledMessage[]): StalledMessage[] {
  const byMessage = new Map<string, StalledMessage[]>();
  for (const held of stalled) byMessage.set(held.messageId, [...(byMessage.get(held.messageId) ?? []), held]);
  return [...byMessage.values()].flatMap((tries) =>
    tries.sort((a, b) => a.since - b.since).filter((held, i) => i > 0 && (tries[i - 1].until ?? Infinity) > held.since),
  );
}

describe.each(testDatabases())('notifier process against a stalling mail server on $name', (kind) => {
  let database: TestDatabase;
  let dataSource: DataSource;
  let smtp: SmtpSink;
  let texts: HttpReceiver;
  let env: Record<string, string>;

  beforeEach(async () => {
    database = await kind.create();
    dataSource = await openDatabase(database.url);
    smtp = await startSmtpSink();
    texts = await startHttpReceiver();
    env = { ...FAST, DATABASE_URL: database.url, SMTP_URL: smtp.url, TEXT_PROVIDER_URL: `${texts.url}/text` };
  });
  afterEach(async () => {
    await dataSource.destroy();
    await smtp.close();
    await texts.close();
    await database.drop();
  });

  it('done when: with DATA unanswered a new event’s text arrives within seconds; SIGTERM exits 0 within NOTIFIER_SHUTDOWN_MS, the emails given back untried; the next start sends each once', async () => {
    await seedCustomers(dataSource, 6, true);
    smtp.stall('data');
    await ticketsCreated(dataSource, [0, 1, 2, 3, 4, 5], 'T');
    const shutdownMs = 2000;
    // Long send deadlines: only the stop can cut these sends.
    const stalling = { ...env, NOTIFIER_LEASE_SECONDS: '30', NOTIFIER_SEND_TIMEOUT_MS: '15000', SMTP_SOCKET_TIMEOUT_MS: '15000', NOTIFIER_SHUTDOWN_MS: String(shutdownMs) };
    const notifier = await startNotifier(stalling);
    try {
      await waitFor(async () => smtp.stalled.length === 6, 15_000);
      await texts.waitFor(6, 5000);

      const appended = Date.now();
      await ticketsCreated(dataSource, [0], 'LATE');
      await waitFor(async () => texts.requests.some((request) => request.rawBody.includes('LATE0')), 5000);
      expect(Date.now() - appended).toBeLessThan(5000);
      await waitFor(async () => smtp.stalled.length === 7, 5000);

      const stopping = Date.now();
      expect(await stop(notifier, 'SIGTERM')).toBe(0);
      expect(Date.now() - stopping).toBeLessThan(shutdownMs + 3000);
      expect(await countRows(dataSource, UNTRIED_EMAILS)).toBe(7);
      expect(smtp.received).toHaveLength(0);
    } finally {
      await stop(notifier, 'SIGKILL');
    }

    smtp.stall(null);
    const again = await startNotifier(env);
    try {
      await waitFor(async () => (await countRows(dataSource, DELIVERED_EMAILS)) === 7, 15_000);
    } finally {
      expect(await stop(again)).toBe(0);
    }
    expect(smtp.received).toHaveLength(7);
    expect(new Set(smtp.received.map((mail) => mail.messageId)).size).toBe(7);
    expect(texts.requests).toHaveLength(7);
  });

  if (kind.name === 'postgres') {
    it('done when: two notifiers with 2-second leases never have one email on the wire twice; once the server answers, each arrives exactly once', async () => {
      await seedCustomers(dataSource, 12, false);
      smtp.stall('data');
      await ticketsCreated(dataSource, Array.from({ length: 12 }, (_, n) => n), 'S');
      // The socket time-out is longer than the lease: only the send's deadline (half the lease) keeps the claims apart.
      const shared = { ...env, NOTIFIER_LEASE_SECONDS: '2', NOTIFIER_SEND_TIMEOUT_MS: '1000', SMTP_SOCKET_TIMEOUT_MS: '10000', NOTIFIER_CONCURRENCY: '4', NOTIFIER_MAX_ATTEMPTS: '50' };
      const [one, two] = await Promise.all([startNotifier(shared), startNotifier(shared)]);
      try {
        // Several rounds of stalled tries, from both notifiers, past several leases.
        await waitFor(async () => smtp.stalled.length >= 36, 30_000);
        smtp.stall(null);
        await waitFor(async () => (await countRows(dataSource, DELIVERED_EMAILS)) === 12, 60_000);
      } finally {
        expect(await stop(one)).toBe(0);
        expect(await stop(two)).toBe(0);
      }

      expect(smtp.received).toHaveLength(12);
      expect(new Set(smtp.received.map((mail) => mail.messageId)).size).toBe(12);
      expect(overlapping(smtp.stalled)).toEqual([]);
      // Each stalled try was cut (the connection closed) within the lease it was claimed under.
      expect(smtp.stalled.filter((held) => held.until === null || held.until - held.since >= 2000)).toEqual([]);
    });
  }
});
