import { Logger } from '@nestjs/common';
import type { DeliverClaimed } from '@curbside/application';
import { reasonOf, type Delivery, type DeliveryChannel } from '@curbside/domain';
import { contextOf, spanThatWas } from '@curbside/persistence';

/** Claims due deliveries of one channel for this notifier (`DeliveryRepository.claimDue` for that channel). */
export type ChannelClaim = (channel: DeliveryChannel, limit: number, except: readonly number[]) => Promise<Delivery[]>;

/**
 * One channel's share of a notifier: its own claims (that channel's deliveries only), its own
 * deliveries in hand, at most `concurrency` of them. A provider that stalls fills this lane and
 * no other: the other channels claim and send as before.
 */
export class ChannelLane {
  private readonly logger = new Logger('Notifier');
  /** The deliveries claimed and not yet done with (sent and recorded, failed, or given back). */
  private readonly inHand = new Set<number>();
  private readonly batches = new Set<Promise<void>>();
  private readonly waiters = new Set<{ room: number; resolve: () => void }>();

  constructor(
    readonly channel: DeliveryChannel,
    private readonly claim: ChannelClaim,
    private readonly deliver: DeliverClaimed,
    private readonly limits: { concurrency: number; batchSize: number },
    private readonly workerId: string,
  ) {}

  /** How many more deliveries it may take now. */
  get room(): number {
    return this.limits.concurrency - this.inHand.size;
  }

  /**
   * Claims as many due deliveries as it has room for (at most a batch) and starts sending them;
   * how many it claimed. `stop` aborting gives back what is not sent by then.
   */
  async claimAndSend(stop: AbortSignal): Promise<number> {
    const limit = Math.min(this.room, this.limits.batchSize);
    if (limit <= 0) return 0;
    const claimedAt = Date.now();
    // Never what this lane is still sending, even should its lease run out meanwhile: one process
    // sends a delivery once (across processes, the lease and the send's deadline keep them apart).
    const claimed = await this.claim(this.channel, limit, [...this.inHand]);
    for (const delivery of claimed) {
      this.inHand.add(delivery.id);
      // Recorded once the claim is known to hold it: the claim is a span of each delivery's trace.
      spanThatWas('notifier.claim', claimedAt, contextOf(delivery.traceparent), { 'curbside.delivery.id': delivery.id, 'curbside.worker': this.workerId });
    }
    if (claimed.length > 0) this.track(claimed, stop);
    return claimed.length;
  }

  /** Resolves once at least `room` more deliveries may be taken, or `wake()` is called. */
  roomFor(room: number): Promise<void> {
    if (this.room >= room) return Promise.resolve();
    return new Promise((resolve) => this.waiters.add({ room, resolve }));
  }

  /** Ends every wait for room (the notifier stops). */
  wake(): void {
    for (const waiter of this.waiters) waiter.resolve();
    this.waiters.clear();
  }

  /** Resolves once every delivery in hand is done with. */
  async drained(): Promise<void> {
    while (this.batches.size > 0) await Promise.all(this.batches);
  }

  private track(claimed: Delivery[], stop: AbortSignal): void {
    const batch = this.deliver
      .execute(claimed, { stop, settled: (delivery) => this.settle(delivery.id) })
      .catch((error: unknown) => this.logger.error(`${this.channel} batch failed: ${reasonOf(error)}`))
      .finally(() => {
        for (const delivery of claimed) this.settle(delivery.id);
        this.batches.delete(batch);
      });
    this.batches.add(batch);
  }

  private settle(id: number): void {
    if (!this.inHand.delete(id)) return;
    for (const waiter of this.waiters) {
      if (this.room < waiter.room) continue;
      this.waiters.delete(waiter);
      waiter.resolve();
    }
  }
}
