import {
  addDays,
  emailKey,
  explainDelivery,
  matchingRecipients,
  owedNotices,
  reminderRunDay,
  unreachedSelections,
  type DailyWindow,
  type ExplainedDelivery,
  type Id,
  type LocalDate,
  type LocalDateTime,
  type NoticePickup,
  type Recipient,
  type UnreachedSelection,
} from '@curbside/domain';
import { CustomerRepository, DeliveryRepository, EventRepository, HolidayRepository, NoticeRepository, PreferenceRepository } from '@curbside/persistence';

/** One notice a customer is owed for the day, and what became of it. */
export interface ExplainedNotice {
  type: 'pickup.reminder' | 'pickup.moved';
  key: string;
  /** The holiday a move notice is about. */
  holiday: { date: LocalDate; name: string; delayDays: number } | null;
  /** The outbox event, once the run wrote it (null: not written, see `reached`). */
  event: { id: number; createdAt: LocalDateTime; state: string; lastError: string | null; traceId?: string } | null;
  /** Written: what became of each delivery. */
  deliveries: ExplainedDelivery[];
  /** Not written: who it would go to now (empty: nobody, so the run writes nothing). */
  reached: Recipient[];
  /** The customer's selections of the notice's audience it does not go to, and why. */
  unreached: UnreachedSelection[];
}

export interface NoticeExplanation {
  customerId: Id;
  date: LocalDate;
  /** The pickups on the day (holiday moves applied), and those scheduled that day that holidays move elsewhere. */
  pickups: NoticePickup[];
  movedAway: NoticePickup[];
  /** The run that writes the day's reminder (the day before's), and whether it has finished. */
  reminderRun: { day: LocalDate; finished: boolean };
  notices: ExplainedNotice[];
}

export interface ExplainOptions {
  timeZone: string;
  quietHours: DailyWindow | null;
}

const asPickup = (pickup: { serviceId: string; serviceName: string; scheduledDate: LocalDate; date: LocalDate; holidays: ReadonlyArray<{ name: string }> }): NoticePickup => ({
  serviceId: pickup.serviceId,
  service: pickup.serviceName,
  scheduledDate: pickup.scheduledDate,
  date: pickup.date,
  holidays: pickup.holidays.map((holiday) => holiday.name),
});

/** The trace id of a W3C traceparent (`00-<trace id>-<span id>-<flags>`), shown only when the event stores one. */
const traceOf = (traceparent: string | null): { traceId?: string } => {
  const traceId = traceparent?.split('-')[1];
  return traceId === undefined ? {} : { traceId };
};

/**
 * `notices explain`: from the data alone, what a customer was or will be told for a
 * day and why not otherwise. It asks the rules the run and the notifier use (the domain's
 * `owedNotices`, `matchingRecipients` / `unreachedSelections`, `explainDelivery`) of what is
 * stored: the services and holidays, the notices written and their deliveries, the preferences
 * and the suppression list. It reads; it writes nothing. Null when there is no such customer.
 */
export class ExplainNotices {
  constructor(
    private readonly customers: CustomerRepository,
    private readonly notices: NoticeRepository,
    private readonly holidays: HolidayRepository,
    private readonly preferences: PreferenceRepository,
    private readonly events: EventRepository,
    private readonly deliveries: DeliveryRepository,
    private readonly options: ExplainOptions,
  ) {}

  async explain(customerId: Id, date: LocalDate, now: Date = new Date()): Promise<NoticeExplanation | null> {
    if ((await this.customers.find(customerId)) === null) return null;
    const services = await this.notices.scheduledServicesOf(customerId);
    // A holiday moves pickups of its own week, by at most the calendar's delays: two weeks each side cover it.
    const holidays = await this.holidays.list({ from: addDays(date, -14), to: addDays(date, 14) });
    const owed = owedNotices(customerId, services, holidays, date);
    const preferences = (await this.preferences.listOf([customerId])).get(customerId) ?? [];
    const written = new Map((await this.events.byNoticeKeys(owed.notices.map((notice) => notice.key))).map((event) => [event.noticeKey, event]));
    const deliveries = await this.deliveries.ofEvents([...written.values()].map((event) => event.id));
    const suppressions = await this.deliveries.suppressionsOf(deliveries.filter((d) => d.state === 'suppressed').map((d) => d.address));
    const suppressionOf = (address: string) => suppressions.find((suppression) => suppression.address === emailKey(address));
    const runDay = reminderRunDay(date);
    return {
      customerId,
      date,
      pickups: owed.pickups.map(asPickup),
      movedAway: owed.movedAway.map(asPickup),
      reminderRun: { day: runDay, finished: await this.notices.isRunFinished(runDay) },
      notices: owed.notices.map((notice) => {
        const event = written.get(notice.key) ?? null;
        const payload = notice.event.payload;
        const type = notice.event.type as ExplainedNotice['type'];
        return {
          type,
          key: notice.key,
          holiday: type === 'pickup.moved' ? { date: payload['holidayDate'] as LocalDate, name: payload['holidayName'] ?? '', delayDays: Number(payload['delayDays']) } : null,
          event: event === null ? null : { id: event.id, createdAt: event.createdAt, state: event.state, lastError: event.lastError, ...traceOf(event.traceparent) },
          deliveries: deliveries
            .filter((delivery) => delivery.eventId === event?.id && delivery.channel !== 'Webhook')
            .map((delivery) => explainDelivery(delivery, suppressionOf(delivery.address), { window: this.options.quietHours, timeZone: this.options.timeZone }, now)),
          reached: event === null ? matchingRecipients(notice.event, preferences) : [],
          unreached: unreachedSelections(notice.event, preferences),
        };
      }),
    };
  }
}
