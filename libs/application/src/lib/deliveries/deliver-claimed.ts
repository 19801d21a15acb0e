import { Logger } from '@nestjs/common';
import {
  bounceSuppression,
  cappedCustomers,
  capWindowStart,
  deliveredEmailActivity,
  emailKey,
  isDeadAfter,
  nowLocalDateTime,
  overHourlyCap,
  quietHoursEnd,
  reasonOf,
  waitsForQuietHours,
  type Delivery,
  type DeliveryWithMessage,
} from '@curbside/domain';
import { contextOf, DeliveryRepository, EventRepository, inSpan, markFailed, spanThatWas, type SentDelivery, type Span } from '@curbside/persistence';
import { nowOf, retryAt, type DeliveryOptions } from './delivery-options';
import { DeliveryFailure, MessageRenderer, type BatchControl, type DeliveryChannels, type OutcomeListener } from './delivery-ports';
import { DeliveredRecorder } from './delivered-recorder';

/** A moment in a delivery's trace where it was held back (a zero-length span). */
const heldSpan = (name: string, delivery: Delivery, attributes: Record<string, string>): void =>
  spanThatWas(name, Date.now(), contextOf(delivery.traceparent), { 'curbside.delivery.id': delivery.id, ...attributes });

/** True when the delivery carries its message as stored (a webhook's body, a row queued with its text). */
const hasMessage = (delivery: Delivery): delivery is DeliveryWithMessage => delivery.body !== null;

/**
 * Delivers a batch of claimed deliveries (CONTRACT §5, §10). What the domain says of each comes
 * first: a text or call inside the quiet hours goes back in line until they end, an email to a
 * suppressed address ends `suppressed`, what is over a customer's hourly cap waits for a slot.
 * The rest are worded (the `MessageRenderer`), sent side by side through their channels (each
 * a span of the trace that caused it, each with a deadline well inside the lease), and each
 * recorded as soon as its channel answers: delivered with the email activity, retried later with
 * backoff, or dead. The notifier claims the batch (its lease) and calls this.
 */
export class DeliverClaimed {
  // The notifier's log lines, as before the delivery was a use case of its own.
  private readonly logger = new Logger('Notifier');
  /** The quiet period last found: from a moment inside it (ms) to its end. */
  private quietPeriod: { from: number; ends: Date } | null = null;

  constructor(
    private readonly events: EventRepository,
    private readonly deliveries: DeliveryRepository,
    private readonly channels: DeliveryChannels,
    private readonly messages: MessageRenderer,
    private readonly options: DeliveryOptions,
    /** Told of every try's outcome, when it is known. */
    private readonly report: OutcomeListener = () => undefined,
  ) {}

  /** Resolves once every delivery of the batch is recorded (or given back, when `control.stop` aborted). */
  async execute(claimed: Delivery[], control: BatchControl = {}): Promise<void> {
    const allowed = await this.holdOverCap(await this.endSuppressed(await this.holdQuiet(claimed)));
    const ready = await this.withMessages(allowed);
    // Each accepted send is written as soon as it is known, with the others accepted meanwhile:
    // a slow send of the batch keeps no finished one waiting to be recorded. Should the process
    // die before a write commits, the leases run out and those are sent again, under the same
    // keys: at least once, never lost.
    const recorder = new DeliveredRecorder(this.deliveries, (count, error) =>
      this.logger.error(`${count} deliveries were sent but could not be recorded: ${reasonOf(error)}`),
    );
    await Promise.all(
      ready.map(async (delivery) => {
        const sent = await this.send(delivery, control.stop);
        if (sent !== null) await recorder.record(sent);
        control.settled?.(delivery);
      }),
    );
  }

  /**
   * Quiet hours (CONTRACT §10): inside them no Text or Voice delivery is tried; those claimed go
   * back in line, untried, due when the quiet hours end. Emails go at any hour.
   */
  private async holdQuiet(claimed: Delivery[]): Promise<Delivery[]> {
    // Texts and calls first: a batch of emails, sent at any hour, need not ask when the quiet hours end.
    const quiet = claimed.filter(waitsForQuietHours);
    if (quiet.length === 0) return claimed;
    const ends = this.quietHoursEndAt(nowOf(this.options));
    if (ends === null) return claimed;
    await this.deliveries.release(quiet.map((delivery) => delivery.id), nowLocalDateTime(ends));
    for (const delivery of quiet) heldSpan('notifier.quiet_hours_hold', delivery, { 'curbside.until': ends.toISOString() });
    this.logger.log(`${quiet.length} text(s) and call(s) wait for the end of the quiet hours (${ends.toISOString()})`);
    return claimed.filter((delivery) => !quiet.includes(delivery));
  }

  /**
   * quietHoursEnd, worked out once per quiet period: it walks the wall clock minute by minute (up to
   * 1,560 time-zone conversions), and every moment from one inside the quiet hours to their end is
   * inside them too, so the answer holds until then.
   */
  private quietHoursEndAt(now: Date): Date | null {
    const known = this.quietPeriod;
    if (known !== null && known.from <= now.getTime() && now < known.ends) return known.ends;
    const ends = quietHoursEnd(this.options.quietHours, this.options.timeZone, now);
    this.quietPeriod = ends === null ? null : { from: now.getTime(), ends };
    return ends;
  }

  /** Emails to suppressed addresses (CONTRACT §10) end `suppressed`, without a connection. */
  private async endSuppressed(claimed: Delivery[]): Promise<Delivery[]> {
    const emails = claimed.filter((delivery) => delivery.channel === 'Email');
    const suppressed = await this.deliveries.suppressedAmong(emails.map((delivery) => delivery.address));
    if (suppressed.size === 0) return claimed;
    const ended = emails.filter((delivery) => suppressed.has(emailKey(delivery.address)));
    await this.deliveries.markSuppressed(ended.map((delivery) => delivery.id));
    for (const delivery of ended) {
      heldSpan('notifier.suppressed', delivery, { 'curbside.address': delivery.address });
      this.report(delivery.channel, 'suppressed');
    }
    return claimed.filter((delivery) => !ended.includes(delivery));
  }

  /**
   * The per-customer hourly cap (the domain's `overHourlyCap`): the messages over it go back in line until a slot
   * frees, decided for each customer while no other batch decides for it (`DeliveryRepository.holdOverCap`).
   */
  private async holdOverCap(claimed: Delivery[]): Promise<Delivery[]> {
    const cap = this.options.customerHourlyCap;
    const now = new Date();
    const holds = await this.deliveries.holdOverCap(cappedCustomers(claimed), capWindowStart(now), (windows) =>
      overHourlyCap(claimed, windows, { cap, now, leaseSeconds: this.options.leaseSeconds }),
    );
    const held = new Set<number>();
    for (const { customerId, ids, freesAt } of holds) {
      for (const delivery of claimed.filter((d) => ids.includes(d.id))) {
        held.add(delivery.id);
        heldSpan('notifier.hourly_cap_hold', delivery, { 'curbside.until': freesAt });
      }
      this.logger.warn(`customer ${customerId}: ${ids.length} message(s) over the hourly cap of ${cap} wait until ${freesAt}`);
    }
    return claimed.filter((d) => !held.has(d.id));
  }

  /**
   * The deliveries with their messages: as stored, or rendered now from their events (read in
   * one statement) by the `MessageRenderer`. One whose event is gone has nothing to say: it is
   * dead, untried.
   */
  private async withMessages(deliveries: Delivery[]): Promise<DeliveryWithMessage[]> {
    const unrendered = deliveries.filter((delivery) => !hasMessage(delivery));
    if (unrendered.length === 0) return deliveries.filter(hasMessage);
    const events = await this.events.byIds([...new Set(unrendered.map((delivery) => delivery.eventId))]);
    const render = await this.messages.forBatch(unrendered);
    const ready: DeliveryWithMessage[] = [];
    for (const delivery of deliveries) {
      const event = events.get(delivery.eventId);
      if (hasMessage(delivery)) ready.push(delivery);
      else if (event !== undefined) ready.push(await render(delivery, event));
      else await this.recordFailure(delivery, new DeliveryFailure(`event ${delivery.eventId} is gone: no message to render`, true));
    }
    return ready;
  }

  /**
   * Sends one delivery, in a span `<channel>.send` of the trace that caused it: what to record
   * when accepted; null when it failed (the failure is recorded).
   */
  private async send(delivery: DeliveryWithMessage, stop: AbortSignal | undefined): Promise<SentDelivery | null> {
    if (stop?.aborted) {
      await this.giveBack(delivery);
      return null;
    }
    const attributes = { 'curbside.delivery.id': delivery.id, 'curbside.customer.id': delivery.customerId, 'curbside.attempt': delivery.attempts + 1 };
    return inSpan(`${delivery.channel.toLowerCase()}.send`, (span) => this.sendIn(delivery, span, stop), { parent: contextOf(delivery.traceparent), attributes });
  }

  private async sendIn(delivery: DeliveryWithMessage, span: Span, stop: AbortSignal | undefined): Promise<SentDelivery | null> {
    const channel = this.channels[delivery.channel];
    const deadline = AbortSignal.timeout(this.options.sendTimeoutMs);
    const signal = stop === undefined ? deadline : AbortSignal.any([stop, deadline]);
    try {
      await untilAborted(channel.send(delivery, signal), signal);
    } catch (error) {
      markFailed(span, reasonOf(error));
      if (stop?.aborted) {
        await this.giveBack(delivery);
        return null;
      }
      const failure = deadline.aborted ? new DeliveryFailure(`no answer within ${this.options.sendTimeoutMs} ms`, false) : error;
      await this.recordFailure(delivery, failure).catch((cause: unknown) =>
        this.logger.error(`delivery ${delivery.id} failed and could not be recorded: ${reasonOf(cause)}`),
      );
      return null;
    }
    this.report(delivery.channel, 'delivered');
    const at = nowLocalDateTime();
    return { delivery, at, activity: delivery.channel === 'Email' && channel.sends ? deliveredEmailActivity(delivery, this.options.senderAddress, at) : null };
  }

  /**
   * The notifier stopped before this send was answered: its claim is cleared, due now and untried,
   * for another notifier (or this one's next start) to send.
   */
  private async giveBack(delivery: Delivery): Promise<void> {
    await this.deliveries.release([delivery.id]).catch((cause: unknown) =>
      this.logger.error(`delivery ${delivery.id} could not be given back; its lease runs out instead: ${reasonOf(cause)}`),
    );
    heldSpan('notifier.given_back', delivery, {});
  }

  private async recordFailure(delivery: Delivery, error: unknown): Promise<void> {
    const failure = error instanceof DeliveryFailure ? error : new DeliveryFailure(reasonOf(error), false);
    const attempts = delivery.attempts + 1;
    const dead = isDeadAfter(attempts, failure.permanent, this.options.maxAttempts);
    this.report(delivery.channel, dead ? 'dead' : 'retrying');
    if (failure.bounce) await this.deliveries.markBounced(delivery.id, failure.message, bounceSuppression(delivery, failure.message, nowLocalDateTime()));
    else await this.deliveries.markFailed(delivery.id, failure.message, dead ? null : retryAt(attempts, this.options));
    const what = `delivery ${delivery.id} (${delivery.channel}, try ${attempts}) failed: ${failure.message}`;
    if (failure.bounce) this.logger.error(`${what}; dead, and ${delivery.address} is suppressed`);
    else if (dead) this.logger.error(`${what}; dead`);
    else this.logger.warn(`${what}; retried later`);
  }
}

/** `sending`, or a rejection as soon as `signal` aborts (a channel that ignores its signal is not waited for). */
function untilAborted(sending: Promise<void>, signal: AbortSignal): Promise<void> {
  if (signal.aborted) return Promise.reject(signal.reason);
  return new Promise((resolve, reject) => {
    const onAbort = () => reject(signal.reason);
    signal.addEventListener('abort', onAbort, { once: true });
    sending.then(resolve, reject).finally(() => signal.removeEventListener('abort', onAbort));
  });
}
