import {
  addDays,
  compareDates,
  type Holiday,
  type Id,
  isScheduledService,
  type LocalDate,
  type ScheduledPickup,
  scheduledPickups,
  type Service,
  type ServiceSchedule,
  serviceName,
  weekdayIndex,
  WEEKDAYS,
} from '@curbside/domain';
import { Localized, type Writer } from '@curbside/messages';
import ical, { ICalEventTransparency } from 'ical-generator';

/** The calendar feed shows the pickups of the next 12 weeks, today included (CONTRACT §6). */
export const CALENDAR_WEEKS = 12;

/** Calendar apps are asked to fetch the feed again this often. */
const REFRESH_SECONDS = 12 * 60 * 60;

export interface CalendarService {
  id: Id;
  /** The name the customer knows the service by (the published name, else the catalog name). */
  name: string;
  schedule: ServiceSchedule | null;
}

/** The catalog messages a calendar is written from: it falls back as a whole when its language lacks any (CONTRACT §11). */
export const CALENDAR_MESSAGES = ['calendar.name', 'calendar.pickup', 'calendar.pickupMoved', 'calendar.moved', 'schedule.none', 'schedule.every', 'message.line'] as const;

export interface PickupCalendarRequest {
  /** Writes the calendar's texts in its language (CONTRACT §11). */
  words: Writer;
  customerId: Id;
  services: readonly CalendarService[];
  holidays: readonly Holiday[];
  today: LocalDate;
}

/** The calendar of a customer's active scheduled services (`services/calendar`, `Accept: text/calendar`). */
export function customerCalendar(customerId: Id, services: readonly Service[], holidays: readonly Holiday[], today: LocalDate, words: Writer): string {
  return pickupCalendar({
    words,
    customerId,
    services: services.filter(isScheduledService).map((service) => ({ id: service.id, name: serviceName(service), schedule: service.schedule })),
    holidays,
    today,
  });
}

/**
 * The `text/calendar` feed (RFC 5545): one all-day event per pickup of the next 12 weeks, holiday
 * moves applied. A pickup keeps its UID when a holiday moves it, because the UID is made of what
 * does not move (customer, service, scheduled date). DTSTAMP is today, so the same day gives the
 * same text. SUMMARY, DESCRIPTION and X-WR-CALNAME are in the request's language, the first two
 * marked with it (CONTRACT §11); UIDs and dates are the same in every language.
 */
export function pickupCalendar(request: PickupCalendarRequest): string {
  const { words } = request;
  const until = addDays(request.today, 7 * CALENDAR_WEEKS - 1);
  const calendar = ical({
    name: words.text('calendar.name', { customerId: request.customerId }),
    prodId: { company: 'Curbside', product: 'Pickup calendar', language: words.language.toUpperCase() },
    ttl: REFRESH_SECONDS,
  });
  const events = request.services
    .flatMap((service) =>
      service.schedule === null
        ? []
        : scheduledPickups(service.schedule, request.holidays, request.today, until).map((pickup) => ({ service, pickup })),
    )
    .sort((a, b) => compareDates(a.pickup.date, b.pickup.date));
  for (const { service, pickup } of events) {
    calendar.createEvent({
      id: `${request.customerId}-${service.id}-${pickup.scheduledDate}@curbside`,
      stamp: utcMidnight(request.today),
      start: utcMidnight(pickup.date),
      end: utcMidnight(addDays(pickup.date, 1)),
      allDay: true,
      transparency: ICalEventTransparency.TRANSPARENT,
      summary:
        pickup.holidays.length === 0
          ? words.text('calendar.pickup', { service: service.name })
          : words.text('calendar.pickupMoved', { service: service.name, holidays: holidayNames(pickup, words) }),
      description: describePickup(service, pickup, words),
    });
  }
  return withLanguage(calendar.toString(), words.language);
}

/** SUMMARY and DESCRIPTION with `;LANGUAGE=<tag>` (RFC 5545 §3.2.10): a line starts with its property's name, folding or not. */
const withLanguage = (text: string, language: string): string => text.replace(/^(SUMMARY|DESCRIPTION):/gm, `$1;LANGUAGE=${language}:`);

function describePickup(service: CalendarService, pickup: ScheduledPickup, words: Writer): string {
  const schedule = service.schedule === null ? '' : words.text('message.line', { headline: new Localized(describeSchedule(service.schedule, words)) });
  if (pickup.holidays.length === 0) return schedule;
  const moved = words.text('calendar.moved', { from: words.date(pickup.scheduledDate), to: words.date(pickup.date), holidays: holidayNames(pickup, words) });
  return schedule === '' ? moved : `${moved} ${schedule}`;
}

const holidayNames = (pickup: ScheduledPickup, words: Writer): Localized => words.list(pickup.holidays.map((h) => h.name));

/** "Every Monday and Thursday", "Every other Friday", in the writer's language. */
function describeSchedule(schedule: ServiceSchedule, words: Writer): string {
  const days = WEEKDAYS.filter((day) => schedule.days.includes(day));
  if (days.length === 0) return words.text('schedule.none');
  return words.text('schedule.every', { everyWeeks: schedule.everyWeeks, days: words.list(days.map((day) => words.weekday(dayOf(day)))) });
}

/** A date that falls on `day`: the writer names weekdays from dates. */
const A_MONDAY: LocalDate = '2026-11-23';
const dayOf = (day: (typeof WEEKDAYS)[number]): LocalDate => addDays(A_MONDAY, WEEKDAYS.indexOf(day) - weekdayIndex(A_MONDAY));

/** All-day dates are written from the UTC fields of the Date, whatever the process's zone. */
const utcMidnight = (date: LocalDate): Date => new Date(`${date}T00:00:00Z`);
