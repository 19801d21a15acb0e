import { nowLocalDateTime, type Id, type LocalDateTime, type OutboxEvent } from '@curbside/domain';
import { DataSource, MoreThan } from 'typeorm';
import { inRead, inTransaction } from '../database/index';
import { EventEntity, SubscriberCursorEntity } from '../entities';
import { claimDueRows } from '../sql/claims';
import { toOutboxEvent } from '../stores/event.store';

/** Where a subscriber is in one customer's events, claimed for a while by one of its instances. */
export interface SubscriberCursor {
  id: number;
  customerId: Id;
  /** The last event it handled (0: none yet). */
  position: number;
  attempts: number;
}

/**
 * The outbox as a team's own process reads it (docs/extending.md): for each subscriber, a cursor
 * per customer over the events, claimed with the outbox's own claim (`claimDueRows`: a lease,
 * SKIP LOCKED on PostgreSQL), so that any number of a subscriber's instances share the customers
 * and each customer's events are handled by one instance at a time, in order, at least once.
 * It never changes the events themselves: the notifier's work is untouched.
 */
export class OutboxSubscriptions {
  constructor(private readonly dataSource: DataSource) {}

  /**
   * Wakes the cursors of customers with events after `seen` (making the missing ones): one
   * statement over the events' (customer, id) index. The highest id that may be taken as seen
   * is that of the events written before `settledBefore`, so an event whose transaction commits
   * after a higher id's is still found (within that margin).
   */
  async discover(subscriber: string, seen: number, settledBefore: Date, at = new Date()): Promise<number> {
    const now = nowLocalDateTime(at);
    const [sql, parameters] = this.dataSource.driver.escapeQueryWithParameters(
      `INSERT INTO "outbox_subscriber_cursors" ("subscriber", "customer_id", "position", "latest", "state", "attempts", "next_attempt_at")
       SELECT :subscriber, "customer_id", 0, MAX("id"), 'pending', 0, :now FROM "events" WHERE "id" > :seen GROUP BY "customer_id"
       ON CONFLICT ("subscriber", "customer_id") DO UPDATE SET "latest" = excluded."latest", "state" = 'pending'
       WHERE "outbox_subscriber_cursors"."state" = 'idle' AND excluded."latest" > "outbox_subscriber_cursors"."position"`,
      { subscriber, now, seen },
      {},
    );
    return inTransaction(this.dataSource, async (manager) => {
      await manager.query(sql, parameters);
      const [{ settled }] = await manager.query(
        ...this.dataSource.driver.escapeQueryWithParameters(
          `SELECT MAX("id") AS "settled" FROM "events" WHERE "id" > :seen AND "created_at" <= :before`,
          { seen, before: nowLocalDateTime(settledBefore) },
          {},
        ),
      );
      return settled === null || settled === undefined ? seen : Number(settled);
    });
  }

  /** Claims up to `limit` of the subscriber's cursors with events to handle, for `leaseSeconds`. */
  async claim(subscriber: string, worker: string, limit: number, leaseSeconds: number, at = new Date()): Promise<SubscriberCursor[]> {
    const rows = await claimDueRows(this.dataSource, SubscriberCursorEntity, 'outbox_subscriber_cursors', {
      worker,
      limit,
      leaseSeconds,
      at,
      scope: { subscriber },
    });
    return rows.map(({ id, customerId, position, attempts }) => ({ id: Number(id), customerId, position: Number(position), attempts: Number(attempts) }));
  }

  /** The customer's next events after `position`, oldest first. */
  async eventsAfter(customerId: Id, position: number, limit: number): Promise<OutboxEvent[]> {
    const rows = await inRead(this.dataSource, (manager) =>
      manager.find(EventEntity, { where: { customerId, id: MoreThan(position) }, order: { id: 'ASC' }, take: limit }),
    );
    return rows.map(toOutboxEvent);
  }

  /** Records that `worker` handled the cursor's events up to `eventId`, while it still holds the cursor. */
  async advance(cursorId: number, worker: string, eventId: number): Promise<boolean> {
    return this.update(cursorId, worker, { position: eventId, attempts: 0, lastError: null });
  }

  /** Gives the cursor up: caught up (idle until a new event), or with more to handle now. */
  async release(cursorId: number, worker: string, caughtUp: boolean): Promise<boolean> {
    return this.update(cursorId, worker, { state: caughtUp ? 'idle' : 'pending', claimedBy: null, claimedUntil: null });
  }

  /** Gives the cursor up after a failed event: tried again from that event at `retryAt`. */
  async retryLater(cursorId: number, worker: string, attempts: number, error: string, retryAt: LocalDateTime): Promise<boolean> {
    return this.update(cursorId, worker, { attempts, lastError: error, nextAttemptAt: retryAt, claimedBy: null, claimedUntil: null });
  }

  /** The subscriber's cursors, by customer (tests and operators). */
  async cursors(subscriber: string): Promise<Array<SubscriberCursor & { state: string; lastError: string | null }>> {
    const rows = await inRead(this.dataSource, (manager) => manager.find(SubscriberCursorEntity, { where: { subscriber }, order: { customerId: 'ASC' } }));
    return rows.map(({ id, customerId, position, attempts, state, lastError }) => ({
      id: Number(id),
      customerId,
      position: Number(position),
      attempts: Number(attempts),
      state,
      lastError,
    }));
  }

  private async update(cursorId: number, worker: string, changes: Partial<SubscriberCursorEntity>): Promise<boolean> {
    const result = await inTransaction(this.dataSource, (manager) => manager.update(SubscriberCursorEntity, { id: cursorId, claimedBy: worker }, changes));
    return (result.affected ?? 0) > 0;
  }
}
