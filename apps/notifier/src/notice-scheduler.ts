import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import { DueNoticeRun, type NoticeOptions } from '@curbside/application';

/**
 * The notifier's clock for the daily notice run (a process concern): every `NOTIFIER_POLL_MS` (a
 * second at least, a minute at most) it asks the application's `DueNoticeRun` to run the due day
 * under the day's lease, one tick at a time, and on SIGTERM stops asking and waits for the run in progress.
 */
export class NoticeScheduler {
  readonly workerId = `${hostname()}:${process.pid}:notices:${randomBytes(3).toString('hex')}`;
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<void> | null = null;

  constructor(
    private readonly dueRun: DueNoticeRun,
    private readonly options: Pick<NoticeOptions, 'pollMs'>,
  ) {}

  start(): void {
    if (this.timer !== null) return;
    const every = Math.min(60_000, Math.max(1000, this.options.pollMs));
    this.timer = setInterval(() => void this.tick(), every);
    void this.tick();
  }

  /** Stops checking the clock; a run in progress stops after the chunks being written (at most two). */
  async stop(): Promise<void> {
    if (this.timer !== null) clearInterval(this.timer);
    this.timer = null;
    await this.running;
  }

  /** Runs the due day when no notifier has finished it and this one gets its lease; one tick at a time. */
  async tick(now: Date = new Date()): Promise<void> {
    if (this.running !== null) return;
    this.running = this.dueRun.runDue(now, this.workerId, () => this.timer === null).finally(() => (this.running = null));
    await this.running;
  }
}
