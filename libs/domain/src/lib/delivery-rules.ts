import { emailKey } from './consent';
import { nowLocalDateTime } from './dates';
import type { Delivery, Suppression } from './deliveries';
import type { Id, LocalDateTime } from './values';

/*
 * The rules a delivery is tried by (CONTRACT §5, §10), pure: the notifier loads what they ask
 * for, asks here, and saves what they say. The retry schedule is `retryDelayMs` (retry-schedule.ts).
 */

const HOUR_MS = 3600_000;

/** Quiet hours hold texts and calls (CONTRACT §10); emails and webhooks go at any hour. */
export const waitsForQuietHours = (delivery: Pick<Delivery, 'channel'>): boolean => delivery.channel === 'Text' || delivery.channel === 'Voice';

/** What the per-customer hourly cap needs to know about a customer's recent messages. */
export interface CustomerSendWindow {
  /** When each message in the window was delivered, oldest first. */
  deliveredAt: LocalDateTime[];
  /** Pending messages leased to some worker right now (this batch's among them), by id. */
  leasedIds: number[];
}

/** Messages of one customer over the hourly cap: they go back in line until `freesAt`. */
export interface CapHold {
  customerId: Id;
  ids: number[];
  freesAt: LocalDateTime;
}

/** The customers whose messages the hourly cap counts (webhooks are not messages to a person). */
export const cappedCustomers = (claimed: readonly Delivery[]): Id[] => [
  ...new Set(claimed.filter((delivery) => delivery.channel !== 'Webhook').map((delivery) => delivery.customerId)),
];

/**
 * The per-customer hourly cap: a customer's messages (webhooks are not counted) beyond `cap` in
 * the last hour wait until a slot frees: an hour after the oldest delivered, or (none delivered)
 * when the leases ahead run out. They wait; nothing is dropped. Counted ahead of this batch's own
 * (in the order given): those delivered (`windows`, since an hour before `now`) and every message
 * of the customer leased to another batch. Batches decide for a customer one after the other
 * (`DeliveryRepository.holdOverCap`): another batch's lease is one it kept, or one that has yet to
 * decide and will count this batch's in turn, so however the claims interleave, at most `cap` go.
 */
export function overHourlyCap(
  claimed: readonly Delivery[],
  windows: ReadonlyMap<Id, CustomerSendWindow>,
  { cap, now, leaseSeconds }: { cap: number; now: Date; leaseSeconds: number },
): CapHold[] {
  const holds: CapHold[] = [];
  for (const [customerId, window] of windows) {
    const mine = claimed.filter((d) => d.customerId === customerId && d.channel !== 'Webhook');
    const mineIds = new Set(mine.map((d) => d.id));
    const ahead = window.deliveredAt.length + window.leasedIds.filter((id) => !mineIds.has(id)).length;
    const over = mine.filter((_, index) => ahead + index + 1 > cap);
    if (over.length === 0) continue;
    const oldest = window.deliveredAt[0];
    const freesAt = nowLocalDateTime(oldest ? new Date(new Date(oldest).getTime() + HOUR_MS) : new Date(now.getTime() + leaseSeconds * 1000));
    holds.push({ customerId, ids: over.map((d) => d.id), freesAt });
  }
  return holds;
}

/** Where the cap's window starts: an hour before `now`. */
export const capWindowStart = (now: Date): LocalDateTime => nowLocalDateTime(new Date(now.getTime() - HOUR_MS));

/** A hard bounce (SMTP 5xx) suppresses the address it went to: the delivery is dead, and so is every later email to it. */
export const bounceSuppression = (delivery: Pick<Delivery, 'id' | 'address'>, reason: string, at: LocalDateTime): Suppression => ({
  address: emailKey(delivery.address),
  reason: reason.slice(0, 1000),
  deliveryId: delivery.id,
  createdAt: at,
});

/** Whether a failed try ends the delivery: a permanent failure does, and so does the last try allowed. */
export const isDeadAfter = (attempts: number, permanent: boolean, maxAttempts: number): boolean => permanent || attempts >= maxAttempts;
