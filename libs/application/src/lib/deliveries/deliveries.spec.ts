import { Logger } from '@nestjs/common';
import type { Delivery, DeliveryWithMessage, NewEvent, Preference } from '@curbside/domain';
import { testDatabases } from '@curbside/testing';
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
});
