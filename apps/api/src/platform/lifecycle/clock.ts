import { DynamicModule, Module } from '@nestjs/common';
import { LocalDate, LocalDateTime, localDateTimeIn, todayIn } from '@curbside/domain';

/**
 * The API's one source of "now". Handlers that depend on the date (today's plan, the next
 * pickup, the last N days) inject it, so tests can fix the day (`startTestApp({ now })`).
 */
export class Clock {
  constructor(
    /** The operating time zone (`TIME_ZONE`): "today" is the date there. */
    readonly timeZone: string,
    readonly now: () => Date,
  ) {}

  today(): LocalDate {
    return todayIn(this.timeZone, this.now());
  }

  /** The wall-clock time in the operating time zone, e.g. a new ticket's `created_date_time`. */
  localNow(): LocalDateTime {
    return localDateTimeIn(this.timeZone, this.now());
  }
}

/** Provides the clock everywhere; the system's unless `now` is given. */
@Module({})
export class ClockModule {
  static forRoot(timeZone: string, now: () => Date = () => new Date()): DynamicModule {
    return { module: ClockModule, global: true, providers: [{ provide: Clock, useValue: new Clock(timeZone, now) }], exports: [Clock] };
  }
}
