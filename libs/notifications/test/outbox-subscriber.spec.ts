import type { NewEvent, OutboxEvent } from '@curbside/domain';
import { EventRepository, OutboxSubscriptions } from '@curbside/persistence';
import { testDatabases } from '@curbside/testing';
import { OutboxSubscriber } from '../src';
import { customerBundle, openWorld, type NotifierWorld } from './support';

/**
 * The worked example of a subscriber to the outbox in a team's own process (docs/extending.md):
 * a team keeps its own log of every ticket change, per customer in order. Two instances share the
 * work; a failing event holds its customer's later events back; a dead instance's customers come
 * back after its lease; the notifier's events are left as they were.
 */
const CUSTOMERS = ['0044001', '0044002', '0044003', '0044004'];
const ticketEvents = (customerId: string, count: number, from = 0): NewEvent[] =>
  Array.from({ length: count }, (_, i) => ({ customerId, type: 'ticket.status_changed', payload: { ticketId: `t${from + i}`, from: 'OPEN', to: 'CLOSED' } }));

describe.each(testDatabases())('an outbox subscriber on $name', (kind) => {
  let world: NotifierWorld;
  beforeEach(async () => {
    world = await openWorld(kind);
    for (const id of CUSTOMERS) await world.customers.store(customerBundle(id));
  });
  afterEach(() => world.close());

  const subscriber = (handle: (event: OutboxEvent) => Promise<void>, options: { now?: () => Date; leaseSeconds?: number } = {}) =>
    new OutboxSubscriber(new OutboxSubscriptions(world.dataSource), { name: 'team-log', handle, batchSize: 5, backoffBaseMs: 1, ...options });
  const drainAll = async (...instances: OutboxSubscriber[]) => {
    while ((await Promise.all(instances.map((instance) => instance.runOnce()))).some((handled) => handled > 0));
  };

  it('hands every event to one of two instances, each customer\u2019s in order, and leaves the outbox as it was', async () => {
    const seen: OutboxEvent[] = [];
    const handle = async (event: OutboxEvent) => {
      seen.push(event);
    };
    for (const id of CUSTOMERS) await world.append(ticketEvents(id, 12));
    const [a, b] = [subscriber(handle), subscriber(handle)];
    await drainAll(a, b);
    await world.append(ticketEvents(CUSTOMERS[0], 3, 12));
    await drainAll(a, b);

    const written = await new EventRepository(world.dataSource).list();
    expect(seen.map((event) => event.id).sort((x, y) => x - y)).toEqual(written.map((event) => event.id));
    for (const id of CUSTOMERS) {
      const ids = seen.filter((event) => event.customerId === id).map((event) => event.id);
      expect(ids).toEqual([...ids].sort((x, y) => x - y));
    }
    expect(new Set(written.map((event) => event.state))).toEqual(new Set(['pending']));
  });

  it('holds a customer\u2019s later events back while one fails, and hands it again until it is handled', async () => {
    await world.append(ticketEvents(CUSTOMERS[0], 3));
    await world.append(ticketEvents(CUSTOMERS[1], 2));
    const handled: string[] = [];
    let failures = 2;
    const instance = subscriber(async (event) => {
      if (event.payload['ticketId'] === 't1' && event.customerId === CUSTOMERS[0] && failures-- > 0) throw new Error('the team\u2019s store is away');
      handled.push(`${event.customerId}/${String(event.payload['ticketId'])}`);
    });
    for (let round = 0; round < 200 && handled.length < 5; round += 1) {
      await instance.runOnce();
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    expect(handled.filter((entry) => entry.startsWith(CUSTOMERS[0]))).toEqual([`${CUSTOMERS[0]}/t0`, `${CUSTOMERS[0]}/t1`, `${CUSTOMERS[0]}/t2`]);
    expect(handled.filter((entry) => entry.startsWith(CUSTOMERS[1]))).toEqual([`${CUSTOMERS[1]}/t0`, `${CUSTOMERS[1]}/t1`]);
    const cursors = await new OutboxSubscriptions(world.dataSource).cursors('team-log');
    expect(cursors.map((cursor) => [cursor.customerId, cursor.state, cursor.attempts, cursor.lastError])).toEqual([
      [CUSTOMERS[0], 'idle', 0, null],
      [CUSTOMERS[1], 'idle', 0, null],
    ]);
  });

  it('gives a dead instance\u2019s customers to another when its lease runs out; an event in hand comes again (at least once)', async () => {
    await world.append(ticketEvents(CUSTOMERS[2], 2));
    let clock = new Date('2030-01-01T00:00:00Z');
    const now = () => clock;
    const subscriptions = new OutboxSubscriptions(world.dataSource);
    await subscriptions.discover('team-log', 0, clock, clock);
    // An instance claims the customer and dies holding it.
    expect(await subscriptions.claim('team-log', 'dead-instance', 5, 30, clock)).toHaveLength(1);

    const handled: string[] = [];
    const survivor = subscriber(async (event) => void handled.push(String(event.payload['ticketId'])), { now });
    expect(await survivor.runOnce()).toBe(0);
    clock = new Date(clock.getTime() + 31_000);
    expect(await survivor.runOnce()).toBe(2);
    expect(handled).toEqual(['t0', 't1']);
    expect(await subscriptions.release(1, 'dead-instance', true)).toBe(false);
  });
});
