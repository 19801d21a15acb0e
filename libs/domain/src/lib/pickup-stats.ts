import { addDays, compareDates } from './dates';
import { isConfirmed, type Pickup } from './pickups';
import type { LocalDate } from './values';

/** `numberOfdays` of `services/stats`: default and bounds (CONTRACT §6). */
export const STATS_DEFAULT_DAYS = 60;
export const STATS_MAX_DAYS = 366;

/** The `summary` block of `services/stats`. */
export interface PickupStatsSummary {
  totalServices: number;
  /** `Confirmed Positive`. */
  successfulServices: number;
  /** `Confirmed Negative`. */
  missedPickups: number;
  /** Records with an exception reason code. */
  serviceExceptions: number;
}

/** The last `numberOfDays` days, today included: 1 is today alone. */
export function statsWindow(today: LocalDate, numberOfDays: number): { from: LocalDate; to: LocalDate } {
  return { from: addDays(today, 1 - numberOfDays), to: today };
}

/** The records `services/stats` lists: confirmed, planned within the window, newest first. */
export function statsPickups(pickups: readonly Pickup[], today: LocalDate, numberOfDays: number): Pickup[] {
  const { from, to } = statsWindow(today, numberOfDays);
  return pickups
    .filter((p) => isConfirmed(p.status) && p.plannedDate >= from && p.plannedDate <= to)
    .sort((a, b) => compareDates(b.plannedDate, a.plannedDate) || compareDates(b.serviceTime ?? '', a.serviceTime ?? ''));
}

/** Counts the confirmed records among `pickups` (a `Planned` one is not a service yet). */
export function summarizePickups(pickups: readonly Pickup[]): PickupStatsSummary {
  const confirmed = pickups.filter((p) => isConfirmed(p.status));
  return {
    totalServices: confirmed.length,
    successfulServices: confirmed.filter((p) => p.status === 'Confirmed Positive').length,
    missedPickups: confirmed.filter((p) => p.status === 'Confirmed Negative').length,
    serviceExceptions: confirmed.filter((p) => (p.exceptionReasonCode ?? '') !== '').length,
  };
}
