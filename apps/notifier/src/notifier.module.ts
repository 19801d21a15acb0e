import { DynamicModule, Module } from '@nestjs/common';
import { DueNoticeRun, noticeProviders } from '@curbside/application';
import type { Config } from '@curbside/config';
import { RuntimeModule, MetricsModule } from '@curbside/runtime';
import { NotificationsModule, notifierOptionsOf } from '@curbside/notifications';
import { NoticeScheduler } from './notice-scheduler';

/** The third door: the core (config, logger, persistence, metrics), the notifications lib, the notices' use cases and the clock that starts their daily run. */
@Module({})
export class NotifierModule {
  static forRoot(config: Config): DynamicModule {
    const notifier = notifierOptionsOf(config);
    return {
      module: NotifierModule,
      imports: [
        RuntimeModule.forRoot(config),
        MetricsModule.forRoot({ port: config.metricsPort }),
        NotificationsModule.forRoot(notifier),
      ],
      providers: [
        ...noticeProviders(notifier),
        { provide: NoticeScheduler, useFactory: (dueRun: DueNoticeRun) => new NoticeScheduler(dueRun, notifier), inject: [DueNoticeRun] },
      ],
    };
  }
}
