import {
  emailKey,
  nowLocalDateTime,
  type Delivery,
  type DeliveryChannel,
  type DeliveryState,
  type EmailActivity,
  type Id,
  type LocalDateTime,
  type NewDelivery,
  type SelectionType,
  type TextEncoding,
  type CapHold,
  type CustomerSendWindow,
  type Suppression,
} from '@curbside/domain';
import { DataSource, EntityManager, FindOptionsWhere, In, MoreThanOrEqual, Not } from 'typeorm';
import { inRead, inTransaction } from '../database/index';
import { DeliveryEntity, EventEntity, SuppressionEntity } from '../entities';
import { insertEmailActivities } from '../stores/activity.store';
import { chunk, KEYS_PER_QUERY } from '../sql/chunk';
import { claimDueRows } from '../sql/claims';
import { currentTraceparent } from '../tracing';

/** For each customer: its messages (not webhooks) delivered since `since`, oldest first, and those leased now, by id. */
async function sendWindows(manager: EntityManager, customerIds: readonly Id[], since: LocalDateTime): Promise<Map<Id, CustomerSendWindow>> {
  const windows = new Map<Id, CustomerSendWindow>(customerIds.map((id) => [id, { deliveredAt: [], leasedIds: [] }]));
  const customers = { customerId: In([...customerIds]), channel: Not('Webhook') };
  // One statement, so one snapshot: a message is counted once, delivered or leased.
  const rows = await manager.find(DeliveryEntity, {
    select: ['customerId', 'id', 'state', 'deliveredAt'],
    where: [
      { ...customers, state: 'delivered', deliveredAt: MoreThanOrEqual(since) },
      { ...customers, state: 'pending', claimedUntil: MoreThanOrEqual(nowLocalDateTime()) },
    ],
    order: { deliveredAt: 'ASC', id: 'ASC' },
  });
  for (const row of rows) {
    const window = windows.get(row.customerId);
    if (row.state === 'delivered') window?.deliveredAt.push(row.deliveredAt as LocalDateTime);
    else window?.leasedIds.push(Number(row.id));
  }
  return windows;
}

/** Puts pending deliveries back in line, untried and unclaimed, due at `dueAt`. */
function releaseIn(manager: EntityManager, ids: readonly number[], dueAt: LocalDateTime): Promise<unknown> {
  return manager.update(DeliveryEntity, { id: In([...ids]), state: 'pending' }, { claimedBy: null, claimedUntil: null, nextAttemptAt: dueAt });
}

/** A delivery the other side accepted at `at`, with the email activity to record (emails only). */
export interface SentDelivery {
  delivery: Delivery;
  at: LocalDateTime;
  activity: EmailActivity | null;
}

/**
 * The notifier's deliveries: made when an event is fanned out, claimed with a lease like the
 * outbox, marked delivered (with the email activity, in one transaction) or failed.
 */
export class DeliveryRepository {
  constructor(private readonly dataSource: DataSource) {}

  /**
   * Stores the deliveries of events and marks those events done, in one transaction.
   * Deliveries already there (same idempotency key) are kept as they are.
   */
  async fanOut(fanned: ReadonlyArray<{ eventId: number; deliveries: readonly NewDelivery[] }>): Promise<void> {
    if (fanned.length === 0) return;
    const rows = pendingDeliveryRows(fanned.flatMap(({ deliveries }) => deliveries));
    await inTransaction(this.dataSource, async (manager) => {
      for (let start = 0; start < rows.length; start += 200) {
        await manager.createQueryBuilder().insert().into(DeliveryEntity).values(rows.slice(start, start + 200)).orIgnore().execute();
      }
      const eventIds = fanned.map(({ eventId }) => eventId);
      await manager.update(EventEntity, { id: In(eventIds) }, { state: 'delivered', claimedBy: null, claimedUntil: null });
    });
  }

  /**
   * Claims due pending deliveries for `worker` for `leaseSeconds` (see `claimDueRows`), oldest
   * first; never those in `except` (the ones the caller is still sending). Due by the clock's `at`.
   * Only `channel`'s when given: each channel of a notifier claims its own.
   */
  async claimDue(
    worker: string,
    limit: number,
    leaseSeconds: number,
    except: readonly number[] = [],
    at = new Date(),
    channel: DeliveryChannel | null = null,
  ): Promise<Delivery[]> {
    const scope: Record<string, string> = channel === null ? {} : { channel };
    const rows = await claimDueRows(this.dataSource, DeliveryEntity, 'deliveries', { worker, limit, leaseSeconds, except, at, scope });
    return rows.map(toDelivery);
  }

  /**
   * Marks deliveries delivered, each at its accept time, and records their email activities,
   * in one transaction; only a pending delivery changes, so a delivery is recorded once even
   * when two workers raced for it (a lease ran out mid-send). `claimed_by` stays: it tells
   * which worker delivered it. How many were recorded.
   */
  async markDelivered(sent: ReadonlyArray<SentDelivery>): Promise<number> {
    if (sent.length === 0) return 0;
    return inTransaction(this.dataSource, async (manager) => {
      let recorded = 0;
      for (const part of chunk(sent, KEYS_PER_QUERY)) {
        const changed = await markPendingDelivered(manager, part);
        const activities = part.flatMap(({ delivery, activity }) =>
          activity !== null && changed.has(delivery.id) ? [{ customerId: delivery.customerId, activity }] : [],
        );
        await insertEmailActivities(manager, activities);
        recorded += changed.size;
      }
      return recorded;
    });
  }

  /** Records a failed try: tried again from `retryAt`, or dead when that is null. */
  async markFailed(id: number, error: string, retryAt: LocalDateTime | null): Promise<void> {
    await inTransaction(this.dataSource, (manager) => (retryAt === null ? markDead(manager, id, error) : markTried(manager, id, error, { nextAttemptAt: retryAt })));
  }

  /**
   * A hard bounce (CONTRACT §10): the delivery is dead and its address goes on the suppression
   * list, in one transaction.
   */
  async markBounced(deliveryId: number, error: string, suppression: Suppression): Promise<void> {
    await inTransaction(this.dataSource, async (manager) => {
      await markDead(manager, deliveryId, error);
      await manager.createQueryBuilder().insert().into(SuppressionEntity).values(suppression).orIgnore().execute();
    });
  }

  /** Ends pending deliveries to suppressed addresses, untried: state `suppressed`. */
  async markSuppressed(ids: readonly number[]): Promise<void> {
    if (ids.length === 0) return;
    await inTransaction(this.dataSource, (manager) =>
      manager.update(DeliveryEntity, { id: In([...ids]), state: 'pending' }, { state: 'suppressed', claimedBy: null, claimedUntil: null }),
    );
  }

  /** Which of `addresses` are on the suppression list, in lower case. */
  async suppressedAmong(addresses: readonly string[]): Promise<Set<string>> {
    const keys = [...new Set(addresses.map(emailKey))];
    if (keys.length === 0) return new Set();
    const rows = await inRead(this.dataSource, async (manager) => {
      const found: SuppressionEntity[] = [];
      for (const part of chunk(keys, KEYS_PER_QUERY)) found.push(...(await manager.find(SuppressionEntity, { select: ['address'], where: { address: In(part) } })));
      return found;
    });
    return new Set(rows.map((row) => row.address));
  }

  /** The suppression list, by address. */
  async suppressions(): Promise<Suppression[]> {
    const rows = await inRead(this.dataSource, (manager) => manager.find(SuppressionEntity, { order: { address: 'ASC' } }));
    return rows.map(toSuppression);
  }

  /** The suppressions of `addresses` (compared in lower case). */
  async suppressionsOf(addresses: readonly string[]): Promise<Suppression[]> {
    const keys = [...new Set(addresses.map(emailKey))];
    if (keys.length === 0) return [];
    const rows = await inRead(this.dataSource, (manager) => manager.find(SuppressionEntity, { where: { address: In(keys) }, order: { address: 'ASC' } }));
    return rows.map(toSuppression);
  }

  /** The deliveries of `eventIds`, in the order they were made. */
  async ofEvents(eventIds: readonly number[]): Promise<Delivery[]> {
    if (eventIds.length === 0) return [];
    const rows = await inRead(this.dataSource, (manager) => manager.find(DeliveryEntity, { where: { eventId: In([...eventIds]) }, order: { id: 'ASC' } }));
    return rows.map(toDelivery);
  }

  /** Lifts the suppression of `address` (an operator's `suppressions delete`); false when it was not on the list. */
  async deleteSuppression(address: string): Promise<boolean> {
    const result = await inTransaction(this.dataSource, (manager) => manager.delete(SuppressionEntity, { address: emailKey(address) }));
    return (result.affected ?? 0) > 0;
  }

  /** Gives back leased deliveries untried: due again from `dueAt` (default now), for any worker. */
  async release(ids: readonly number[], dueAt: LocalDateTime = nowLocalDateTime()): Promise<void> {
    if (ids.length === 0) return;
    await inTransaction(this.dataSource, (manager) => releaseIn(manager, ids, dueAt));
  }

  /**
   * The hourly cap's decision for a batch: `decide` is given each customer's send window (its messages, not
   * webhooks, delivered since `since`, and those leased now), and the messages it holds go back in line until
   * their `freesAt` — in one transaction in which no other batch decides for these customers (PostgreSQL: an
   * advisory lock per customer until it ends; SQLite has one writer). Batches deciding for one customer at once
   * (each channel's lane, other notifiers) so decide one after the other, each seeing the other's messages as
   * held (released), kept (leased) or sent (delivered): never two at once on what the other has not decided.
   */
  async holdOverCap(customerIds: readonly Id[], since: LocalDateTime, decide: (windows: Map<Id, CustomerSendWindow>) => CapHold[]): Promise<CapHold[]> {
    if (customerIds.length === 0) return [];
    return inTransaction(this.dataSource, async (manager) => {
      if (this.dataSource.options.type === 'postgres') {
        // In one order, so two batches locking overlapping customers cannot wait on each other.
        await manager.query('SELECT pg_advisory_xact_lock(hashtext(k)) FROM (SELECT k FROM unnest($1::text[]) AS k ORDER BY k) AS sorted', [
          customerIds.map((id) => `curbside hourly cap ${id}`),
        ]);
      }
      const holds = decide(await sendWindows(manager, customerIds, since));
      for (const { ids, freesAt } of holds) await releaseIn(manager, ids, freesAt);
      return holds;
    });
  }

  /** Deliveries in the order they were made: all, or in one state. */
  async list(state?: DeliveryState): Promise<Delivery[]> {
    const where: FindOptionsWhere<DeliveryEntity> = state === undefined ? {} : { state };
    const rows = await inRead(this.dataSource, (manager) => manager.find(DeliveryEntity, { where, order: { id: 'ASC' } }));
    return rows.map(toDelivery);
  }

  /** Deliveries waiting to be sent (due or not yet due, leased or not): the notifier's queue depth. */
  async countPending(): Promise<number> {
    return inRead(this.dataSource, (manager) => manager.count(DeliveryEntity, { where: { state: 'pending' } }));
  }

  /** Pending deliveries leased right now (none once every worker has stopped or its leases ran out). */
  async countLeased(): Promise<number> {
    return inRead(this.dataSource, (manager) =>
      manager.count(DeliveryEntity, { where: { state: 'pending', claimedUntil: MoreThanOrEqual(nowLocalDateTime()) } }),
    );
  }

  /**
   * Puts dead deliveries back in line, due now, with a fresh count of attempts; how many there
   * were. One delivery by id may also be a suppressed one (its address lifted meanwhile).
   */
  async replay(target: number | 'all-dead'): Promise<number> {
    const where: FindOptionsWhere<DeliveryEntity> = target === 'all-dead' ? { state: 'dead' } : { id: target, state: In(['dead', 'suppressed']) };
    const result = await inTransaction(this.dataSource, (manager) =>
      manager.update(DeliveryEntity, where, {
        state: 'pending',
        attempts: 0,
        nextAttemptAt: nowLocalDateTime(),
        claimedBy: null,
        claimedUntil: null,
      }),
    );
    return result.affected ?? 0;
  }
}

/** Counts a failed try of a pending delivery, with `then` (when it is due again, or that it is dead). */
async function markTried(manager: EntityManager, id: number, error: string, then: { nextAttemptAt: LocalDateTime } | { state: 'dead' }): Promise<void> {
  await manager.update(
    DeliveryEntity,
    { id, state: 'pending' },
    { attempts: () => 'attempts + 1', lastError: error.slice(0, 1000), claimedBy: null, claimedUntil: null, ...then },
  );
}

const markDead = (manager: EntityManager, id: number, error: string): Promise<void> => markTried(manager, id, error, { state: 'dead' });

/**
 * One statement for many deliveries: those still pending become delivered, each at its own
 * accept time; the ids that changed (a delivery another worker recorded first is left as it is).
 */
async function markPendingDelivered(manager: EntityManager, sent: ReadonlyArray<SentDelivery>): Promise<Set<number>> {
  const values: Record<string, unknown> = {};
  const column = (name: string, value: (delivery: SentDelivery, n: number) => string) => `"${name}" = CASE "id" ${sent.map((d, n) => `WHEN :id${n} THEN ${value(d, n)}`).join(' ')} END`;
  sent.forEach(({ delivery, at }, n) => {
    Object.assign(values, { [`id${n}`]: delivery.id, [`at${n}`]: at, [`language${n}`]: delivery.language ?? null, [`encoding${n}`]: delivery.encoding ?? null, [`segments${n}`]: delivery.segments ?? null });
  });
  // What each message was written as (CONTRACT §11), recorded with its delivery.
  const form = [column('language', (_, n) => `CAST(:language${n} AS text)`), column('encoding', (_, n) => `CAST(:encoding${n} AS text)`), column('segments', (_, n) => `CAST(:segments${n} AS integer)`)];
  const [sql, parameters] = manager.connection.driver.escapeQueryWithParameters(
    `UPDATE "deliveries" SET "state" = 'delivered', ${column('delivered_at', (_, n) => `:at${n}`)}, ${form.join(', ')},
       "attempts" = "attempts" + 1, "last_error" = NULL, "claimed_until" = NULL
     WHERE "id" IN (:...ids) AND "state" = 'pending'
     RETURNING "id"`,
    { ...values, ids: sent.map(({ delivery }) => delivery.id) },
    {},
  );
  if (manager.queryRunner === undefined) throw new Error('a transaction runs on a query runner');
  const { records } = await manager.queryRunner.query(sql, parameters, true);
  return new Set((records as Array<{ id: number | string }>).map((row) => Number(row.id)));
}

const toSuppression = (row: SuppressionEntity): Suppression => ({
  address: row.address,
  reason: row.reason,
  deliveryId: row.deliveryId === null ? null : Number(row.deliveryId),
  createdAt: row.createdAt,
});

function toDelivery(row: DeliveryEntity): Delivery {
  return {
    id: Number(row.id),
    eventId: Number(row.eventId),
    customerId: row.customerId,
    channel: row.channel as DeliveryChannel,
    address: row.address,
    selectionType: row.selectionType as SelectionType | null,
    webhookId: row.webhookId,
    idempotencyKey: row.idempotencyKey,
    subject: row.subject,
    body: row.body,
    html: row.html,
    listUnsubscribe: row.listUnsubscribe,
    traceparent: row.traceparent ?? null,
    language: row.language ?? null,
    encoding: (row.encoding ?? null) as TextEncoding | null,
    segments: row.segments === null || row.segments === undefined ? null : Number(row.segments),
    state: row.state as DeliveryState,
    attempts: Number(row.attempts),
    createdAt: row.createdAt,
    nextAttemptAt: row.nextAttemptAt,
    deliveredAt: row.deliveredAt,
    lastError: row.lastError,
  };
}

/** The rows of new deliveries: pending, due now, never tried (the fan-out's and the daily notices'). */
export function pendingDeliveryRows(deliveries: readonly NewDelivery[]) {
  const now = nowLocalDateTime();
  const traceparent = currentTraceparent();
  // Field by field, not spread: a daily run writes millions of these, and a spread of a wide object is several times slower.
  return deliveries.map((delivery) => ({
    eventId: delivery.eventId,
    customerId: delivery.customerId,
    channel: delivery.channel,
    address: delivery.address,
    selectionType: delivery.selectionType,
    webhookId: delivery.webhookId,
    idempotencyKey: delivery.idempotencyKey,
    subject: delivery.subject,
    body: delivery.body,
    html: delivery.html,
    listUnsubscribe: delivery.listUnsubscribe ?? null,
    state: 'pending',
    attempts: 0,
    createdAt: now,
    nextAttemptAt: now,
    deliveredAt: null,
    lastError: null,
    claimedBy: null,
    claimedUntil: null,
    traceparent: delivery.traceparent ?? traceparent,
  }));
}
