import type { Delivery } from '@curbside/domain';
import { testDatabases, until } from '@curbside/testing';
import type { NotifierOptions } from '../src/lib/notifier';
import { channel, customerBundle, preference, useWorldWithSinks, type WorldWithSinks } from './support';

/*
 * Providers that accept the connection and go quiet: a mail server that never greets or never
 * answers DATA, a text provider that never answers. The notifier in this process, against a real
 * database, a real SMTP server and a real HTTP receiver on loopback, with short time-outs.
 */

const CONCURRENCY = 4;
const SHUTDOWN_MS = 1000;
const TIMEOUTS = { sendMs: 2500, smtpConnectionMs: 1000, smtpGreetingMs: 700, smtpSocketMs: 1500, providerMs: 800 };
/** Short deadlines, so that a stalled send is given up on within a second or two. */
const SHORT: Partial<NotifierOptions> = { leaseSeconds: 6, concurrency: CONCURRENCY, shutdownMs: SHUTDOWN_MS, backoffBaseMs: 200, timeouts: TIMEOUTS };

const customerId = (n: number) => String(8_100_000 + n);
const phone = (n: number) => `+1555000${String(n).padStart(4, '0')}`;

/** `count` customers whose service notices go by email and by text. */
async function seedCustomers(sinks: WorldWithSinks, count: number): Promise<void> {
  for (let n = 0; n < count; n++) {
    const both = [channel('Email', true, [['SEMAIL', `c${n}@example.com`]]), channel('Text', true, [['SMOBILE', phone(n)]])];
    await sinks.world.customers.store(customerBundle(customerId(n), [preference('Service Notification', true, both)]));
  }
}

const ticketCreated = (n: number, ticket: string) => ({ customerId: customerId(n), type: 'ticket.created' as const, payload: { ticketId: ticket, status: 'OPEN' } });

const of = (deliveries: Delivery[], channelName: Delivery['channel']) => deliveries.filter((delivery) => delivery.channel === channelName);

describe.each(testDatabases())('stalled providers on $name', (kind) => {
  const sinks = useWorldWithSinks(kind);
  jest.setTimeout(60_000);

  /** The deliveries once `recorded` holds of them, or as they are after 5 s. */
  const deliveriesOnceRecorded = async (recorded: (all: Delivery[]) => boolean): Promise<Delivery[]> => {
    for (const started = Date.now(); ; await new Promise((resolve) => setTimeout(resolve, 50))) {
      const deliveries = await sinks.world.deliveries.list();
      if (recorded(deliveries) || Date.now() - started > 5000) return deliveries;
    }
  };

  const start = (options: Partial<NotifierOptions> = {}) => {
    const notifier = sinks.world.notifier({ ...SHORT, smtpUrl: sinks.smtp.url, textProviderUrl: `${sinks.http.url}/text`, ...options });
    notifier.start();
    return notifier;
  };

  it('a mail server that never answers DATA holds up no text: each text is recorded as it is answered, a new event’s text arrives within seconds', async () => {
    await seedCustomers(sinks, 10);
    sinks.smtp.stall('data');
    await sinks.world.append(Array.from({ length: 10 }, (_, n) => ticketCreated(n, `T${n}`)));
    const notifier = start();
    await sinks.http.waitFor(10, 5000);
    await until(() => sinks.smtp.stalled.length >= CONCURRENCY, 5000);
    // The texts are recorded while the emails of the same events are still on the wire. A text is recorded just
    // after its provider answers, so a loaded machine may show the last answer before its record.
    const deliveries = await deliveriesOnceRecorded((all) => of(all, 'Text').every((delivery) => delivery.state === 'delivered'));
    expect(of(deliveries, 'Text').every((delivery) => delivery.state === 'delivered')).toBe(true);
    expect(of(deliveries, 'Email').every((delivery) => delivery.state === 'pending')).toBe(true);

    const appended = Date.now();
    await sinks.world.append([ticketCreated(0, 'T-late')]);
    await until(() => sinks.http.requests.some((request) => request.rawBody.includes('T-late')), 3000);
    expect(Date.now() - appended).toBeLessThan(3000);
    await notifier.stop();
  });

  it('a mail server that never greets: the try fails at the greeting time-out and is retried; texts go out meanwhile; once it greets, each email arrives once', async () => {
    await seedCustomers(sinks, 3);
    sinks.smtp.stall('greeting');
    await sinks.world.append([0, 1, 2].map((n) => ticketCreated(n, `G${n}`)));
    const notifier = start();
    await sinks.http.waitFor(3, 5000);
    await until(() => sinks.smtp.ungreeted() >= 3, 5000);
    const tried = await deliveriesOnceRecorded((all) => of(all, 'Email').every((delivery) => delivery.attempts > 0));
    expect(of(tried, 'Email').map((delivery) => delivery.lastError)).toEqual(Array(3).fill(expect.stringMatching(/^SMTP: /)));

    sinks.smtp.stall(null);
    await sinks.smtp.waitFor(3, 10_000);
    await notifier.stop();
    expect(sinks.smtp.received.map((mail) => mail.to[0]).sort()).toEqual(['c0@example.com', 'c1@example.com', 'c2@example.com']);
    expect(of(await sinks.world.deliveries.list(), 'Email').every((delivery) => delivery.state === 'delivered')).toBe(true);
  });

  it('a text provider that never answers is cut at PROVIDER_TIMEOUT_MS and retried; the emails go out meanwhile', async () => {
    await seedCustomers(sinks, 3);
    sinks.http.stall(true);
    await sinks.world.append([0, 1, 2].map((n) => ticketCreated(n, `H${n}`)));
    const notifier = start();
    await sinks.smtp.waitFor(3, 5000);
    await until(() => sinks.http.stalled.length >= 3, 5000);
    const tried = await deliveriesOnceRecorded((all) => of(all, 'Text').every((delivery) => delivery.attempts > 0));
    expect(of(tried, 'Text').map((delivery) => delivery.lastError)).toEqual(Array(3).fill('HTTP: no answer within 800 ms'));

    sinks.http.stall(false);
    await sinks.http.waitFor(3, 10_000);
    await notifier.stop();
    expect(new Set(sinks.http.requests.map((request) => JSON.parse(request.rawBody).to)).size).toBe(3);
    expect(of(await sinks.world.deliveries.list(), 'Text').every((delivery) => delivery.state === 'delivered')).toBe(true);
  });

  it('a stop during the stall ends within NOTIFIER_SHUTDOWN_MS and gives back, untried, what it could not send; the next notifier sends each once', async () => {
    await seedCustomers(sinks, 4);
    sinks.smtp.stall('data');
    await sinks.world.append([0, 1, 2, 3].map((n) => ticketCreated(n, `S${n}`)));
    // A send deadline longer than the grace period: the stop, not the deadline, cuts these.
    const notifier = start({ leaseSeconds: 30, timeouts: { ...TIMEOUTS, sendMs: 10_000, smtpSocketMs: 10_000 } });
    await until(() => sinks.smtp.stalled.length >= 4, 5000);

    const stopping = Date.now();
    await notifier.stop();
    expect(Date.now() - stopping).toBeLessThan(SHUTDOWN_MS + 1000);
    const emails = of(await sinks.world.deliveries.list(), 'Email');
    expect(emails.map(({ state, attempts }) => ({ state, attempts }))).toEqual(Array(4).fill({ state: 'pending', attempts: 0 }));
    const claims = await sinks.world.dataSource.query(`SELECT COUNT(*) AS "count" FROM "deliveries" WHERE "claimed_until" IS NOT NULL AND "state" = 'pending'`);
    expect(Number(claims[0].count)).toBe(0);

    sinks.smtp.stall(null);
    const next = start();
    await sinks.smtp.waitFor(4, 10_000);
    await next.stop();
    expect(sinks.smtp.received.map((mail) => mail.to[0]).sort()).toEqual([0, 1, 2, 3].map((n) => `c${n}@example.com`));
    expect(of(await sinks.world.deliveries.list(), 'Email').every((delivery) => delivery.state === 'delivered')).toBe(true);
  });
});
