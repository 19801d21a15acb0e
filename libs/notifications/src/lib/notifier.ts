import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import { Logger } from '@nestjs/common';
import { DeliverClaimed, FanOutEvents, type Channel, type ResidentLinks, type DeliveryChannels, type DeliveryOutcome, type OutcomeListener } from '@curbside/application';
import type { Config, NotifierConfig } from '@curbside/config';
import { reasonOf, type DeliveryChannel } from '@curbside/domain';
import { type CustomerRepository, DeliveryRepository, EventRepository, PreferenceRepository, WebhookRepository } from '@curbside/persistence';
import { ChannelLane } from './channel-lane';
import { EmailChannel, LogChannel, ProviderChannel, WebhookChannel } from './channels';
import type { UnsubscribeTokens } from './consent/unsubscribe-tokens';
import { TemplateRenderer } from './render';
import type { SenderOptions } from './sender';

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
  languages: config.languages,
  residentLinkDays: config.residentLinkDays,
});

const addressOf = (mailbox: string): string => /<([^>]+)>/.exec(mailbox)?.[1] ?? mailbox.trim();

/**
 * The background worker (CONTRACT §5): the loop around the application's delivery use cases.
 * One loop claims due events with a lease and fans them out (`FanOutEvents`: deliveries by the
 * preferences and webhooks of that moment). Each channel (Email, Text, Voice, Webhook) has a lane
 * of its own (`ChannelLane`) that claims that channel's due deliveries with a lease, as many as
 * it has room for (NOTIFIER_CONCURRENCY), and delivers them (`DeliverClaimed`: the quiet hours,
 * suppressions and the hourly cap, the send through this notifier's channel with a deadline well
 * inside the lease, each recorded as soon as it is answered: delivered with the email activity,
 * retried later with backoff, or dead). A stalled mail server fills the email lane and no other.
 * Any number of notifiers can share one PostgreSQL database.
 */
export class Notifier {
  readonly workerId = `${hostname()}:${process.pid}:${randomBytes(3).toString('hex')}`;
  private readonly logger = new Logger('Notifier');
  private readonly channels: DeliveryChannels;
  private readonly fanOut: FanOutEvents;
  private readonly lanes: ChannelLane[];
  private running = false;
  private loop: Promise<void> | null = null;
  private readonly sleepers = new Set<() => void>();
  /** Aborts when a stop's grace period is over: the sends still in flight are cut and given back. */
  private stopping = new AbortController();
  private outcomeListeners: OutcomeListener[] = [];

  constructor(
    private readonly events: EventRepository,
    private readonly deliveries: DeliveryRepository,
    preferences: PreferenceRepository,
    webhooks: WebhookRepository,
    unsubscribeTokens: UnsubscribeTokens,
    private readonly options: NotifierOptions,
    customers?: CustomerRepository,
    /** Makes the page link of every email (CONTRACT §12); without it (some tests), emails carry none. */
    pageLinks: ResidentLinks | null = null,
  ) {
    const log = (message: string, details: object) => this.logger.log({ ...details, msg: message });
    const from = { name: options.brandName, address: addressOf(options.from) };
    const own = options.channels ?? {};
    const { timeouts } = options;
    const smtp = { connections: options.concurrency, timeouts };
    this.channels = {
      Email: own.Email ?? (options.smtpUrl ? new EmailChannel(options.smtpUrl, from, options.dkim, smtp) : new LogChannel('Email', log)),
      Text: own.Text ?? (options.textProviderUrl ? new ProviderChannel(options.textProviderUrl, timeouts.providerMs) : new LogChannel('Text', log)),
      Voice: own.Voice ?? (options.voiceProviderUrl ? new ProviderChannel(options.voiceProviderUrl, timeouts.providerMs) : new LogChannel('Voice', log)),
      Webhook: own.Webhook ?? new WebhookChannel((id) => webhooks.secretOf(id), options.webhooksAllowLoopback, timeouts.providerMs),
    };
    this.fanOut = new FanOutEvents(events, deliveries, preferences, webhooks, options);
    const deliver = new DeliverClaimed(
      events,
      deliveries,
      this.channels,
      new TemplateRenderer(options, unsubscribeTokens, customers && ((ids) => customers.languagesOf(ids)), pageLinks),
      { ...options, senderAddress: from.address, sendTimeoutMs: timeouts.sendMs },
      (channel, outcome) => this.report(channel, outcome),
    );
    const claim = (channel: DeliveryChannel, limit: number, except: readonly number[]) =>
      this.deliveries.claimDue(this.workerId, limit, this.options.leaseSeconds, except, this.options.now?.() ?? new Date(), channel);
    const limits = { concurrency: options.concurrency, batchSize: options.batchSize };
    this.lanes = (Object.keys(this.channels) as DeliveryChannel[]).map((channel) => new ChannelLane(channel, claim, deliver, limits, this.workerId));
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
    this.stopping = new AbortController();
    const loops = [this.repeat(() => this.fanOutDue()), ...this.lanes.map((lane) => this.runLane(lane))];
    this.loop = Promise.all(loops).then(() => undefined);
  }

  /**
   * Stops claiming at once; the sends in flight get until NOTIFIER_SHUTDOWN_MS to be answered and
   * recorded, and those still unanswered then are cut and given back (their claims cleared) for
   * another notifier, untried. Resolves once nothing is in hand.
   */
  async stop(): Promise<void> {
    this.running = false;
    for (const wake of this.sleepers) wake();
    for (const lane of this.lanes) lane.wake();
    if (this.loop !== null) {
      const graceOver = setTimeout(() => this.stopping.abort(new Error('the notifier is stopping')), this.options.shutdownMs);
      await this.loop;
      clearTimeout(graceOver);
    }
    this.loop = null;
    (this.channels.Email as Partial<EmailChannel>).close?.();
  }

  /** One round: fan out due events, then each channel sends what it has room for, to the end. How many of either it took. */
  async runOnce(): Promise<number> {
    const fanned = await this.fanOutDue();
    const claimed = await Promise.all(this.lanes.map((lane) => lane.claimAndSend(this.stopping.signal)));
    await Promise.all(this.lanes.map((lane) => lane.drained()));
    return fanned + claimed.reduce((sum, count) => sum + count, 0);
  }

  /** Runs `round` until stopped, resting NOTIFIER_POLL_MS after a round that found nothing. */
  private async repeat(round: () => Promise<number>): Promise<void> {
    while (this.running) {
      let worked = 0;
      try {
        worked = await round();
      } catch (error) {
        this.logger.error(`round failed: ${reasonOf(error)}`);
      }
      if (worked === 0 && this.running) await this.sleep(this.options.pollMs);
    }
  }

  /**
   * A channel's loop: claims what it has room for; once full, it claims again when half its room
   * is free (a claim a delivery would cost the database too much under load). On stop, waits
   * until nothing is in hand.
   */
  private async runLane(lane: ChannelLane): Promise<void> {
    const half = Math.ceil(this.options.concurrency / 2);
    await this.repeat(async () => {
      const claimed = await lane.claimAndSend(this.stopping.signal);
      if (lane.room === 0 && this.running) await lane.roomFor(half);
      return claimed;
    });
    await lane.drained();
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

  /** Claims a batch of due events and fans it out. */
  private async fanOutDue(): Promise<number> {
    const events = await this.events.claimDue(this.workerId, this.options.batchSize, this.options.leaseSeconds);
    if (events.length === 0) return 0;
    await this.fanOut.execute(events);
    return events.length;
  }

  private report(channel: DeliveryChannel, outcome: DeliveryOutcome): void {
    for (const listener of this.outcomeListeners) listener(channel, outcome);
  }
}
