import { DynamicModule, Module } from '@nestjs/common';
import { noticeProviders } from '@curbside/application';
import type { Config } from '@curbside/config';
import { CoreModule, MetricsModule } from '@curbside/core';
import { NotificationsModule, notifierOptionsOf } from '@curbside/notifications';

/** The third door: the core (config, logger, persistence, metrics), the notifications lib and the notices' use cases. */
@Module({})
export class NotifierModule {
  static forRoot(config: Config): DynamicModule {
    const notifier = notifierOptionsOf(config);
    return {
      module: NotifierModule,
      imports: [
        CoreModule.forRoot(config),
        MetricsModule.forRoot({ port: config.metricsPort }),
        NotificationsModule.forRoot(notifier),
      ],
      providers: noticeProviders(notifier),
    };
  }
}
