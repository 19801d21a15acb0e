import { DynamicModule, Global, Module } from '@nestjs/common';
import type { Config } from '@curbside/config';
import { PersistenceModule } from '@curbside/persistence';
import { LoggerModule } from 'nestjs-pino';
import type { Logger } from 'pino';
import { createLogger, loggerParams, type LoggerOptions } from './logging';

/** The token of the validated `Config`: `@Inject(CONFIG) config: Config`. */
export const CONFIG = 'CURBSIDE_CONFIG';

/** The token of the process's pino logger, for code that writes its own structured lines (the API's request log). */
export const ROOT_LOGGER = 'CURBSIDE_ROOT_LOGGER';

/** The validated configuration and the process's logger, to every module. */
@Global()
@Module({})
class CoreProvidersModule {
  static forRoot(config: Config, logger: Logger): DynamicModule {
    return {
      module: CoreProvidersModule,
      providers: [
        { provide: CONFIG, useValue: config },
        { provide: ROOT_LOGGER, useValue: logger },
      ],
      exports: [CONFIG, ROOT_LOGGER],
    };
  }
}

/**
 * What every door (the API, the admin CLI, the notifier) stands on: the validated
 * configuration, one JSON logger, and persistence (connected and migrated at start).
 */
@Module({})
export class CoreModule {
  static forRoot(config: Config, logger: LoggerOptions = {}): DynamicModule {
    const root = logger.logger ?? createLogger(config.logLevel, logger.destination);
    return {
      module: CoreModule,
      imports: [
        CoreProvidersModule.forRoot(config, root),
        LoggerModule.forRoot(loggerParams(root)),
        PersistenceModule.forRoot({ databaseUrl: config.databaseUrl }),
      ],
    };
  }
}
