import type { Provider } from '@nestjs/common';
import { CustomerRepository, DeliveryRepository, EventRepository, HolidayRepository, NoticeRepository, PreferenceRepository } from '@curbside/persistence';
import { DueNoticeRun } from './due-notice-run';
import { ExplainNotices, type ExplainOptions } from './explain-notices';
import { NoticeRun, type NoticeOptions } from './notice-run';
import { RouteAlerts } from './route-alerts';

/** The notices' use cases for the door that runs them (the CLI, the notifier), over the repositories persistence provides. */
export function noticeProviders(options: NoticeOptions & ExplainOptions): Provider[] {
  return [
    {
      provide: NoticeRun,
      useFactory: (notices: NoticeRepository, holidays: HolidayRepository) => new NoticeRun(notices, holidays, options),
      inject: [NoticeRepository, HolidayRepository],
    },
    {
      provide: DueNoticeRun,
      useFactory: (run: NoticeRun, notices: NoticeRepository) => new DueNoticeRun(run, notices, options),
      inject: [NoticeRun, NoticeRepository],
    },
    {
      provide: ExplainNotices,
      useFactory: (
        customers: CustomerRepository,
        notices: NoticeRepository,
        holidays: HolidayRepository,
        preferences: PreferenceRepository,
        events: EventRepository,
        deliveries: DeliveryRepository,
      ) => new ExplainNotices(customers, notices, holidays, preferences, events, deliveries, options),
      inject: [CustomerRepository, NoticeRepository, HolidayRepository, PreferenceRepository, EventRepository, DeliveryRepository],
    },
    {
      provide: RouteAlerts,
      useFactory: (notices: NoticeRepository, holidays: HolidayRepository) => new RouteAlerts(notices, holidays),
      inject: [NoticeRepository, HolidayRepository],
    },
  ];
}
