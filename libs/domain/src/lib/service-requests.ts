import type { Service, ServiceTicket } from './customer';
import { addDays, daysBetween, weekdayIndex } from './dates';
import type { NewEvent } from './events';
import type { Holiday } from './pickups';
import { isScheduledOn, scheduledPickups } from './schedules';
import { isScheduledService } from './service-rules';
import type { Id, LocalDate, LocalDateTime } from './values';

/*
 * Residents' requests (CONTRACT §9): a missed pickup reported, or an extra pickup booked. Whether
 * one may be made is a pure function of the service, the holiday calendar, "today" (in
 * TIME_ZONE) and the requests already made for that service; the use case that writes it asks here.
 */

export const SERVICE_REQUEST_TYPES = ['MISSED_PICKUP', 'EXTRA_PICKUP'] as const;
export type ServiceRequestType = (typeof SERVICE_REQUEST_TYPES)[number];

export interface ServiceRequest {
  type: ServiceRequestType;
  serviceId: Id;
  date: LocalDate;
  comments: string | null;
  requestedBy: string | null;
}

/** A request already made: its ticket and the key that keeps it unique per service (see `requestKey`). */
export interface StoredServiceRequest {
  ticketId: Id;
  type: ServiceRequestType;
  serviceId: Id;
  date: LocalDate;
  key: string;
}

/** A missed pickup may be reported today or on this many working days after it. */
export const MISSED_PICKUP_WORKING_DAYS = 2;
/** An extra pickup may be booked at most this many days ahead. */
export const EXTRA_PICKUP_DAYS_AHEAD = 60;

/** Why a request is refused; `field` is the request member at fault. */
export type RequestRefusal =
  | { code: 'UNKNOWN_SERVICE'; field: 'serviceId' }
  | { code: 'OUT_OF_WINDOW'; field: 'date' }
  | { code: 'NOT_SCHEDULED'; field: 'date' }
  | { code: 'ALREADY_REPORTED'; ticketId: Id }
  | { code: 'LIMIT_REACHED'; limit: number };

const SATURDAY = 5;

/** Monday to Friday, and not a day of the holiday calendar. */
export function isWorkingDay(date: LocalDate, holidays: readonly Holiday[]): boolean {
  return weekdayIndex(date) < SATURDAY && !holidays.some((holiday) => holiday.date === date);
}

/** The `count` working days before `day` (not `day` itself), latest first. */
export function workingDaysBefore(day: LocalDate, count: number, holidays: readonly Holiday[]): LocalDate[] {
  const days: LocalDate[] = [];
  for (let date = addDays(day, -1); days.length < count; date = addDays(date, -1)) {
    if (isWorkingDay(date, holidays)) days.push(date);
  }
  return days;
}

/**
 * Whether `date` is inside the window of its type: a missed pickup today or on one of the
 * working days before it; an extra pickup after today and at most 60 days ahead.
 */
export function isInsideWindow(type: ServiceRequestType, date: LocalDate, today: LocalDate, holidays: readonly Holiday[]): boolean {
  if (type === 'EXTRA_PICKUP') return daysBetween(today, date) >= 1 && daysBetween(today, date) <= EXTRA_PICKUP_DAYS_AHEAD;
  return date === today || workingDaysBefore(today, MISSED_PICKUP_WORKING_DAYS, holidays).includes(date);
}

/** Whether the service has a pickup on `date` (CONTRACT §8): active, scheduled that day, holiday moves applied. */
export function hasPickupOn(service: Service, date: LocalDate, holidays: readonly Holiday[]): boolean {
  return isScheduledService(service) && isScheduledOn(service.schedule, holidays, date);
}

/** The calendar month (`yyyy-MM`) of a date: what the extra-pickup limit counts by. */
export const monthOf = (date: LocalDate): string => date.slice(0, 7);

/** The first and last day of the month of `date`: the requests `requestRefusal` needs to see. */
export function monthRange(date: LocalDate): { from: LocalDate; to: LocalDate } {
  const from = `${monthOf(date)}-01`;
  return { from, to: addDays(addDays(from, 31).slice(0, 7) + '-01', -1) };
}

/** The missed-pickup report already made for this service and date, if any. */
export function existingReport(request: ServiceRequest, existing: readonly StoredServiceRequest[]): StoredServiceRequest | null {
  return existing.find((made) => made.type === 'MISSED_PICKUP' && made.serviceId === request.serviceId && made.date === request.date) ?? null;
}

/** The extra pickups already booked for this service in the month of the request's date. */
export function extraPickupsInMonth(request: ServiceRequest, existing: readonly StoredServiceRequest[]): StoredServiceRequest[] {
  return existing.filter(
    (made) => made.type === 'EXTRA_PICKUP' && made.serviceId === request.serviceId && monthOf(made.date) === monthOf(request.date),
  );
}

export interface EligibilityFacts {
  request: ServiceRequest;
  /** The customer's service `request.serviceId` names; null when it has none. */
  service: Service | null;
  holidays: readonly Holiday[];
  today: LocalDate;
  /** The requests already made for that service in the month of `request.date` (or more). */
  existing: readonly StoredServiceRequest[];
  extraPickupsPerMonth: number;
}

/** Why the request may not be made, in the order the rules are checked; null when it may. */
export function requestRefusal({ request, service, holidays, today, existing, extraPickupsPerMonth }: EligibilityFacts): RequestRefusal | null {
  if (service === null) return { code: 'UNKNOWN_SERVICE', field: 'serviceId' };
  if (!isInsideWindow(request.type, request.date, today, holidays)) return { code: 'OUT_OF_WINDOW', field: 'date' };
  if (!hasPickupOn(service, request.date, holidays)) return { code: 'NOT_SCHEDULED', field: 'date' };
  if (request.type === 'MISSED_PICKUP') {
    const report = existingReport(request, existing);
    return report === null ? null : { code: 'ALREADY_REPORTED', ticketId: report.ticketId };
  }
  return extraPickupsInMonth(request, existing).length >= extraPickupsPerMonth ? { code: 'LIMIT_REACHED', limit: extraPickupsPerMonth } : null;
}

/**
 * The key that is unique per customer and service, so that the database itself refuses a second
 * report of one missed pickup, or a booking beyond the monthly limit: `MISSED_PICKUP|<date>`, or
 * `EXTRA_PICKUP|<yyyy-MM>|<n>` for the month's n-th extra pickup.
 */
export function requestKey(request: ServiceRequest, existing: readonly StoredServiceRequest[]): string {
  if (request.type === 'MISSED_PICKUP') return `MISSED_PICKUP|${request.date}`;
  return `EXTRA_PICKUP|${monthOf(request.date)}|${extraPickupsInMonth(request, existing).length + 1}`;
}

const TICKET_KINDS: Record<ServiceRequestType, { loadType: string; loadDescription: string; complaint: boolean }> = {
  MISSED_PICKUP: { loadType: 'MIS', loadDescription: 'Missed pickup', complaint: true },
  EXTRA_PICKUP: { loadType: 'XPU', loadDescription: 'Extra pickup', complaint: false },
};

/** The service ticket a request creates (CONTRACT §9): `id` new, created `at` (in TIME_ZONE) by the client `by`. */
export function requestTicket(request: ServiceRequest, service: Service, id: Id, at: LocalDateTime, by: string): ServiceTicket {
  const kind = TICKET_KINDS[request.type];
  return {
    id,
    status: 'PENDING',
    loadType: kind.loadType,
    loadDescription: kind.loadDescription,
    createdAt: at,
    createdBy: by,
    closedAt: null,
    closedBy: null,
    dispatchedAt: request.type === 'EXTRA_PICKUP' ? `${request.date}T00:00:00.000` : null,
    generated: false,
    complaint: kind.complaint,
    comments: request.comments,
    completionCode: null,
    completedDescription: null,
    requestedBy: request.requestedBy,
    loggedAt: at,
    services: [
      {
        code: service.typeCode ?? '',
        description: service.name ?? service.catalog.name,
        quantity: '1',
        cost: null,
        specialDescription: null,
      },
    ],
  };
}

/** `ticket.created` for a request's ticket: what the import's event says, plus the request's type, service and date. */
export function requestTicketCreated(customerId: Id, ticket: ServiceTicket, request: ServiceRequest): NewEvent {
  return {
    customerId,
    type: 'ticket.created',
    payload: {
      ticketId: ticket.id,
      status: ticket.status,
      loadType: ticket.loadType,
      requestType: request.type,
      serviceId: request.serviceId,
      date: request.date,
    },
  };
}

/**
 * The days a request of `type` may be made for this service now, latest rule first: every
 * candidate day of its window that `requestRefusal` lets through (what a resident's page offers).
 */
export function requestableDates(type: ServiceRequestType, facts: Omit<EligibilityFacts, 'request'>): LocalDate[] {
  const { service, holidays, today } = facts;
  if (service === null || !isScheduledService(service)) return [];
  const candidates =
    type === 'MISSED_PICKUP'
      ? [today, ...workingDaysBefore(today, MISSED_PICKUP_WORKING_DAYS, holidays)]
      : scheduledPickups(service.schedule, holidays, addDays(today, 1), addDays(today, EXTRA_PICKUP_DAYS_AHEAD)).map((pickup) => pickup.date);
  const request = (date: LocalDate): ServiceRequest => ({ type, serviceId: service.id, date, comments: null, requestedBy: null });
  return [...new Set(candidates)].filter((date) => requestRefusal({ ...facts, request: request(date) }) === null).sort();
}
