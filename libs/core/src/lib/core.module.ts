import { DynamicModule, Global, Module } from '@nestjs/common';
import type { Config } from '@curbside/config';
import { PersistenceModule } from '@curbside/persistence';
import { LoggerModule } from 'nestjs-pino';
import { loggerParams, type LoggerOptions } from './logging';

/** The token of the validated `Config`: `@Inject(CONFIG) config: Config`. */
export const CONFIG = 'CURBSIDE_CONFIG';

@Global()
@Module({})
class ConfigModule {
  static forRoot(config: Config): DynamicModule {
    return { module: ConfigModule, providers: [{ provide: CONFIG, useValue: config }], exports: [CONFIG] };
  }
}

/**
 * What every door (the API, the admin CLI, the notifier) stands on: the validated
 * configuration, one JSON logger, and persistence (connected and migrated at start).
 */
@Module({})
export class CoreModule {
  static forRoot(config: Config, logger: LoggerOptions = {}): DynamicModule {
    return {
      module: CoreModule,
      imports: [
        ConfigModule.forRoot(config),
        LoggerModule.forRoot(loggerParams(config.logLevel, logger)),
        PersistenceModule.forRoot({ databaseUrl: config.databaseUrl }),
      ],
    };
  }
}
