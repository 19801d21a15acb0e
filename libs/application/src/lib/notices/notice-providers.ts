import type { Provider } from '@nestjs/common';
import { HolidayRepository, NoticeRepository } from '@curbside/persistence';
import { DataSource } from 'typeorm';
import { ExplainNotices, type ExplainOptions } from './explain-notices';
import { NoticeRun, NoticeScheduler, RouteAlerts, type NoticeOptions } from './notices';

/** The notices' use cases for the door that runs them (the CLI, the notifier). */
export function noticeProviders(options: NoticeOptions & ExplainOptions): Provider[] {
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
      provide: ExplainNotices,
      useFactory: (dataSource: DataSource) => new ExplainNotices(dataSource, options),
      inject: [DataSource],
    },
    {
      provide: RouteAlerts,
      useFactory: (notices, holidays) => new RouteAlerts(notices, holidays),
      inject: [NoticeRepository, HolidayRepository],
    },
  ];
}
