import { DynamicModule, Module } from '@nestjs/common';
import type { Config } from '@curbside/config';
import { CoreModule, MetricsModule } from '@curbside/core';
import { NotificationsModule, notifierOptionsOf } from '@curbside/notifications';

/** The third door: the core (config, logger, persistence, metrics) and the notifications lib. */
@Module({})
export class NotifierModule {
  static forRoot(config: Config): DynamicModule {
    return {
      module: NotifierModule,
      imports: [
        CoreModule.forRoot(config),
        MetricsModule.forRoot({ port: config.metricsPort }),
        NotificationsModule.forRoot(notifierOptionsOf(config)),
      ],
    };
  }
}
