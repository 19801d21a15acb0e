import { NestFactory } from '@nestjs/core';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import type { Config } from '@curbside/config';
import { createLogger, Metrics } from '@curbside/runtime';
import { Logger } from 'nestjs-pino';
import type { DestinationStream } from 'pino';
import { AppModule, ModuleImports } from './app.module';
import { configureHttp, createFastifyAdapter } from './platform/http/fastify';
import { setupOpenApi } from './openapi/document';
import { observeRequests, serveMetrics } from './platform/telemetry/request-telemetry';
import { enableGracefulShutdown } from './platform/lifecycle/shutdown';
import { HOT_READS } from './hot-reads';
import { serveHotReads } from './hot-reads/hot-reads';
import { routesAtDebug } from './platform/telemetry/startup-log';

export interface AppOptions {
  /** Extra modules, e.g. a test-only controller. */
  imports?: ModuleImports;
  /** Where the JSON log goes instead of stdout, e.g. a test reading what was logged. */
  logDestination?: DestinationStream;
  /** The API's clock (see `Clock`); the system's by default. */
  now?: () => Date;
}

/**
 * The API, initialized (database connected and migrated, routes registered) but not yet
 * listening: `main.ts` listens on the configured port, tests on any free one.
 */
export async function createApp(config: Config, options: AppOptions = {}): Promise<NestFastifyApplication> {
  const logger = createLogger(config.logLevel, options.logDestination);
  const app = await NestFactory.create<NestFastifyApplication>(
    AppModule.forRoot(config, options.imports, { logger, now: options.now }),
    createFastifyAdapter(config.trustedProxies, logger, config),
    // Quiet until the JSON logger takes over: a failure to start is reported by the caller, in one line.
    // The body parsers are the API's own (platform/http/body-parsers.ts).
    { logger: false, abortOnError: false, bodyParser: false },
  );
  try {
    app.useLogger(routesAtDebug(app.get(Logger)));
    configureHttp(app, { corsOrigins: config.corsOrigins });
    const fastify = app.getHttpAdapter().getInstance();
    observeRequests(fastify, logger, app.get(Metrics));
    if (config.metricsPort === null) serveMetrics(fastify, app.get(Metrics));
    setupOpenApi(app);
    enableGracefulShutdown(app);
    serveHotReads(app, HOT_READS);
    await app.init();
    return app;
  } catch (error) {
    await app.close();
    throw error;
  }
}
