import type { Provider } from '@nestjs/common';
import { HolidayRepository, NoticeRepository } from '@curbside/persistence';
import { NoticeRun, NoticeScheduler, RouteAlerts, type NoticeOptions } from './notices';

/** The notices' use cases for the door that runs them (the CLI, the notifier). */
export function noticeProviders(options: NoticeOptions): Provider[] {
  return [
    {
      provide: NoticeRun,
      useFactory: (notices, holidays) => new NoticeRun(notices, holidays, options),
      inject: [NoticeRepository, HolidayRepository],
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
