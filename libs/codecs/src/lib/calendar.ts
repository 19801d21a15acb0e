import {
  addDays,
  compareDates,
  describeSchedule,
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
  weekdayName,
  WEEKDAYS,
} from '@curbside/domain';
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

export interface PickupCalendarRequest {
  calendarName: string;
  customerId: Id;
  services: readonly CalendarService[];
  holidays: readonly Holiday[];
  today: LocalDate;
}

/** The calendar of a customer's active scheduled services (`services/calendar`, `Accept: text/calendar`). */
export function customerCalendar(customerId: Id, services: readonly Service[], holidays: readonly Holiday[], today: LocalDate): string {
  return pickupCalendar({
    calendarName: `Pickups of customer ${customerId}`,
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
 * same text.
 */
export function pickupCalendar(request: PickupCalendarRequest): string {
  const until = addDays(request.today, 7 * CALENDAR_WEEKS - 1);
  const calendar = ical({
    name: request.calendarName,
    prodId: { company: 'Curbside', product: 'Pickup calendar', language: 'EN' },
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
      summary: pickup.holidays.length === 0 ? `${service.name} pickup` : `${service.name} pickup (moved: ${holidayNames(pickup)})`,
      description: describePickup(service, pickup),
    });
  }
  return calendar.toString();
}

function describePickup(service: CalendarService, pickup: ScheduledPickup): string {
  const schedule = service.schedule === null ? '' : `${describeSchedule(service.schedule)}.`;
  if (pickup.holidays.length === 0) return schedule;
  return (
    `Moved from ${dayText(pickup.scheduledDate)} to ${dayText(pickup.date)} because of the holiday ` +
    `${holidayNames(pickup)}. ${schedule}`
  );
}

const holidayNames = (pickup: ScheduledPickup): string => pickup.holidays.map((h) => h.name).join(' and ');

/** "Thursday 2026-11-26". */
const dayText = (date: LocalDate): string => `${weekdayName(WEEKDAYS[weekdayIndex(date)])} ${date}`;

/** All-day dates are written from the UTC fields of the Date, whatever the process's zone. */
const utcMidnight = (date: LocalDate): Date => new Date(`${date}T00:00:00Z`);
