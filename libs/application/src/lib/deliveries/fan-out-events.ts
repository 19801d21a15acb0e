import { Logger } from '@nestjs/common';
import { isDeadAfter, planDeliveries, reasonOf, type NewDelivery, type OutboxEvent } from '@curbside/domain';
import { contextOf, DeliveryRepository, EventRepository, PreferenceRepository, startSpan, WebhookRepository } from '@curbside/persistence';
import { retryAt, type DeliveryOptions } from './delivery-options';

/**
 * Fans claimed outbox events out into deliveries (CONTRACT §5): one per matching selection and
 * one per webhook, by the preferences and webhooks of this moment (the domain's
 * `planDeliveries`), written with the event marked done. The notifier claims the events and
 * calls this; an event that cannot be fanned out is tried again later, or dead.
 */
export class FanOutEvents {
  // The notifier's log lines, as before the fan-out was a use case of its own.
  private readonly logger = new Logger('Notifier');

  constructor(
    private readonly events: EventRepository,
    private readonly deliveries: DeliveryRepository,
    private readonly preferences: PreferenceRepository,
    private readonly webhooks: WebhookRepository,
    private readonly options: Pick<DeliveryOptions, 'maxAttempts' | 'backoffBaseMs' | 'now'>,
  ) {}

  async execute(events: readonly OutboxEvent[]): Promise<void> {
    if (events.length === 0) return;
    // Each event's fan-out is a span of the trace that wrote it; its deliveries continue from there.
    const spans = new Map(events.map((event) => [event.id, startSpan('notifier.fan_out', contextOf(event.traceparent), { 'curbside.event.id': event.id, 'curbside.event.type': event.type })]));
    try {
      await this.fanOut(events, spans);
    } finally {
      for (const { span } of spans.values()) span.end();
    }
  }

  private async fanOut(events: readonly OutboxEvent[], spans: ReadonlyMap<number, { traceparent: string | null }>): Promise<void> {
    const traceparentOf = (eventId: number) => spans.get(eventId)?.traceparent ?? null;
    try {
      // The whole batch in one transaction; should that fail, event by event, to set the bad one aside.
      await this.deliveries.fanOut(await this.plan(events, traceparentOf));
    } catch {
      for (const event of events) {
        try {
          await this.deliveries.fanOut(await this.plan([event], traceparentOf));
        } catch (error) {
          await this.failEvent(event, reasonOf(error));
        }
      }
    }
  }

  /** The deliveries of `events`, by the preferences and webhooks of their customers now, read set-wise. */
  private async plan(
    events: readonly OutboxEvent[],
    traceparentOf: (eventId: number) => string | null,
  ): Promise<Array<{ eventId: number; deliveries: NewDelivery[] }>> {
    const customers = events.map((event) => event.customerId);
    const preferences = await this.preferences.listOf(customers);
    const webhooks = await this.webhooks.forCustomers(customers);
    return events.map((event) => {
      const deliveries = planDeliveries(event, preferences.get(event.customerId) ?? [], webhooks.get(event.customerId) ?? [])(event);
      const traceparent = traceparentOf(event.id);
      for (const delivery of deliveries) delivery.traceparent = traceparent;
      return { eventId: event.id, deliveries };
    });
  }

  private async failEvent(event: OutboxEvent, reason: string): Promise<void> {
    const attempts = event.attempts + 1;
    this.logger.error(`event ${event.id} (${event.type}) could not be fanned out: ${reason}`);
    await this.events.markFailed(event.id, reason, isDeadAfter(attempts, false, this.options.maxAttempts) ? null : retryAt(attempts, this.options));
  }
}
