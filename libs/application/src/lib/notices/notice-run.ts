import {
  addDays,
  firstPickupDay,
  holidayMoves,
  matchingRecipients,
  movedNotice,
  pickupsOn,
  planDeliveries,
  reminderNotice,
  routeOf,
  type Holiday,
  type Id,
  type LocalDate,
  type NewDelivery,
  type Notice,
  type NoticeService,
  type OutboxEvent,
  type PreferenceCategory,
} from '@curbside/domain';
import { HolidayRepository, inSpan, NOTICE_CHUNK, NoticeRepository } from '@curbside/persistence';

/**
 * What a run did (or, dry, would do): the customers newly notified of tomorrow's pickups and of holiday moves;
 * how many customers pick up tomorrow at all, notified or not; and, when none does, the next day one does.
 */
export interface NoticeRunResult {
  today: LocalDate;
  reminders: number;
  moves: number;
  pickups: number;
  /** Only when `pickups` is 0: the first day after tomorrow with a pickup, within `NEXT_PICKUP_SEARCH_DAYS`; else null. */
  nextPickupDay?: LocalDate | null;
}

/** How far past tomorrow a run looks for the next day with pickups: the longest schedule's cycle (every four weeks) and a holiday's move. */
const NEXT_PICKUP_SEARCH_DAYS = 35;

export interface NoticeOptions {
  timeZone: string;
  reminderTime: string;
  noticeHorizonDays: number;
  leaseSeconds: number;
  pollMs: number;
}

/** Chunks written at once by a run: this one and the one before, each in its own transaction. */
const WRITES_IN_STEP = 2;

/** The categories the notices are sent under (from the routing table, the one place that says). */
const NOTICE_CATEGORIES = [
  ...new Set(
    (['pickup.reminder', 'pickup.moved'] as const).map((type) => routeOf({ customerId: '', type, payload: {} }).category as PreferenceCategory),
  ),
];

/**
 * The daily run of CONTRACT §8: tomorrow's reminders and the move notices of the next
 * `NOTICE_HORIZON_DAYS` days, for every customer, a chunk of customers at a time (a page of
 * a keyset read in customer-id order, the next page read while this one is written: memory
 * stays flat in the customers). Each chunk's notices (those with a matching selection) are
 * written with their deliveries in one transaction, under keys that make a rerun, a crash or
 * a second writer add nothing twice. The deliveries say who gets which notice; the notifier
 * renders each message when it sends it.
 */
export class NoticeRun {
  constructor(
    private readonly notices: NoticeRepository,
    private readonly holidays: HolidayRepository,
    private readonly options: Pick<NoticeOptions, 'noticeHorizonDays'>,
    private readonly customersPerChunk = NOTICE_CHUNK,
  ) {}

  /**
   * Runs the day as if today were `today`; `dryRun` counts and writes nothing. `afterChunk` runs
   * after each chunk is written (a lease's renewal); should it throw, the run ends once the chunk
   * being written beside it is written too.
   */
  run(today: LocalDate, options: { dryRun?: boolean; afterChunk?: () => Promise<void> } = {}): Promise<NoticeRunResult> {
    // One span for the run: every notice it writes, and every delivery of it the notifier sends, is in its trace.
    return inSpan('notices.run', async (span) => {
      const result = await this.runDay(today, options);
      span.setAttributes({ 'curbside.reminders': result.reminders, 'curbside.moves': result.moves });
      return result;
    }, { attributes: { 'curbside.day': today, 'curbside.dry_run': options.dryRun === true } });
  }

  private async runDay(today: LocalDate, { dryRun = false, afterChunk }: { dryRun?: boolean; afterChunk?: () => Promise<void> }): Promise<NoticeRunResult> {
    const tomorrow = addDays(today, 1);
    const until = addDays(tomorrow, this.options.noticeHorizonDays - 1);
    const holidays = await this.holidays.list({ from: addDays(tomorrow, -7), to: addDays(until, 7) });
    const days: NoticeDays = { holidays, tomorrow, until };
    const result: NoticeRunResult = { today, reminders: 0, moves: 0, pickups: 0 };
    const finish = async (writing: Promise<Notice[]>) => {
      const written = await writing;
      result.reminders += customersOf(written, 'pickup.reminder');
      result.moves += customersOf(written, 'pickup.moved');
      await afterChunk?.();
    };
    let next = handled(this.chunkAfter(null, days, dryRun));
    const writing: Array<Promise<Notice[]>> = [];
    try {
      for (let chunk = await next; chunk !== null; chunk = await next) {
        result.pickups += chunk.pickups;
        // In step: the next chunk is read and planned while this one is written, and this one's
        // transaction runs beside the one before (two writing connections, disjoint customers).
        next = handled(chunk.last === null ? Promise.resolve(null) : this.chunkAfter(chunk.last, days, dryRun));
        writing.push(handled(this.write(chunk)));
        if (writing.length === WRITES_IN_STEP) await finish(writing[0]).finally(() => writing.shift());
      }
      if (writing.length > 0) await finish(writing[0]);
      if (!dryRun && result.reminders + result.moves > 0) await this.notices.refreshStatistics();
      if (result.pickups === 0) result.nextPickupDay = await this.nextPickupDay(tomorrow);
      return result;
    } finally {
      // Stopped (a lost lease, a failed chunk): what is being written ends before the run does.
      await Promise.allSettled(writing);
    }
  }

  /** The first day after `tomorrow` on which any customer picks up (a second read of the services: only for a day without pickups). */
  private async nextPickupDay(tomorrow: LocalDate): Promise<LocalDate | null> {
    const from = addDays(tomorrow, 1);
    const until = addDays(tomorrow, NEXT_PICKUP_SEARCH_DAYS);
    const holidays = await this.holidays.list({ from: addDays(from, -7), to: addDays(until, 7) });
    let first: LocalDate | null = null;
    for (let after: Id | null = null; ; ) {
      const services = await this.notices.scheduledServicesAfter(after, this.customersPerChunk);
      for (const owned of services.values()) {
        const day = firstPickupDay(owned, holidays, from, first === null ? until : addDays(first, -1));
        if (day !== null) first = day;
      }
      if (services.size < this.customersPerChunk) return first;
      after = [...services.keys()][services.size - 1];
    }
  }

  /**
   * The chunk of customers after `afterCustomerId` (null: the first), with their notices that
   * reach a selection now and are not yet written, and (unless dry) their deliveries' plans; null past the last.
   */
  private async chunkAfter(afterCustomerId: Id | null, { holidays, tomorrow, until }: NoticeDays, dryRun: boolean): Promise<NoticeChunk | null> {
    const services = await this.notices.scheduledServicesAfter(afterCustomerId, this.customersPerChunk);
    if (services.size === 0) return null;
    const notices = [...services].flatMap(([customerId, owned]) => noticesOf(customerId, owned, holidays, tomorrow, until));
    const pickups = notices.filter((notice) => notice.event.type === 'pickup.reminder').length;
    const through = [...services.keys()][services.size - 1];
    const preferences = await this.notices.reachablePreferencesIn({ after: afterCustomerId, through }, NOTICE_CATEGORIES);
    const reaching = notices.filter(
      (notice) => matchingRecipients(notice.event, preferences.get(notice.event.customerId) ?? []).length > 0,
    );
    // Those already written (a rerun's, a crash's) are left out before their events are built and sent; the keys still guard the insert.
    const written = await this.notices.written(reaching);
    const fresh = reaching.filter((notice) => !written.has(notice.key));
    const last = services.size < this.customersPerChunk ? null : through;
    if (dryRun) return { fresh, planned: null, last, pickups };
    const planned = new Map(fresh.map((notice) => [notice.key, planDeliveries(notice.event, preferences.get(notice.event.customerId) ?? [])]));
    return { fresh, planned, last, pickups };
  }

  /** Writes the chunk's notices with their deliveries; those newly written (dry: those that would be). */
  private async write({ fresh, planned }: NoticeChunk): Promise<Notice[]> {
    if (planned === null) return fresh;
    const events = await this.notices.record(fresh, (written) => written.flatMap(({ key, event }) => deliveriesOf(planned, key)(event)));
    return events.map((event) => ({ key: '', event }));
  }
}

function deliveriesOf(planned: ReadonlyMap<string, PlannedDeliveries>, key: string): PlannedDeliveries {
  const deliveries = planned.get(key);
  if (deliveries === undefined) throw new Error(`notice ${key} was written but not planned`);
  return deliveries;
}

/** What the run's notices are worked out from. */
interface NoticeDays {
  holidays: readonly Holiday[];
  tomorrow: LocalDate;
  until: LocalDate;
}

/** A notice's deliveries, who gets it worked out: the rows, once its event is written (the event's id is in their keys). */
type PlannedDeliveries = (written: OutboxEvent) => NewDelivery[];

/**
 * One chunk of the run: its notices that reach a selection and are not yet written, their
 * deliveries by notice key (planned; null in a dry run), its last customer (null: no
 * chunk follows), and how many of its customers pick up tomorrow.
 */
interface NoticeChunk {
  fresh: Notice[];
  planned: Map<string, PlannedDeliveries> | null;
  last: Id | null;
  pickups: number;
}

/**
 * `promise`, its failure marked handled: a run stopped while the next chunk is read (its lease
 * lost) leaves no unhandled rejection. Whoever awaits it still sees the failure.
 */
function handled<T>(promise: Promise<T>): Promise<T> {
  promise.catch(() => undefined);
  return promise;
}

function noticesOf(customerId: Id, services: readonly NoticeService[], holidays: readonly Holiday[], tomorrow: LocalDate, until: LocalDate): Notice[] {
  const pickups = pickupsOn(services, holidays, tomorrow);
  const reminder = pickups.length > 0 ? [reminderNotice(customerId, tomorrow, pickups)] : [];
  return [...reminder, ...holidayMoves(services, holidays, tomorrow, until).map((moves) => movedNotice(customerId, moves))];
}

const customersOf = (notices: readonly Notice[], type: Notice['event']['type']): number =>
  new Set(notices.filter((notice) => notice.event.type === type).map((notice) => notice.event.customerId)).size;
