import { DynamicModule, Module } from '@nestjs/common';

/**
 * The API's one source of "now". Handlers that depend on the date (today's plan, the next
 * pickup, the last N days) inject it, so tests can fix the day (`startTestApp({ now })`).
 */
export abstract class Clock {
  abstract now(): Date;
}

/** Provides the clock everywhere; the system's unless `now` is given. */
@Module({})
export class ClockModule {
  static forRoot(now: () => Date = () => new Date()): DynamicModule {
    return { module: ClockModule, global: true, providers: [{ provide: Clock, useValue: { now } }], exports: [Clock] };
  }
}
