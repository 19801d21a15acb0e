import {
  nowLocalDateTime,
  type EventState,
  type Id,
  type LocalDateTime,
  type NewEvent,
  type OutboxEvent,
} from '@curbside/domain';
import { DataSource, EntityManager, FindOptionsWhere } from 'typeorm';
import { inRead, inTransaction } from '../database';
import { EventEntity } from '../entities';
import { appendEvents, toOutboxEvent } from '../stores/event.store';
import { fromRawColumns } from '../stores/rows';

/**
 * The outbox. Changes write their events through `append`, inside their own transaction;
 * workers claim due events for a while (a lease), then mark each delivered or failed.
 */
export class EventRepository {
  constructor(private readonly dataSource: DataSource) {}

  append(manager: EntityManager, events: readonly NewEvent[]): Promise<void> {
    return appendEvents(manager, events);
  }

  /** Events in the order they were written: all, or of one customer, or in one state. */
  async list(customerId?: Id, state?: EventState): Promise<OutboxEvent[]> {
    const where: FindOptionsWhere<EventEntity> = {};
    if (customerId !== undefined) where.customerId = customerId;
    if (state !== undefined) where.state = state;
    const rows = await inRead(this.dataSource, (manager) => manager.find(EventEntity, { where, order: { id: 'ASC' } }));
    return rows.map(toOutboxEvent);
  }

  /**
   * Claims for `worker` up to `limit` pending events that are due and not leased to another
   * worker, oldest first, for `leaseSeconds`. One statement; on PostgreSQL, workers skip rows
   * another worker is claiming (SKIP LOCKED), and SQLite has one writer at a time.
   */
  claimDue(worker: string, limit: number, leaseSeconds: number): Promise<OutboxEvent[]> {
    const now = nowLocalDateTime();
    const leasedUntil = nowLocalDateTime(new Date(Date.now() + leaseSeconds * 1000));
    const skipLocked = this.dataSource.options.type === 'postgres' ? 'FOR UPDATE SKIP LOCKED' : '';
    const [sql, parameters] = this.dataSource.driver.escapeQueryWithParameters(
      `UPDATE "events" SET "claimed_by" = :worker, "claimed_until" = :leasedUntil
       WHERE "id" IN (
         SELECT "id" FROM "events"
         WHERE "state" = 'pending' AND "next_attempt_at" <= :now AND ("claimed_until" IS NULL OR "claimed_until" <= :now)
         ORDER BY "id" LIMIT :limit ${skipLocked}
       )
       RETURNING *`,
      { worker, leasedUntil, now, limit },
      {},
    );
    return inTransaction(this.dataSource, async ({ queryRunner }) => {
      if (queryRunner === undefined) throw new Error('a transaction runs on a query runner');
      const { records } = await queryRunner.query(sql, parameters, true);
      const metadata = this.dataSource.getMetadata(EventEntity);
      return (records as Record<string, unknown>[])
        .map((raw) => toOutboxEvent(fromRawColumns<EventEntity>(metadata, raw)))
        .sort((a, b) => a.id - b.id);
    });
  }

  async markDelivered(id: number): Promise<void> {
    await inTransaction(this.dataSource, (manager) =>
      manager.update(EventEntity, { id }, { state: 'delivered', claimedBy: null, claimedUntil: null }),
    );
  }

  /** Records a failed attempt: tried again from `retryAt`, or parked as dead when that is null. */
  async markFailed(id: number, error: string, retryAt: LocalDateTime | null): Promise<void> {
    await inTransaction(this.dataSource, (manager) =>
      manager.update(
        EventEntity,
        { id },
        {
          attempts: () => 'attempts + 1',
          lastError: error,
          claimedBy: null,
          claimedUntil: null,
          ...(retryAt === null ? { state: 'dead' } : { nextAttemptAt: retryAt }),
        },
      ),
    );
  }

  /** Puts a dead event back in line, due now, with a fresh count of attempts; false when no such dead event. */
  async replay(id: number): Promise<boolean> {
    const result = await inTransaction(this.dataSource, (manager) =>
      manager.update(
        EventEntity,
        { id, state: 'dead' },
        { state: 'pending', attempts: 0, nextAttemptAt: nowLocalDateTime() },
      ),
    );
    return (result.affected ?? 0) > 0;
  }
}
