import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import { nowLocalDateTime, reasonOf, retryDelayMs, type OutboxEvent } from '@curbside/domain';
import type { OutboxSubscriptions } from '@curbside/persistence';

export interface OutboxSubscriberOptions {
  /** The subscriber's name: its instances share its cursors; another name reads every event again on its own. */
  name: string;
  /** Handles one event; a throw makes the customer's events wait and that event come again later. */
  handle(event: OutboxEvent): Promise<void>;
  /** Customers claimed per round, and events handled per customer per round. */
  batchSize?: number;
  leaseSeconds?: number;
  pollMs?: number;
  /** The first retry's wait after a failed event (then doubling, as the notifier's). */
  backoffBaseMs?: number;
  /** How long an appended event's transaction may take to commit and still be found (docs/extending.md). */
  settleSeconds?: number;
  now?: () => Date;
}

/**
 * A subscriber to the outbox's events in a team's own process (docs/extending.md): every event,
 * at least once, each customer's in the order they were written, with the notifier's claim rules
 * (a lease per customer, shared by any number of instances; a dead instance's customers come
 * back when its lease runs out). It does not change the events: the notifier sends as before.
 */
export class OutboxSubscriber {
  readonly workerId = `${hostname()}:${process.pid}:${randomBytes(3).toString('hex')}`;
  private seen = 0;
  private running = false;
  private loop: Promise<void> | null = null;
  private wake: (() => void) | null = null;

  constructor(
    private readonly subscriptions: OutboxSubscriptions,
    private readonly options: OutboxSubscriberOptions,
  ) {}

  private get now(): Date {
    return this.options.now?.() ?? new Date();
  }

  /** One round: finds customers with new events, then handles the claimed customers' events. How many events it handled. */
  async runOnce(): Promise<number> {
    const { name, batchSize = 50, leaseSeconds = 30, settleSeconds = 60 } = this.options;
    const now = this.now;
    this.seen = await this.subscriptions.discover(name, this.seen, new Date(now.getTime() - settleSeconds * 1000), now);
    let handled = 0;
    for (const cursor of await this.subscriptions.claim(name, this.workerId, batchSize, leaseSeconds, now)) {
      handled += await this.handleCustomer(cursor.id, cursor.customerId, cursor.position, cursor.attempts, batchSize);
    }
    return handled;
  }

  private async handleCustomer(cursorId: number, customerId: string, position: number, attempts: number, batchSize: number): Promise<number> {
    const events = await this.subscriptions.eventsAfter(customerId, position, batchSize);
    let handled = 0;
    for (const event of events) {
      try {
        await this.options.handle(event);
      } catch (error) {
        const retryAt = new Date(this.now.getTime() + retryDelayMs(attempts + 1, this.options.backoffBaseMs ?? 1000));
        await this.subscriptions.retryLater(cursorId, this.workerId, attempts + 1, `event ${event.id}: ${reasonOf(error)}`, nowLocalDateTime(retryAt));
        return handled;
      }
      // Lost the lease (another instance took the customer): stop; the event may come again there (at least once).
      if (!(await this.subscriptions.advance(cursorId, this.workerId, event.id))) return handled + 1;
      handled += 1;
    }
    await this.subscriptions.release(cursorId, this.workerId, events.length < batchSize);
    return handled;
  }

  start(): void {
    if (this.running) return;
    this.running = true;
    this.loop = (async () => {
      while (this.running) {
        // A round that fails (the database away) is tried again at the next poll.
        const handled = await this.runOnce().catch(() => 0);
        if (handled === 0 && this.running) await new Promise<void>((resolve) => ((this.wake = resolve), setTimeout(resolve, this.options.pollMs ?? 1000)));
      }
    })();
  }

  /** Stops taking work and finishes the round in hand. */
  async stop(): Promise<void> {
    this.running = false;
    this.wake?.();
    await this.loop;
    this.loop = null;
  }
}
