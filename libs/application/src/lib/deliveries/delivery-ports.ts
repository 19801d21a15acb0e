import type { DeliveryChannel, Delivery, DeliveryWithMessage, NewEvent } from '@curbside/domain';

/**
 * A failed try. Permanent failures (SMTP 5xx, HTTP 4xx but 429) make a delivery dead at once;
 * temporary ones (SMTP 4xx, HTTP 5xx and 429, refused connections, time-outs) are retried.
 */
export class DeliveryFailure extends Error {
  constructor(
    message: string,
    readonly permanent: boolean,
    /** A hard bounce (SMTP 5xx at RCPT or after DATA): the address is put on the suppression list (CONTRACT §10). */
    readonly bounce = false,
  ) {
    super(message);
    this.name = 'DeliveryFailure';
  }
}

/**
 * The port a delivery is sent through: resolves when the other side accepted it, throws
 * `DeliveryFailure` otherwise. The notifications lib's channels (SMTP, the providers, webhooks,
 * the log) and a team's own transport implement it.
 */
export interface Channel {
  /** True when it really sends (false: it only writes to the log). */
  readonly sends: boolean;
  /**
   * `signal` aborts when the send's deadline passes or the notifier stops: the channel then cuts
   * the connection and rejects. One that ignores it is given up on all the same (its try fails),
   * but may go on sending after its claim ran out.
   */
  send(delivery: DeliveryWithMessage, signal: AbortSignal): Promise<void>;
}

/** What the notifier tells `DeliverClaimed` of a batch it hands over. */
export interface BatchControl {
  /** Aborts when the notifier stops for good: what is not sent by then is given back untried. */
  stop?: AbortSignal;
  /** Told of each delivery of the batch once it is done with (sent and recorded, failed, or given back). */
  settled?: (delivery: Delivery) => void;
}

/** The channel each kind of delivery goes through. */
export type DeliveryChannels = Readonly<Record<DeliveryChannel, Channel>>;

/**
 * The port that words a delivery's message from its event (the notifications lib's templates,
 * brand, unsubscribe links and page links): `forBatch` gives the renderer of one batch, whose brand,
 * unsubscribe key and customers' languages (CONTRACT §11) are read once.
 */
export abstract class MessageRenderer {
  abstract forBatch(deliveries: readonly Delivery[]): Promise<(delivery: Delivery, event: NewEvent) => DeliveryWithMessage | Promise<DeliveryWithMessage>>;
}

/** What became of one try of a delivery: accepted, failed for now (tried again later), failed for good, or not tried (a suppressed address). */
export type DeliveryOutcome = 'delivered' | 'retrying' | 'dead' | 'suppressed';

/** Told of every try's outcome (the notifier's metrics). */
export type OutcomeListener = (channel: DeliveryChannel, outcome: DeliveryOutcome) => void;
