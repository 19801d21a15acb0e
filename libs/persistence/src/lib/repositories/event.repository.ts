import {
  nowLocalDateTime,
  type EventState,
  type Id,
  type LocalDateTime,
  type NewEvent,
  type OutboxEvent,
} from '@curbside/domain';
import { DataSource, EntityManager, FindOptionsWhere, In } from 'typeorm';
import { inRead, inTransaction } from '../database/index';
import { EventEntity } from '../entities';
import { appendEvents, toOutboxEvent } from '../stores/event.store';
import { claimDueRows } from '../sql/claims';
import { chunk, KEYS_PER_QUERY } from '../sql/chunk';

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

  /** The events of `ids` that exist, by id (the notifier renders its deliveries' messages from them). */
  async byIds(ids: readonly number[]): Promise<Map<number, OutboxEvent>> {
    const rows = await inRead(this.dataSource, async (manager) => {
      const found: EventEntity[] = [];
      for (const part of chunk(ids, KEYS_PER_QUERY)) found.push(...(await manager.find(EventEntity, { where: { id: In(part) } })));
      return found;
    });
    return new Map(rows.map((row) => [Number(row.id), toOutboxEvent(row)]));
  }

  /**
   * The notices (CONTRACT §8) written under `keys`, in id order, each with its key and, where the
   * row stores one, the W3C `traceparent` of what caused it: what `notices explain` reads.
   */
  async byNoticeKeys(keys: readonly string[]): Promise<Array<OutboxEvent & { noticeKey: string }>> {
    const rows = await inRead(this.dataSource, async (manager) => {
      const found: EventEntity[] = [];
      for (const part of chunk(keys, KEYS_PER_QUERY)) found.push(...(await manager.find(EventEntity, { where: { noticeKey: In(part) }, order: { id: 'ASC' } })));
      return found;
    });
    return rows.map((row) => ({ ...toOutboxEvent(row), noticeKey: row.noticeKey as string }));
  }

  /** Claims due pending events for `worker` for `leaseSeconds` (see `claimDueRows`), oldest first. */
  async claimDue(worker: string, limit: number, leaseSeconds: number): Promise<OutboxEvent[]> {
    const rows = await claimDueRows(this.dataSource, EventEntity, 'events', { worker, limit, leaseSeconds });
    return rows.map(toOutboxEvent);
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
