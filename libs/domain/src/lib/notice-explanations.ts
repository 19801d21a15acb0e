import { quietHoursEnd, type DailyWindow } from './consent';
import { addDays } from './dates';
import type { Delivery, Suppression } from './deliveries';
import { holidayMoves, movedNotice, pickupsOn, reminderNotice, type Notice, type NoticeService, type ServicePickup } from './notices';
import type { Holiday } from './pickups';
import type { Id, LocalDate, LocalDateTime } from './values';

/*
 * `notices explain`: what a customer was, or will be, told for a day, and why not
 * otherwise, from the data alone. Each answer is asked of the rules the run and the notifier
 * use (notices.ts, routing.ts, consent.ts); nothing here decides anything they do not.
 */

/** The notices a customer is owed for `date`: its reminder (when it has pickups that day) and a move notice per holiday moving a pickup scheduled that day. */
export interface OwedNotices {
  /** The pickups on `date`, holiday moves applied. */
  pickups: ServicePickup[];
  /** The pickups scheduled on `date` that holidays move to another day. */
  movedAway: ServicePickup[];
  notices: Notice[];
}

export function owedNotices(customerId: Id, services: readonly NoticeService[], holidays: readonly Holiday[], date: LocalDate): OwedNotices {
  const pickups = pickupsOn(services, holidays, date);
  const moves = holidayMoves(services, holidays, date, date);
  const movedAway = moves.flatMap((move) => move.pickups).filter((pickup) => pickup.scheduledDate === date && pickup.date !== date);
  const notices = [...(pickups.length > 0 ? [reminderNotice(customerId, date, pickups)] : []), ...moves.map((move) => movedNotice(customerId, move))];
  return { pickups, movedAway: [...new Map(movedAway.map((pickup) => [pickup.serviceId, pickup])).values()], notices };
}

/** The day whose run writes the reminder for `date`: the run of the day before (CONTRACT §8: tomorrow's reminders). */
export const reminderRunDay = (date: LocalDate): LocalDate => addDays(date, -1);

/** What became of one delivery of a notice, as an operator reads it. */
export type DeliveryVerdict = 'delivered' | 'dead' | 'suppressed' | 'held by quiet hours' | 'over the hourly cap' | 'retrying' | 'due';

export interface ExplainedDelivery {
  channel: Delivery['channel'];
  address: string;
  verdict: DeliveryVerdict;
  /** Delivered: when; held or retrying: until when; due: since when. */
  at: LocalDateTime | null;
  /** An email's Message-ID, once delivered. */
  messageId: string | null;
  /** Dead or retrying: the last error; suppressed: the SMTP answer that put the address on the list. */
  error: string | null;
  /** Suppressed: when the address was put on the list. */
  suppressedAt: string | null;
}

/** An email's Message-ID: made from the delivery's idempotency key, the same on every try (the email channel's). */
export const messageIdOf = (delivery: Pick<Delivery, 'idempotencyKey'>): string => `<${delivery.idempotencyKey}@curbside.invalid>`;

const MINUTE_MS = 60_000;

/**
 * One delivery's verdict at `now`. A pending text or call due later, at the very minute the quiet
 * hours around it end, is held by them (the notifier puts it back in line until then); another
 * pending delivery due later and never tried is over the customer's hourly cap (put back until a slot frees).
 */
export function explainDelivery(
  delivery: Delivery,
  suppression: Suppression | undefined,
  quiet: { window: DailyWindow | null; timeZone: string },
  now: Date,
): ExplainedDelivery {
  const base = { channel: delivery.channel, address: delivery.address, at: null, messageId: null, error: null, suppressedAt: null };
  switch (delivery.state) {
    case 'delivered':
      return { ...base, verdict: 'delivered', at: delivery.deliveredAt, messageId: delivery.channel === 'Email' ? messageIdOf(delivery) : null };
    case 'dead':
      return { ...base, verdict: 'dead', error: delivery.lastError };
    case 'suppressed':
      return { ...base, verdict: 'suppressed', error: suppression?.reason ?? delivery.lastError, suppressedAt: suppression?.createdAt ?? null };
  }
  const dueAt = new Date(delivery.nextAttemptAt);
  if (dueAt.getTime() <= now.getTime()) return { ...base, verdict: 'due', at: delivery.nextAttemptAt, error: delivery.lastError };
  if (delivery.attempts > 0) return { ...base, verdict: 'retrying', at: delivery.nextAttemptAt, error: delivery.lastError };
  const texting = delivery.channel === 'Text' || delivery.channel === 'Voice';
  const quietEnd = texting ? quietHoursEnd(quiet.window, quiet.timeZone, new Date(dueAt.getTime() - MINUTE_MS)) : null;
  if (quietEnd !== null && quietEnd.getTime() === dueAt.getTime()) return { ...base, verdict: 'held by quiet hours', at: delivery.nextAttemptAt };
  return { ...base, verdict: 'over the hourly cap', at: delivery.nextAttemptAt };
}
