import type { DeliveryRepository, SentDelivery } from '@curbside/persistence';

/**
 * Records accepted sends as they come: one write at a time, each taking every send accepted
 * while the one before it was committing. A send is recorded about as soon as its channel
 * answers, and a busy batch still shares its transactions.
 */
export class DeliveredRecorder {
  private waiting: SentDelivery[] = [];
  private writing: Promise<void> | null = null;

  constructor(
    private readonly deliveries: DeliveryRepository,
    /** Told of a write that failed: those sends stay pending and are sent again once their leases run out. */
    private readonly failed: (count: number, error: unknown) => void,
  ) {}

  /** Resolves once `sent` is committed (or its write failed and was reported). */
  record(sent: SentDelivery): Promise<void> {
    this.waiting.push(sent);
    this.writing ??= this.writeAll();
    return this.writing;
  }

  private async writeAll(): Promise<void> {
    while (this.waiting.length > 0) {
      const part = this.waiting.splice(0);
      try {
        await this.deliveries.markDelivered(part);
      } catch (error) {
        this.failed(part.length, error);
      }
    }
    this.writing = null;
  }
}
