import type { InjectionToken, Provider } from '@nestjs/common';
import { HolidayRepository, NoticeRepository } from '@curbside/persistence';
import { NoticeRun, NoticeScheduler, RouteAlerts, type NoticeOptions } from './notices';

/**
 * The notices' use cases for the door that runs them (the CLI, the notifier): `deliveries` names
 * the provider, of a module that door imports, that plans their messages (a NoticeDeliveries).
 */
export function noticeProviders(options: NoticeOptions, deliveries: InjectionToken): Provider[] {
  return [
    {
      provide: NoticeRun,
      useFactory: (notices, holidays, planner) => new NoticeRun(notices, holidays, options, planner),
      inject: [NoticeRepository, HolidayRepository, deliveries],
    },
    {
      provide: NoticeScheduler,
      useFactory: (run, notices) => new NoticeScheduler(run, notices, options),
      inject: [NoticeRun, NoticeRepository],
    },
    {
      provide: RouteAlerts,
      useFactory: (notices, holidays) => new RouteAlerts(notices, holidays),
      inject: [NoticeRepository, HolidayRepository],
    },
  ];
}
