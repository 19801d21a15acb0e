import {
  nowLocalDateTime,
  type Id,
  type LocalDate,
  type NewDelivery,
  type NewEvent,
  type Notice,
  type NoticeService,
  type OutboxEvent,
  type Preference,
  type PreferenceCategory,
  type RouteAlert,
  type ServiceStatus,
  type Weekday,
} from '@curbside/domain';
import { DataSource, EntityManager } from 'typeorm';
import { inRead, inTransaction, refreshStatistics, relaxedCommit } from '../database/index';
import { DeliveryEntity, EventEntity, NoticeRunEntity, RouteAlertEntity } from '../entities';
import { loadReachablePreferencesIn, type CustomerRange } from '../stores/preference.store';
import { pendingDeliveryRows } from './delivery.repository';
import { currentTraceparent } from '../tracing';
import { arrayParameter } from '../sql/array-parameter';
import { chunk, PARAMETERS_PER_STATEMENT } from '../sql/chunk';
import { insertRows } from '../sql/insert-rows';

/**
 * Customers per chunk of the daily run: one page of its keyset read of the services, then their
 * preferences and their notices written, a few statements each, never one by one. Memory is
 * bounded by the chunk, not by the customers.
 */
export const NOTICE_CHUNK = 5000;

/** Notices per INSERT (8 parameters each on SQLite), under the bind-parameter limits. */
const NOTICES_PER_STATEMENT = Math.floor(PARAMETERS_PER_STATEMENT / 8);

/** A notice as written: its key, and its event with the id it got. */
export interface WrittenNotice {
  key: string;
  event: OutboxEvent;
}

/** Turns newly written notices into their events' deliveries (the notifier's planning, passed in). */
export type PlanDeliveries = (written: readonly WrittenNotice[]) => NewDelivery[];

/**
 * An active service with a schedule, of the services read as `alias`: the domain's
 * `isScheduledService` (service-rules.ts) restated in SQL, so that a page of the daily run is read
 * in one statement; notice.repository.spec.ts holds the two to each other on every case.
 */
const scheduled = (alias: string): string =>
  `${alias}."status" = 'Active' AND ${alias}."schedule_days" IS NOT NULL AND ${alias}."schedule_every_weeks" IS NOT NULL AND ${alias}."schedule_starts_on" IS NOT NULL`;

const SCHEDULED_SERVICES = `SELECT s."customer_id" AS "customerId", s."id", s."status", s."name", s."catalog_name" AS "catalogName",
         s."schedule_days" AS "scheduleDays", s."schedule_every_weeks" AS "scheduleEveryWeeks", s."schedule_starts_on" AS "scheduleStartsOn"
  FROM "services" s WHERE ${scheduled('s')}`;

interface ServiceRow {
  customerId: string;
  id: string;
  status: string;
  name: string | null;
  catalogName: string | null;
  scheduleDays: string;
  scheduleEveryWeeks: number;
  scheduleStartsOn: string;
}

/**
 * The notices of CONTRACT §8, set-wise: the services the schedules are read from (a page of
 * thousands of customers a query), the preferences of thousands of customers a query, notice events
 * written with their deliveries in one transaction per chunk under a unique key (so a rerun, a
 * crash or a second writer adds nothing twice), the daily run's lease, and the route alerts.
 */
export class NoticeRepository {
  constructor(private readonly dataSource: DataSource) {}

  /**
   * Every customer's active services with a schedule, by customer in id order (with the
   * `operations` of `routeId` only, when given): what a route alert needs.
   */
  async scheduledServices(routeId: string): Promise<Map<Id, NoticeService[]>> {
    const onRoute = `AND EXISTS (SELECT 1 FROM "service_operations" o WHERE o."customer_id" = s."customer_id" AND o."service_id" = s."id" AND o."route_id" = :routeId)`;
    const [rows, operations] = await inRead(this.dataSource, (manager) =>
      Promise.all([
        this.query<ServiceRow>(manager, `${SCHEDULED_SERVICES} ${onRoute} ORDER BY s."customer_id", s."id"`, { routeId }),
        this.query<{ customerId: string; serviceId: string; dayOfWeek: string | null }>(
          manager,
          `SELECT "customer_id" AS "customerId", "service_id" AS "serviceId", "day_of_week" AS "dayOfWeek"
           FROM "service_operations" WHERE "route_id" = :routeId`,
          { routeId },
        ),
      ]),
    );
    const operationsOf = new Map<string, NoticeService['operations']>();
    for (const { customerId, serviceId, dayOfWeek } of operations) {
      const key = `${customerId}/${serviceId}`;
      operationsOf.set(key, [...(operationsOf.get(key) ?? []), { routeId, dayOfWeek: dayOfWeek as Weekday | null, notes: null }]);
    }
    return byCustomer(rows, (row) => operationsOf.get(`${row.customerId}/${row.id}`) ?? []);
  }

  /**
   * One page of the daily run's keyset read: the active services with a schedule of the first
   * `customers` customers (that have any) after `afterCustomerId` (null: from the first), by
   * customer in id order, without their operations. One statement a page: the page's last
   * customer first, then its services as one range of the primary key (an `IN` of the page's
   * customers would have PostgreSQL scan every service for every page).
   */
  async scheduledServicesAfter(afterCustomerId: Id | null, customers: number): Promise<Map<Id, NoticeService[]>> {
    const after = (alias: string) => (afterCustomerId === null ? '' : `AND ${alias}."customer_id" > :afterCustomerId`);
    const rows = await inRead(this.dataSource, (manager) =>
      this.query<ServiceRow>(
        manager,
        `${SCHEDULED_SERVICES} ${after('s')} AND s."customer_id" <= (SELECT MAX(page."customer_id") FROM (
           SELECT DISTINCT p."customer_id" FROM "services" p WHERE ${scheduled('p')} ${after('p')} ORDER BY p."customer_id" LIMIT :customers) page)
         ORDER BY s."customer_id", s."id"`,
        { afterCustomerId, customers },
      ),
    );
    return byCustomer(rows, () => []);
  }

  /** One customer's scheduled services, as `scheduledServicesAfter` reads them. */
  async scheduledServicesOf(customerId: Id): Promise<NoticeService[]> {
    const rows = await inRead(this.dataSource, (manager) =>
      this.query<ServiceRow>(manager, `${SCHEDULED_SERVICES} AND s."customer_id" = :customerId ORDER BY s."id"`, { customerId }),
    );
    return byCustomer(rows, () => []).get(customerId) ?? [];
  }

  /**
   * What of the preferences in `categories` of the customers of a range (a page of
   * `scheduledServicesAfter`) can reach anyone, by customer (see `loadReachablePreferencesIn`).
   */
  reachablePreferencesIn(range: CustomerRange, categories: readonly PreferenceCategory[]): Promise<Map<Id, Preference[]>> {
    return inRead(this.dataSource, (manager) => loadReachablePreferencesIn(manager, range, categories));
  }

  /** The keys of `notices` already written. */
  async written(notices: readonly Notice[]): Promise<Set<string>> {
    if (notices.length === 0) return new Set();
    const keys = notices.map((notice) => notice.key);
    const written = new Set<string>();
    await inRead(this.dataSource, async (manager) => {
      for (const part of chunk(keys, PARAMETERS_PER_STATEMENT)) {
        const rows = await this.query<{ key: string }>(
          manager,
          `SELECT "notice_key" AS "key" FROM "events" WHERE "notice_key" IN (:...keys)`,
          { keys: part },
        );
        for (const row of rows) written.add(row.key);
      }
    });
    return written;
  }

  /**
   * Writes the events of `notices` whose key is new, in one transaction: with `plan`, their
   * deliveries too (the events are then done); without, the events wait for the notifier's
   * fan-out (which also posts them to webhooks). The events written, in id order.
   */
  async record(notices: readonly Notice[], plan: PlanDeliveries | null): Promise<OutboxEvent[]> {
    if (notices.length === 0) return [];
    return inTransaction(this.dataSource, async (manager) => {
      // A run's chunk can simply be written again (its keys skip what is there): its COMMIT need not wait for the disk.
      await relaxedCommit(manager);
      const written = await this.insertEvents(manager, notices, plan === null ? 'pending' : 'delivered');
      if (plan !== null) await this.insertDeliveries(manager, plan(written));
      return written.map(({ event }) => event);
    });
  }

  /** Inserts the events of `notices` whose key is new, as few statements as the parameter limit allows; those written, by id. */
  private async insertEvents(manager: EntityManager, notices: readonly Notice[], state: 'pending' | 'delivered'): Promise<WrittenNotice[]> {
    const events: WrittenNotice[] = [];
    for (const part of chunk(notices, NOTICES_PER_STATEMENT)) events.push(...(await this.insertEventsOnce(manager, part, state)));
    return events;
  }

  private async insertEventsOnce(
    manager: EntityManager,
    notices: readonly Notice[],
    state: 'pending' | 'delivered',
  ): Promise<WrittenNotice[]> {
    const now = nowLocalDateTime();
    const traceparent = currentTraceparent();
    const [rows, parameters] =
      this.dataSource.options.type === 'postgres'
        ? // One array per column (see unnestInsert in sql/unnest-insert.ts).
          [
            `SELECT c, t, p, $4, $5, $5, k, 0, NULL, NULL, NULL, $7 FROM unnest($1::text[], $2::text[], $3::text[], $6::text[]) AS x(c, t, p, k)`,
            [
              arrayParameter(notices.map(({ event }) => event.customerId)),
              arrayParameter(notices.map(({ event }) => event.type)),
              arrayParameter(notices.map(({ event }) => JSON.stringify(event.payload))),
              state,
              now,
              arrayParameter(notices.map(({ key }) => key)),
              traceparent,
            ],
          ]
        : [
            `VALUES ${notices.map(() => '(?, ?, ?, ?, ?, ?, ?, 0, NULL, NULL, NULL, ?)').join(', ')}`,
            notices.flatMap(({ key, event }) => [event.customerId, event.type, JSON.stringify(event.payload), state, now, now, key, traceparent]),
          ];
    const sql = `INSERT INTO "events" ("customer_id", "type", "payload", "state", "created_at", "next_attempt_at", "notice_key", "attempts", "last_error", "claimed_by", "claimed_until", "traceparent")
      ${rows} ON CONFLICT ("notice_key") DO NOTHING RETURNING "id", "notice_key" AS "key"`;
    // Only the ids come back: the rest of each event is what was just written (a million rows' payloads are not read back).
    const written = (await manager.query(sql, parameters)) as { id: number | string; key: string }[];
    const byKey = new Map(notices.map((notice) => [notice.key, notice.event]));
    return (Array.isArray(written) ? written : [])
      .map(({ id, key }): WrittenNotice => {
        const { customerId, type, payload } = byKey.get(key) as NewEvent;
        return { key, event: { id: Number(id), customerId, type, payload, state, attempts: 0, createdAt: now, nextAttemptAt: now, lastError: null, traceparent } };
      })
      .sort((a, b) => a.event.id - b.event.id);
  }

  private async insertDeliveries(manager: EntityManager, deliveries: readonly NewDelivery[]): Promise<void> {
    await insertRows(manager, DeliveryEntity, pendingDeliveryRows(deliveries));
  }

  /** Planner statistics for the tables a run writes in bulk (events, deliveries), once it has written. */
  async refreshStatistics(): Promise<void> {
    await refreshStatistics(this.dataSource, [EventEntity, DeliveryEntity].map((entity) => this.dataSource.getMetadata(entity).tableName));
  }

  /**
   * Takes the daily run of `day` for `worker` until `leaseSeconds` from now: false when the day is
   * done or another worker's lease on it still runs. One atomic upsert, on both drivers.
   */
  async claimRun(day: LocalDate, worker: string, leaseSeconds: number): Promise<boolean> {
    const now = nowLocalDateTime();
    const until = nowLocalDateTime(new Date(Date.now() + leaseSeconds * 1000));
    const claimed = await inTransaction(this.dataSource, (manager) =>
      this.query<{ day: string }>(
        manager,
        `INSERT INTO "notice_runs" ("day", "claimed_by", "claimed_until", "finished_at") VALUES (:day, :worker, :until, NULL)
         ON CONFLICT ("day") DO UPDATE SET "claimed_by" = excluded."claimed_by", "claimed_until" = excluded."claimed_until"
         WHERE "notice_runs"."finished_at" IS NULL AND ("notice_runs"."claimed_until" IS NULL OR "notice_runs"."claimed_until" <= :now
                OR "notice_runs"."claimed_by" = :worker)
         RETURNING "day"`,
        { day, worker, until, now },
      ),
    );
    return claimed.length > 0;
  }

  /** Marks the day's run done (when `worker` still holds it); no notifier runs it again. */
  async finishRun(day: LocalDate, worker: string): Promise<void> {
    await inTransaction(this.dataSource, (manager) =>
      manager.update(NoticeRunEntity, { day, claimedBy: worker }, { finishedAt: nowLocalDateTime(), claimedUntil: null }),
    );
  }

  /** True when the day's run finished. */
  async isRunFinished(day: LocalDate): Promise<boolean> {
    const run = await inRead(this.dataSource, (manager) => manager.findOne(NoticeRunEntity, { where: { day } }));
    return run?.finishedAt != null;
  }

  /** Stores a route alert and its customers' events (pending: the notifier fans them out, webhooks included), at once. */
  async createAlert(alert: RouteAlert, notices: readonly Notice[]): Promise<void> {
    await inTransaction(this.dataSource, async (manager) => {
      await manager.insert(RouteAlertEntity, { ...alert });
      await this.insertEvents(manager, notices, 'pending');
    });
  }

  /** The route alerts, newest first. */
  async alerts(): Promise<RouteAlert[]> {
    const rows = await inRead(this.dataSource, (manager) => manager.find(RouteAlertEntity, { order: { createdAt: 'DESC', id: 'DESC' } }));
    return rows.map((row) => ({ ...row, customers: Number(row.customers) }));
  }

  private async query<T>(manager: EntityManager, sql: string, parameters: Record<string, unknown>): Promise<T[]> {
    const [text, values] = this.dataSource.driver.escapeQueryWithParameters(sql, parameters, {});
    return (await manager.query(text, values)) as T[];
  }
}


/** Service rows (by customer in id order) as each customer's services, with the operations `operationsOf` gives. */
function byCustomer(rows: readonly ServiceRow[], operationsOf: (row: ServiceRow) => NoticeService['operations']): Map<Id, NoticeService[]> {
  const services = new Map<Id, NoticeService[]>();
  for (const row of rows) {
    const service: NoticeService = {
      id: row.id,
      status: row.status as ServiceStatus,
      name: row.name,
      catalog: { name: row.catalogName },
      schedule: { days: row.scheduleDays.split(',') as Weekday[], everyWeeks: Number(row.scheduleEveryWeeks), startsOn: row.scheduleStartsOn },
      operations: operationsOf(row),
    };
    const owned = services.get(row.customerId);
    if (owned) owned.push(service);
    else services.set(row.customerId, [service]);
  }
  return services;
}
