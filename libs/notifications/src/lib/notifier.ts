import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import { Logger } from '@nestjs/common';
import { DeliverClaimed, FanOutEvents, type Channel, type ResidentLinks, type DeliveryChannels, type DeliveryOutcome, type OutcomeListener } from '@curbside/application';
import type { Config, NotifierConfig } from '@curbside/config';
import { reasonOf, type DeliveryChannel } from '@curbside/domain';
import { contextOf, type CustomerRepository, DeliveryRepository, EventRepository, PreferenceRepository, spanThatWas, WebhookRepository } from '@curbside/persistence';
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
 * Each round it claims due events with a lease and fans them out (`FanOutEvents`: deliveries by
 * the preferences and webhooks of that moment), then claims due deliveries with a lease and
 * delivers them (`DeliverClaimed`: the quiet hours, suppressions and the hourly cap, the send
 * through this notifier's channels, then delivered with the email activity, retried later with
 * backoff, or dead). Any number of notifiers can share one PostgreSQL database.
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
  private readonly channels: DeliveryChannels;
  private readonly fanOut: FanOutEvents;
  private readonly deliver: DeliverClaimed;
  private running = false;
  private loop: Promise<void> | null = null;
  private readonly sleepers = new Set<() => void>();
  /** The deliveries the lanes hold now (claimed, not yet recorded). */
  private readonly inHand = new Set<number>();
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
    this.channels = {
      Email: own.Email ?? (options.smtpUrl ? new EmailChannel(options.smtpUrl, from, options.dkim) : new LogChannel('Email', log)),
      Text: own.Text ?? (options.textProviderUrl ? new ProviderChannel(options.textProviderUrl) : new LogChannel('Text', log)),
      Voice: own.Voice ?? (options.voiceProviderUrl ? new ProviderChannel(options.voiceProviderUrl) : new LogChannel('Voice', log)),
      Webhook: own.Webhook ?? new WebhookChannel((id) => webhooks.secretOf(id), options.webhooksAllowLoopback),
    };
    this.fanOut = new FanOutEvents(events, deliveries, preferences, webhooks, options);
    this.deliver = new DeliverClaimed(
      events,
      deliveries,
      this.channels,
      new TemplateRenderer(options, unsubscribeTokens, customers && ((ids) => customers.languagesOf(ids)), pageLinks),
      { ...options, senderAddress: from.address },
      (channel, outcome) => this.report(channel, outcome),
    );
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

  /** Claims a batch of due events and fans it out. */
  private async fanOutDue(): Promise<number> {
    const { limit, seconds } = this.lease();
    const events = await this.events.claimDue(this.workerId, limit, seconds);
    if (events.length === 0) return 0;
    await this.fanOut.execute(events);
    return events.length;
  }

  /** Claims a batch of due deliveries and delivers it. */
  private async deliverDue(): Promise<number> {
    const { limit, seconds } = this.lease();
    // Not what another lane is still sending, even should its lease run out meanwhile: one
    // process sends a delivery once (across processes, the lease is what keeps them apart).
    const claimedAt = Date.now();
    const claimed = await this.deliveries.claimDue(this.workerId, limit, seconds, [...this.inHand], this.options.now?.() ?? new Date());
    for (const delivery of claimed) {
      this.inHand.add(delivery.id);
      // Recorded once the claim is known to hold it: the claim is a span of each delivery's trace.
      spanThatWas('notifier.claim', claimedAt, contextOf(delivery.traceparent), { 'curbside.delivery.id': delivery.id, 'curbside.worker': this.workerId });
    }
    try {
      await this.deliver.execute(claimed);
    } finally {
      for (const delivery of claimed) this.inHand.delete(delivery.id);
    }
    return claimed.length;
  }

  private report(channel: DeliveryChannel, outcome: DeliveryOutcome): void {
    for (const listener of this.outcomeListeners) listener(channel, outcome);
  }
}
