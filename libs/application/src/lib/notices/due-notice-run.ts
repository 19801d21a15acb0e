import { Logger } from '@nestjs/common';
import { dueRunDay, nowLocalDateTime, reasonOf, type LocalDate } from '@curbside/domain';
import { NoticeRepository } from '@curbside/persistence';
import { NoticeRun, type NoticeOptions } from './notice-run';

/**
 * The daily run of CONTRACT §8 under the day's lease: once the clock in `TIME_ZONE` passes
 * `REMINDER_TIME`, the first notifier to claim the day's lease runs it, renewing the lease after
 * each chunk, and marks the day done. One that dies mid-run loses the lease when it runs out;
 * another (or the restarted one) runs the day again, and the keys skip what was written. The
 * notifier's `NoticeScheduler` asks it on a timer (the timer and its stop are the process's).
 */
export class DueNoticeRun {
  private readonly logger = new Logger('Notices');
  /** Days this process saw finished: not asked about again. */
  private readonly finished = new Set<LocalDate>();

  constructor(
    private readonly run: NoticeRun,
    private readonly notices: NoticeRepository,
    private readonly options: Pick<NoticeOptions, 'timeZone' | 'reminderTime' | 'leaseSeconds'>,
  ) {}

  /**
   * Runs the day due at `now` as `workerId`, when no notifier has finished it and this one gets
   * its lease. `stopping` is asked after each chunk: true leaves the rest to the next holder of
   * the lease. A failed run is logged, not thrown: the next tick tries again.
   */
  async runDue(now: Date, workerId: string, stopping: () => boolean): Promise<void> {
    const day = dueRunDay(this.options.timeZone, this.options.reminderTime, now);
    if (day === null || this.finished.has(day)) return;
    await this.runDay(day, workerId, stopping).catch((error: unknown) => this.logger.error(`the notice run of ${day} failed: ${reasonOf(error)}`));
  }

  private async runDay(day: LocalDate, workerId: string, stopping: () => boolean): Promise<void> {
    if (await this.notices.isRunFinished(day)) {
      this.finished.add(day);
      return;
    }
    const lease = () => this.notices.claimRun(day, workerId, this.options.leaseSeconds);
    if (!(await lease())) return;
    const started = Date.now();
    const result = await this.run.run(day, {
      afterChunk: async () => {
        // Stopping (SIGTERM) or outlived: leave the rest to the next holder of the lease; the keys keep what is written.
        if (stopping()) throw new Error('stopped; the next notifier to hold the lease runs the rest');
        if (!(await lease())) throw new Error('the lease on the day was lost');
      },
    });
    await this.notices.finishRun(day, workerId);
    this.finished.add(day);
    this.logger.log({ ...result, ms: Date.now() - started, msg: `notice run of ${day} done at ${nowLocalDateTime()}` });
  }
}
