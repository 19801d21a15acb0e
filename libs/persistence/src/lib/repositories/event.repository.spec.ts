import { testDatabases, type TestDatabase } from '@curbside/testing';
import type { NewEvent } from '@curbside/domain';
import { DataSource } from 'typeorm';
import { inTransaction, openDatabase } from '../database/index';
import { EventRepository } from './event.repository';

const FAR_FUTURE = '9999-12-31T00:00:00.000';

const ticketClosed = (customerId: string, ticketId: string): NewEvent => ({
  customerId,
  type: 'ticket.status_changed',
  payload: { ticketId, from: 'OPEN', to: 'CLOSED' },
});

describe.each(testDatabases())('EventRepository on $name', (db) => {
  let database: TestDatabase;
  let dataSource: DataSource;
  let events: EventRepository;

  beforeEach(async () => {
    database = await db.create();
    dataSource = await openDatabase(database.url);
    events = new EventRepository(dataSource);
    await inTransaction(dataSource, (manager) =>
      events.append(manager, [ticketClosed('1', '11'), ticketClosed('2', '21'), ticketClosed('1', '12')]),
    );
  });

  afterEach(async () => {
    await dataSource.destroy();
    await database.drop();
  });

  it('appends pending events, due now, and lists them in order, per customer or all', async () => {
    const all = await events.list();
    expect(all.map((event) => event.payload['ticketId'])).toEqual(['11', '21', '12']);
    expect(all[0]).toEqual({
      id: expect.any(Number),
      customerId: '1',
      type: 'ticket.status_changed',
      payload: { ticketId: '11', from: 'OPEN', to: 'CLOSED' },
      state: 'pending',
      attempts: 0,
      createdAt: all[0].nextAttemptAt,
      nextAttemptAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}$/),
      lastError: null,
      // Written outside any span (tracing off): no trace to continue.
      traceparent: null,
    });
    expect((await events.list('1')).map((event) => event.payload['ticketId'])).toEqual(['11', '12']);
  });

  it('claims due events oldest first, each for one worker while its lease lasts', async () => {
    const first = await events.claimDue('worker-a', 2, 600);
    const second = await events.claimDue('worker-b', 10, 600);
    expect(first.map((event) => event.payload['ticketId'])).toEqual(['11', '21']);
    expect(second.map((event) => event.payload['ticketId'])).toEqual(['12']);
    expect(await events.claimDue('worker-c', 10, 600)).toEqual([]);
  });

  it('lets another worker claim an event whose lease ran out', async () => {
    await events.claimDue('worker-a', 10, 0);
    expect(await events.claimDue('worker-b', 10, 600)).toHaveLength(3);
  });

  it('gives two workers claiming at once disjoint events', async () => {
    await inTransaction(dataSource, (manager) =>
      events.append(
        manager,
        Array.from({ length: 40 }, (_, index) => ticketClosed('3', String(100 + index))),
      ),
    );
    const [a, b] = await Promise.all([events.claimDue('worker-a', 30, 600), events.claimDue('worker-b', 30, 600)]);
    const ids = [...a, ...b].map((event) => event.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids).toHaveLength(43);
  });

  it('does not hand out delivered events again', async () => {
    const [event] = await events.claimDue('worker-a', 1, 0);
    await events.markDelivered(event.id);
    expect((await events.list()).find(({ id }) => id === event.id)?.state).toBe('delivered');
    expect((await events.claimDue('worker-b', 10, 600)).map(({ id }) => id)).not.toContain(event.id);
  });

  it('retries a failed event from the given time, and parks it as dead when there is none', async () => {
    const [retried, parked] = await events.claimDue('worker-a', 2, 600);
    await events.markFailed(retried.id, 'SMTP 451 try later', FAR_FUTURE);
    await events.markFailed(parked.id, 'mailbox unavailable', null);

    const stored = await events.list();
    expect(stored.find(({ id }) => id === retried.id)).toMatchObject({
      state: 'pending',
      attempts: 1,
      nextAttemptAt: FAR_FUTURE,
      lastError: 'SMTP 451 try later',
    });
    expect(stored.find(({ id }) => id === parked.id)).toMatchObject({
      state: 'dead',
      attempts: 1,
      lastError: 'mailbox unavailable',
    });
    expect(await events.list(undefined, 'dead')).toHaveLength(1);
    expect((await events.claimDue('worker-b', 10, 600)).map(({ id }) => id)).toEqual([stored[2].id]);
  });

  it('replays a dead event: pending again, due now, attempts counted afresh', async () => {
    const [event] = await events.claimDue('worker-a', 1, 600);
    await events.markFailed(event.id, 'rejected', null);
    expect(await events.replay(event.id)).toBe(true);
    expect((await events.list()).find(({ id }) => id === event.id)).toMatchObject({ state: 'pending', attempts: 0 });
    expect((await events.claimDue('worker-b', 10, 600)).map(({ id }) => id)).toContain(event.id);
    expect(await events.replay(event.id)).toBe(false);
    expect(await events.replay(999_999)).toBe(false);
  });
});
