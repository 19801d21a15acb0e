import type { Decimal, Id, LocalDate, LocalDateTime } from './values';

/*
 * The records of the published operations beyond the spec's detail (CONTRACT §6): service
 * schedules and routes, pickup records with their truck ETA, the company's holiday calendar,
 * portal profiles and account notes.
 */

export const LINES_OF_BUSINESS = ['RESIDENTIAL', 'COMMERCIAL', 'ROLLOFF'] as const;
export type LineOfBusiness = (typeof LINES_OF_BUSINESS)[number];

/** Monday first: the weeks of a schedule run Monday to Sunday. */
export const WEEKDAYS = ['MONDAY', 'TUESDAY', 'WEDNESDAY', 'THURSDAY', 'FRIDAY', 'SATURDAY', 'SUNDAY'] as const;
export type Weekday = (typeof WEEKDAYS)[number];

/** Picked up on each of `days`, in the weeks that are a multiple of `everyWeeks` after the week of `startsOn`. */
export interface ServiceSchedule {
  days: Weekday[];
  /** 1 = every week, 2 = every other week, 4 = every 4 weeks. */
  everyWeeks: number;
  startsOn: LocalDate;
}

/** A route that serves the service on a day of the week. */
export interface ServiceOperation {
  routeId: string | null;
  dayOfWeek: Weekday | null;
  notes: string | null;
}

export interface ServiceEquipment {
  /** Text, not an `Id`: the published pages type it String (e.g. `EQ401`). */
  id: string | null;
  name: string | null;
  size: string | null;
  sizeUom: string | null;
  quantity: Decimal | null;
}

export const PICKUP_STATUSES = ['Planned', 'Confirmed Positive', 'Confirmed Negative', 'Confirmed Incomplete'] as const;
export type PickupStatus = (typeof PICKUP_STATUSES)[number];

/** Statuses of a pickup that happened (or was tried): anything but `Planned`. */
export const isConfirmed = (status: PickupStatus): boolean => status.startsWith('Confirmed');

/** An instant written in ISO-8601 UTC, e.g. `2026-11-10T14:00:00Z`, kept as written. */
export type UtcInstant = string;

/** The truck's estimated arrival window for one pickup. */
export interface PickupEta {
  from: UtcInstant | null;
  to: UtcInstant | null;
  /** `ComputedETA` when computed, else an exception reason. */
  reasonCode: string | null;
  reasonText: string | null;
  servicedAt: UtcInstant | null;
  routeId: string | null;
}

/**
 * One planned or confirmed pickup of a service on a day. Identified by service id +
 * planned date + ticket number (import replaces by that key; see `pickupKey`).
 */
export interface Pickup {
  serviceId: Id;
  status: PickupStatus;
  ticketNumber: string | null;
  plannedDate: LocalDate;
  orderedDate: LocalDate | null;
  ticketType: string | null;
  ticketLoadType: string | null;
  lineOfBusiness: string | null;
  exceptionReasonCode: string | null;
  exceptionClass: string | null;
  serviceTime: LocalDateTime | null;
  operations: { routeId: string | null; routeOrderNumber: string | null };
  eta: PickupEta | null;
}

export const pickupKey = (pickup: Pick<Pickup, 'serviceId' | 'plannedDate' | 'ticketNumber'>): string =>
  `${pickup.serviceId}|${pickup.plannedDate}|${pickup.ticketNumber ?? ''}`;

/** A day the company does not collect: pickups of that week from that day on move `delayDays` later. */
export interface Holiday {
  date: LocalDate;
  name: string;
  delayDays: number;
}
