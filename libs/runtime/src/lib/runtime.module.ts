import { DynamicModule, Global, Injectable, Module, OnApplicationShutdown } from '@nestjs/common';
import type { Config } from '@curbside/config';
import { PersistenceModule } from '@curbside/persistence';
import { LoggerModule } from 'nestjs-pino';
import { createLogger, loggerParams, type LoggerOptions } from './logging';
import { stopTracing } from './tracing';

/** The token of the validated `Config`: `@Inject(CONFIG) config: Config`. */
export const CONFIG = 'CURBSIDE_CONFIG';

/** At shutdown, the spans still held are sent (when the process is traced). */
@Injectable()
class TracingShutdown implements OnApplicationShutdown {
  onApplicationShutdown(): Promise<void> {
    return stopTracing();
  }
}

/** The validated configuration, to every module. */
@Global()
@Module({})
class RuntimeProvidersModule {
  static forRoot(config: Config): DynamicModule {
    return { module: RuntimeProvidersModule, providers: [{ provide: CONFIG, useValue: config }, TracingShutdown], exports: [CONFIG] };
  }
}

/**
 * What every door (the API, the admin CLI, the notifier) stands on: the validated
 * configuration, one JSON logger, and persistence (connected and migrated at start).
 */
@Module({})
export class RuntimeModule {
  static forRoot(config: Config, logger: LoggerOptions = {}): DynamicModule {
    const root = logger.logger ?? createLogger(config.logLevel, logger.destination);
    return {
      module: RuntimeModule,
      imports: [
        RuntimeProvidersModule.forRoot(config),
        LoggerModule.forRoot(loggerParams(root)),
        PersistenceModule.forRoot({ databaseUrl: config.databaseUrl }),
      ],
    };
  }
}
