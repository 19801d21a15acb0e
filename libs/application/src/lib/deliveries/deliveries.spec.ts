import { Logger } from '@nestjs/common';
import type { Delivery, DeliveryWithMessage, NewEvent, Preference } from '@curbside/domain';
import { testDatabases, until } from '@curbside/testing';
import { emptyBundle, useDatabase } from '@curbside/persistence/testing';
import { DeliveryRepository, EventRepository, inTransaction, PreferenceRepository, WebhookRepository } from '@curbside/persistence';
import { CustomerImport } from '../import/customer-import';
import { DeliverClaimed } from './deliver-claimed';
import { DeliveryFailure, MessageRenderer, type Channel, type DeliveryOutcome } from './delivery-ports';
import { FanOutEvents } from './fan-out-events';

/*
 * The delivery use cases over a real database, with the ports played by doubles: a channel that
 * answers as each test scripts it and a renderer that words a message from its event. The
 * notifier's own suites (libs/notifications/test) run them with the real channels, SMTP and HTTP.
 */

// The use cases log every retry and dead delivery; the tests check the rows instead (DEBUG=1 shows the log).
if (!process.env['DEBUG']) Logger.overrideLogger(false);

const WORKER = 'deliveries.spec';
const OPTIONS = {
  maxAttempts: 3,
  // Long enough that a retried delivery is not due again within a test.
  backoffBaseMs: 600_000,
  customerHourlyCap: 1_000_000,
  leaseSeconds: 30,
  sendTimeoutMs: 15_000,
  quietHours: null,
  timeZone: 'UTC',
  senderAddress: 'no-reply@curbside.invalid',
};
const AUDIT = { createdBy: null, createdAt: null, modifiedBy: null, modifiedAt: null };

/** One opted-in billing email: an `invoice.issued` reaches it. */
const billingEmail = (address: string): Preference[] => [
  { category: 'Service Notification', enabled: true, channels: [{ name: 'Email', optIn: true, selections: [{ type: 'BEMAIL', value: address, optIn: true, audit: AUDIT }], options: [] }] },
];
const invoiceIssued = (customerId: string, invoiceId: string): NewEvent => ({ customerId, type: 'invoice.issued', payload: { invoiceId, date: '2026-11-02', amount: '12.50' } });

/** Accepts every delivery but those to an address it was told to refuse. */
class ScriptedChannel implements Channel {
  readonly sends = true;
  readonly sent: DeliveryWithMessage[] = [];
  constructor(private readonly refusals: Record<string, DeliveryFailure>) {}

  async send(delivery: DeliveryWithMessage): Promise<void> {
    const refusal = this.refusals[delivery.address];
    if (refusal !== undefined) throw refusal;
    this.sent.push(delivery);
  }
}

/** Sends to every address at once but `stalled`, whose sends wait, unanswered, until their signal aborts. */
class StallingChannel implements Channel {
  readonly sends = true;
  waiting = 0;
  constructor(private readonly stalled: string) {}

  async send(delivery: DeliveryWithMessage, signal: AbortSignal): Promise<void> {
    if (delivery.address !== this.stalled) return;
    this.waiting += 1;
    await new Promise((_, reject) => signal.addEventListener('abort', () => reject(new DeliveryFailure('cut', false)), { once: true }));
  }
}

class EventRenderer extends MessageRenderer {
  async forBatch() {
    return (delivery: Delivery, event: NewEvent): DeliveryWithMessage => ({ ...delivery, subject: `${event.type} ${event.payload['invoiceId']}`, body: 'An invoice.', html: null, listUnsubscribe: null });
  }
}

describe.each(testDatabases())('the delivery use cases on $name', (db) => {
  const dataSource = useDatabase(db);
  const events = () => new EventRepository(dataSource());
  const deliveries = () => new DeliveryRepository(dataSource());
  const fanOut = () => new FanOutEvents(events(), deliveries(), new PreferenceRepository(dataSource()), new WebhookRepository(dataSource()), OPTIONS);

  /** Appends `written`, claims the due events as the notifier would and fans them out: their deliveries. */
  async function fannedOut(written: NewEvent[]): Promise<Delivery[]> {
    await inTransaction(dataSource(), (manager) => events().append(manager, written));
    const claimed = await events().claimDue(WORKER, 100, 30);
    await fanOut().execute(claimed);
    return deliveries().ofEvents(claimed.map((event) => event.id));
  }

  const customers = { ok: '4600001', busy: '4600002', bouncing: '4600003' } as const;
  const address = (who: keyof typeof customers) => `${who}@example.com`;

  beforeAll(async () => {
    for (const [who, id] of Object.entries(customers)) {
      await new CustomerImport(dataSource()).importBundle({ ...emptyBundle(id), preferences: billingEmail(address(who as keyof typeof customers)) });
    }
  });

  it('FanOutEvents: a claimed event becomes one delivery per matching selection, and the event is done', async () => {
    const planned = await fannedOut([invoiceIssued(customers.ok, 'INV-1')]);
    expect(planned.map(({ customerId, channel, address: to, state }) => ({ customerId, channel, to, state }))).toEqual([
      { customerId: customers.ok, channel: 'Email', to: address('ok'), state: 'pending' },
    ]);
    expect(await events().claimDue(WORKER, 100, 30)).toEqual([]);
  });

  it('DeliverClaimed: sent and recorded delivered; a temporary failure retried later; a bounce dead, its address suppressed and ended untried next time', async () => {
    await fannedOut([invoiceIssued(customers.busy, 'INV-2'), invoiceIssued(customers.bouncing, 'INV-3')]);
    const channel = new ScriptedChannel({
      [address('busy')]: new DeliveryFailure('SMTP: 421 try later', false),
      [address('bouncing')]: new DeliveryFailure('SMTP: 550 no such user', true, true),
    });
    const outcomes: Array<[string, DeliveryOutcome]> = [];
    const deliver = new DeliverClaimed(events(), deliveries(), { Email: channel, Text: channel, Voice: channel, Webhook: channel }, new EventRenderer(), OPTIONS, (kind, outcome) =>
      outcomes.push([kind, outcome]),
    );

    const claimed = await deliveries().claimDue(WORKER, 100, 30);
    await deliver.execute(claimed);
    expect(channel.sent.map(({ address: to, subject }) => ({ to, subject }))).toEqual([{ to: address('ok'), subject: 'invoice.issued INV-1' }]);
    expect(outcomes.sort()).toEqual([
      ['Email', 'dead'],
      ['Email', 'delivered'],
      ['Email', 'retrying'],
    ]);
    const stateOf = async (who: keyof typeof customers) => (await deliveries().list()).filter((delivery) => delivery.address === address(who)).map(({ state, attempts }) => ({ state, attempts }));
    expect(await stateOf('ok')).toEqual([{ state: 'delivered', attempts: 1 }]);
    expect(await stateOf('busy')).toEqual([{ state: 'pending', attempts: 1 }]);
    expect(await stateOf('bouncing')).toEqual([{ state: 'dead', attempts: 1 }]);
    expect(await deliveries().suppressedAmong([address('bouncing')])).toEqual(new Set([address('bouncing')]));

    await fannedOut([invoiceIssued(customers.bouncing, 'INV-4')]);
    outcomes.length = 0;
    await deliver.execute(await deliveries().claimDue(WORKER, 100, 30));
    expect(outcomes).toEqual([['Email', 'suppressed']]);
    expect(channel.sent).toHaveLength(1);
  });

  it('DeliverClaimed: each send recorded as its channel answers; one unanswered past its deadline fails for a retry; a stop gives back, untried, what is still on the wire', async () => {
    const [quick, stalled] = await fannedOut([invoiceIssued(customers.ok, 'INV-5'), invoiceIssued(customers.busy, 'INV-6')]);
    const channel = new StallingChannel(address('busy'));
    const deliverWithin = (sendTimeoutMs: number) =>
      new DeliverClaimed(events(), deliveries(), { Email: channel, Text: channel, Voice: channel, Webhook: channel }, new EventRenderer(), { ...OPTIONS, sendTimeoutMs });
    const stateOf = async (id: number) => (await deliveries().list()).filter((delivery) => delivery.id === id).map(({ state, attempts, lastError }) => ({ state, attempts, lastError }))[0];

    const settled: number[] = [];
    const batch = deliverWithin(500).execute(await deliveries().claimDue(WORKER, 100, 30), { settled: (delivery) => settled.push(delivery.id) });
    await until(() => settled.length === 1, 5000);
    // Recorded while the other send of its batch is still waiting for an answer.
    expect(settled).toEqual([quick.id]);
    expect(await stateOf(quick.id)).toEqual({ state: 'delivered', attempts: 1, lastError: null });
    expect(await stateOf(stalled.id)).toEqual({ state: 'pending', attempts: 0, lastError: null });
    await batch;
    expect(await stateOf(stalled.id)).toEqual({ state: 'pending', attempts: 1, lastError: 'no answer within 500 ms' });

    await deliveries().release([stalled.id]);
    const stop = new AbortController();
    const stopped = deliverWithin(60_000).execute(await deliveries().claimDue(WORKER, 100, 30), { stop: stop.signal });
    await until(() => channel.waiting === 2, 5000);
    stop.abort();
    await stopped;
    expect(await stateOf(stalled.id)).toEqual({ state: 'pending', attempts: 1, lastError: 'no answer within 500 ms' });
    expect(await deliveries().countLeased()).toBe(0);
  });
});
