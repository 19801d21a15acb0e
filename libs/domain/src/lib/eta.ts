import { addDays, weekdayIndex } from './dates';
import { type Holiday, type Pickup, type PickupEta, type ServiceSchedule, WEEKDAYS } from './pickups';
import { isScheduledOn, weekdayName } from './schedules';
import type { LocalDate } from './values';

/** `reason_code` of a day with no pickup record: the schedule plans a pickup, or it does not. */
export const ETA_SCHEDULED = 'Scheduled';
export const ETA_NOT_SCHEDULED = 'NotScheduled';

/** The `ETA` of `services/{serviceId}/ETA`: the truck's window plus the sentence for the day. */
export interface EtaView extends PickupEta {
  /** "You are scheduled to be serviced today", "… tomorrow", "… on Thursday", or not on this day. */
  dayOfWeekName: string;
}

export interface EtaQuestion {
  service: { lineOfBusiness: string | null; schedule: ServiceSchedule | null };
  /** The pickup records of this one service. */
  pickups: readonly Pickup[];
  holidays: readonly Holiday[];
  requestDate: LocalDate;
  today: LocalDate;
  /** Picks the record when given; a `ROLLOFF` service's records are only found by it. */
  ticketNumber?: string | null;
}

/**
 * The ETA rule of CONTRACT §6: the pickup record of that day (for a roll-off, the one with the
 * ticket number) gives its `eta`; without one, the schedule says `Scheduled` or `NotScheduled`.
 * A record without an `eta` answers like a scheduled day without a record.
 */
export function etaFor(question: EtaQuestion): EtaView {
  const record = pickupRecordFor(question);
  const scheduled =
    record !== undefined ||
    (question.service.schedule !== null && isScheduledOn(question.service.schedule, question.holidays, question.requestDate));
  const dayOfWeekName = scheduled ? scheduledSentence(question.requestDate, question.today) : NOT_SCHEDULED_SENTENCE;
  if (record?.eta) return { ...record.eta, dayOfWeekName };
  return {
    from: null,
    to: null,
    reasonCode: scheduled ? ETA_SCHEDULED : ETA_NOT_SCHEDULED,
    reasonText: null,
    servicedAt: null,
    routeId: record?.operations.routeId ?? null,
    dayOfWeekName,
  };
}

const NOT_SCHEDULED_SENTENCE = 'You are not scheduled to be serviced on this day';

function scheduledSentence(requestDate: LocalDate, today: LocalDate): string {
  if (requestDate === today) return 'You are scheduled to be serviced today';
  if (requestDate === addDays(today, 1)) return 'You are scheduled to be serviced tomorrow';
  return `You are scheduled to be serviced on ${weekdayName(WEEKDAYS[weekdayIndex(requestDate)])}`;
}

function pickupRecordFor({ service, pickups, requestDate, ticketNumber }: EtaQuestion): Pickup | undefined {
  const ofTheDay = pickups.filter((p) => p.plannedDate === requestDate);
  if (ticketNumber) return ofTheDay.find((p) => p.ticketNumber === ticketNumber);
  if (service.lineOfBusiness === 'ROLLOFF') return undefined;
  return ofTheDay.find((p) => p.eta !== null) ?? ofTheDay[0];
}
