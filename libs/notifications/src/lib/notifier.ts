import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import { Logger } from '@nestjs/common';
import { SpanStatusCode, type Span } from '@opentelemetry/api';
import type { Config, NotifierConfig } from '@curbside/config';
import {
  bounceSuppression,
  cappedCustomers,
  capWindowStart,
  emailKey,
  isDeadAfter,
  nowLocalDateTime,
  overHourlyCap,
  retryDelayMs,
  waitsForQuietHours,
  quietHoursEnd,
  reasonOf,
  planDeliveries,
  type Delivery,
  type DeliveryChannel,
  type DeliveryWithMessage,
  deliveredEmailActivity,
  type LocalDateTime,
  type NewDelivery,
  type OutboxEvent,
} from '@curbside/domain';
import {
  contextOf,
  DeliveryRepository,
  EventRepository,
  inSpan,
  PreferenceRepository,
  spanThatWas,
  startSpan,
  WebhookRepository,
  type SentDelivery,
} from '@curbside/persistence';
import { DeliveryFailure, EmailChannel, LogChannel, ProviderChannel, WebhookChannel, type Channel } from './channels';
import type { UnsubscribeTokens } from './consent/unsubscribe-tokens';
import { hasMessage, withMessage } from './render';
import { senderOf, type SenderOptions } from './sender';

export interface NotifierOptions extends NotifierConfig, SenderOptions {
  smtpUrl: string | null;
  /**
   * A team's own transport for a delivery channel (docs/extending.md, "A notifier channel"): it
   * sends that channel's deliveries instead of the configured one, under the same claims, retries
   * and outcomes (throw `DeliveryFailure`, permanent or not).
   */
  channels?: Partial<Record<DeliveryChannel, Channel>>;
  /** The operating time zone: the notices' "today" (CONTRACT §8) and the quiet hours' clock (§10). */
  timeZone: string;
  /** The notifier's clock (what is due, the quiet hours); the system's by default. */
  now?: () => Date;
}

/** The notifier's options from the process configuration. */
export const notifierOptionsOf = (config: Config): NotifierOptions => ({
  ...config.notifier,
  smtpUrl: config.smtpUrl,
  timeZone: config.timeZone,
  brandName: config.brandName,
  publicBaseUrl: config.publicBaseUrl,
});

/** What became of one try of a delivery: accepted, failed for now (tried again later), failed for good, or not tried (a suppressed address). */
export type DeliveryOutcome = 'delivered' | 'retrying' | 'dead' | 'suppressed';

/** Told of every try's outcome (the notifier's metrics). */
export type OutcomeListener = (channel: DeliveryChannel, outcome: DeliveryOutcome) => void;

/** A moment in a delivery's trace where the notifier held it back (a zero-length span). */
const heldSpan = (name: string, delivery: Delivery, attributes: Record<string, string>): void =>
  spanThatWas(name, Date.now(), contextOf(delivery.traceparent), { 'curbside.delivery.id': delivery.id, ...attributes });

const addressOf = (mailbox: string): string => /<([^>]+)>/.exec(mailbox)?.[1] ?? mailbox.trim();

/**
 * The background worker (CONTRACT §5). Each round it fans due events out into deliveries (by
 * the preferences and webhooks of that moment), then claims due deliveries with a lease and
 * sends them: delivered (with the email activity, in one transaction), retried later with
 * backoff, or dead. Any number of notifiers can share one PostgreSQL database.
 */
export class Notifier {
  /**
   * Rounds run side by side in one notifier: while one lane's batch is on the wire, another
   * claims, fans out or records, so neither the SMTP connections nor the database wait on the
   * other. Each lane holds at most one batch: at most `lanes` × NOTIFIER_BATCH_SIZE sends in
   * flight, which is also what a killed notifier can send again (at least once, §5).
   */
  static readonly lanes = 2;
  readonly workerId = `${hostname()}:${process.pid}:${randomBytes(3).toString('hex')}`;
  private readonly logger = new Logger('Notifier');
  private readonly channels: Record<DeliveryChannel, Channel>;
  private running = false;
  private loop: Promise<void> | null = null;
  private readonly sleepers = new Set<() => void>();
  /** The deliveries the lanes hold now (claimed, not yet recorded). */
  private readonly inHand = new Set<number>();
  private outcomeListeners: OutcomeListener[] = [];
  /** The quiet period last found: from a moment inside it (ms) to its end. */
  private quietPeriod: { from: number; ends: Date } | null = null;

  constructor(
    private readonly events: EventRepository,
    private readonly deliveries: DeliveryRepository,
    private readonly preferences: PreferenceRepository,
    private readonly webhooks: WebhookRepository,
    private readonly unsubscribeTokens: UnsubscribeTokens,
    private readonly options: NotifierOptions,
  ) {
    const log = (message: string, details: object) => this.logger.log({ ...details, msg: message });
    const from = { name: options.brandName, address: addressOf(options.from) };
    const own = options.channels ?? {};
    this.channels = {
      Email: own.Email ?? (options.smtpUrl ? new EmailChannel(options.smtpUrl, from, options.dkim) : new LogChannel('Email', log)),
      Text: own.Text ?? (options.textProviderUrl ? new ProviderChannel(options.textProviderUrl) : new LogChannel('Text', log)),
      Voice: own.Voice ?? (options.voiceProviderUrl ? new ProviderChannel(options.voiceProviderUrl) : new LogChannel('Voice', log)),
      Webhook: own.Webhook ?? new WebhookChannel((id) => webhooks.secretOf(id), options.webhooksAllowLoopback),
    };
  }

  get isRunning(): boolean {
    return this.running;
  }

  /** Calls `listener` with the outcome of every try from now on. */
  onOutcome(listener: OutcomeListener): void {
    this.outcomeListeners.push(listener);
  }

  /** Starts polling; `stop()` ends it. */
  start(): void {
    if (this.running) return;
    this.running = true;
    this.loop = Promise.all(Array.from({ length: Notifier.lanes }, () => this.run())).then(() => undefined);
  }

  /** Stops taking work and finishes what it holds (sends in flight complete and are recorded). */
  async stop(): Promise<void> {
    this.running = false;
    for (const wake of this.sleepers) wake();
    await this.loop;
    this.loop = null;
    (this.channels.Email as Partial<EmailChannel>).close?.();
  }

  /** One round: fan out due events, then send due deliveries. How many of either it took. */
  async runOnce(): Promise<number> {
    return (await this.fanOutDue()) + (await this.deliverDue());
  }

  private async run(): Promise<void> {
    while (this.running) {
      let worked = 0;
      try {
        worked = await this.runOnce();
      } catch (error) {
        this.logger.error(`round failed: ${reasonOf(error)}`);
      }
      if (worked === 0 && this.running) await this.sleep(this.options.pollMs);
    }
  }

  private sleep(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const wake = () => {
        clearTimeout(timer);
        this.sleepers.delete(wake);
        resolve();
      };
      const timer = setTimeout(wake, ms);
      this.sleepers.add(wake);
    });
  }

  private lease = () => ({ limit: this.options.batchSize, seconds: this.options.leaseSeconds });

  private async fanOutDue(): Promise<number> {
    const { limit, seconds } = this.lease();
    const events = await this.events.claimDue(this.workerId, limit, seconds);
    if (events.length === 0) return 0;
    // Each event's fan-out is a span of the trace that wrote it; its deliveries continue from there.
    const spans = new Map(events.map((event) => [event.id, startSpan('notifier.fan_out', contextOf(event.traceparent), { 'curbside.event.id': event.id, 'curbside.event.type': event.type })]));
    try {
      await this.fanOut(events, spans);
    } finally {
      for (const { span } of spans.values()) span.end();
    }
    return events.length;
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
    await this.events.markFailed(event.id, reason, isDeadAfter(attempts, false, this.options.maxAttempts) ? null : this.retryAt(attempts));
  }

  private async deliverDue(): Promise<number> {
    const { limit, seconds } = this.lease();
    // Not what another lane is still sending, even should its lease run out meanwhile: one
    // process sends a delivery once (across processes, the lease is what keeps them apart).
    const claimedAt = Date.now();
    const claimed = await this.deliveries.claimDue(this.workerId, limit, seconds, [...this.inHand], this.now());
    for (const delivery of claimed) {
      this.inHand.add(delivery.id);
      // Recorded once the claim is known to hold it: the claim is a span of each delivery's trace.
      spanThatWas('notifier.claim', claimedAt, contextOf(delivery.traceparent), { 'curbside.delivery.id': delivery.id, 'curbside.worker': this.workerId });
    }
    try {
      const allowed = await this.holdOverCap(await this.endSuppressed(await this.holdQuiet(claimed)));
      const ready = await this.withMessages(allowed);
      const sent = (await Promise.all(ready.map((delivery) => this.send(delivery)))).filter((item) => item !== null);
      try {
        // One transaction for the batch. Should the process die before it commits, the leases run
        // out and these are sent again, under the same keys: at least once, never lost.
        await this.deliveries.markDelivered(sent);
      } catch (error) {
        this.logger.error(`${sent.length} deliveries were sent but could not be recorded: ${reasonOf(error)}`);
      }
    } finally {
      for (const delivery of claimed) this.inHand.delete(delivery.id);
    }
    return claimed.length;
  }

  private now(): Date {
    return this.options.now?.() ?? new Date();
  }

  /**
   * Quiet hours (CONTRACT §10): inside them no Text or Voice delivery is tried; those claimed go
   * back in line, untried, due when the quiet hours end. Emails go at any hour.
   */
  private async holdQuiet(claimed: Delivery[]): Promise<Delivery[]> {
    // Texts and calls first: a batch of emails, sent at any hour, need not ask when the quiet hours end.
    const quiet = claimed.filter(waitsForQuietHours);
    if (quiet.length === 0) return claimed;
    const ends = this.quietHoursEndAt(this.now());
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

  /** The per-customer hourly cap (the domain's `overHourlyCap`): the messages over it go back in line until a slot frees. */
  private async holdOverCap(claimed: Delivery[]): Promise<Delivery[]> {
    const cap = this.options.customerHourlyCap;
    const now = new Date();
    const windows = await this.deliveries.sendWindows(cappedCustomers(claimed), capWindowStart(now));
    const held = new Set<number>();
    for (const { customerId, ids, freesAt } of overHourlyCap(claimed, windows, { cap, now, leaseSeconds: this.options.leaseSeconds })) {
      await this.deliveries.release(ids, freesAt);
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
   * one statement) with this moment's brand and a fresh unsubscribe link. One whose event is
   * gone has nothing to say: it is dead, untried.
   */
  private async withMessages(deliveries: Delivery[]): Promise<DeliveryWithMessage[]> {
    const unrendered = deliveries.filter((delivery) => !hasMessage(delivery));
    if (unrendered.length === 0) return deliveries.filter(hasMessage);
    const events = await this.events.byIds([...new Set(unrendered.map((delivery) => delivery.eventId))]);
    const sender = await senderOf(this.options, this.unsubscribeTokens);
    const ready: DeliveryWithMessage[] = [];
    for (const delivery of deliveries) {
      const event = events.get(delivery.eventId);
      if (hasMessage(delivery)) ready.push(delivery);
      else if (event !== undefined) ready.push(withMessage(delivery, event, sender));
      else await this.recordFailure(delivery, new DeliveryFailure(`event ${delivery.eventId} is gone: no message to render`, true));
    }
    return ready;
  }

  /**
   * Sends one delivery, in a span `<channel>.send` of the trace that caused it: what to record
   * when accepted; null when it failed (the failure is recorded).
   */
  private send(delivery: DeliveryWithMessage): Promise<SentDelivery | null> {
    const attributes = { 'curbside.delivery.id': delivery.id, 'curbside.customer.id': delivery.customerId, 'curbside.attempt': delivery.attempts + 1 };
    return inSpan(`${delivery.channel.toLowerCase()}.send`, (span) => this.sendIn(delivery, span), { parent: contextOf(delivery.traceparent), attributes });
  }

  private async sendIn(delivery: DeliveryWithMessage, span: Span): Promise<SentDelivery | null> {
    const channel = this.channels[delivery.channel];
    try {
      await channel.send(delivery);
    } catch (error) {
      span.setStatus({ code: SpanStatusCode.ERROR, message: reasonOf(error) });
      await this.recordFailure(delivery, error).catch((cause: unknown) =>
        this.logger.error(`delivery ${delivery.id} failed and could not be recorded: ${reasonOf(cause)}`),
      );
      return null;
    }
    this.report(delivery.channel, 'delivered');
    const at = nowLocalDateTime();
    return { delivery, at, activity: delivery.channel === 'Email' && channel.sends ? deliveredEmailActivity(delivery, addressOf(this.options.from), at) : null };
  }

  private async recordFailure(delivery: Delivery, error: unknown): Promise<void> {
    const failure = error instanceof DeliveryFailure ? error : new DeliveryFailure(reasonOf(error), false);
    const attempts = delivery.attempts + 1;
    const dead = isDeadAfter(attempts, failure.permanent, this.options.maxAttempts);
    this.report(delivery.channel, dead ? 'dead' : 'retrying');
    if (failure.bounce) await this.deliveries.markBounced(delivery.id, failure.message, bounceSuppression(delivery, failure.message, nowLocalDateTime()));
    else await this.deliveries.markFailed(delivery.id, failure.message, dead ? null : this.retryAt(attempts));
    const what = `delivery ${delivery.id} (${delivery.channel}, try ${attempts}) failed: ${failure.message}`;
    if (failure.bounce) this.logger.error(`${what}; dead, and ${delivery.address} is suppressed`);
    else if (dead) this.logger.error(`${what}; dead`);
    else this.logger.warn(`${what}; retried later`);
  }

  private report(channel: DeliveryChannel, outcome: DeliveryOutcome): void {
    for (const listener of this.outcomeListeners) listener(channel, outcome);
  }

  private retryAt(attempts: number): LocalDateTime {
    return nowLocalDateTime(new Date(this.now().getTime() + retryDelayMs(attempts, this.options.backoffBaseMs)));
  }
}
