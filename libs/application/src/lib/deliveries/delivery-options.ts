import { nowLocalDateTime, retryDelayMs, type DailyWindow, type LocalDateTime } from '@curbside/domain';

/** How deliveries are retried, held and recorded (CONTRACT §5, §10): the notifier's settings the use cases read. */
export interface DeliveryOptions {
  /** Tries before a delivery (or an event's fan-out) is dead. */
  maxAttempts: number;
  /** The first retry waits about this long; each further one about twice as long (with jitter). */
  backoffBaseMs: number;
  /** Messages per customer per hour (webhooks are not counted). */
  customerHourlyCap: number;
  /** The claims' lease: a message held by the cap is due again no sooner than it runs out. */
  leaseSeconds: number;
  /** One send's deadline (well inside the lease): a send without an answer by then is cut and counts as a failed try. */
  sendTimeoutMs: number;
  /** Null: texts and calls go at any hour. */
  quietHours: DailyWindow | null;
  /** The quiet hours' clock (CONTRACT §10). */
  timeZone: string;
  /** The address an email activity records as the sender's. */
  senderAddress: string;
  /** What is due and the quiet hours; the system's clock by default. */
  now?: () => Date;
}

export const nowOf = (options: Pick<DeliveryOptions, 'now'>): Date => options.now?.() ?? new Date();

/** When a try that failed for the `attempts`-th time is due again (the domain's `retryDelayMs` from now). */
export const retryAt = (attempts: number, options: Pick<DeliveryOptions, 'now' | 'backoffBaseMs'>): LocalDateTime =>
  nowLocalDateTime(new Date(nowOf(options).getTime() + retryDelayMs(attempts, options.backoffBaseMs)));
