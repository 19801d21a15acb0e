import './tracing';
import 'reflect-metadata';
import type { Server } from 'node:http';
import { NestFactory } from '@nestjs/core';
import { loadConfig } from '@curbside/config';
import { Metrics, MetricsServer, runMain } from '@curbside/runtime';
import { Notifier } from '@curbside/notifications';
import { DeliveryRepository } from '@curbside/persistence';
import { Logger } from 'nestjs-pino';
import { DataSource } from 'typeorm';
import { NotifierModule } from './notifier.module';
import { portOf, startHealthServer } from './health';
import { observeDeliveries } from './metrics';
import { NoticeScheduler } from './notice-scheduler';

/**
 * Starts the notifier (CONTRACT §5) and its daily notice run (§8). SIGTERM or SIGINT: stop
 * taking work, give the sends in flight until NOTIFIER_SHUTDOWN_MS and give back the rest, close,
 * exit 0. A failure to start is one line on stderr and exit code 1.
 */
async function main(): Promise<void> {
  const config = loadConfig();
  const app = await NestFactory.createApplicationContext(NotifierModule.forRoot(config), {
    logger: false,
    abortOnError: false,
  });
  const logger = app.get(Logger);
  app.useLogger(logger);
  const notifier = app.get(Notifier);
  const dataSource = app.get(DataSource);
  observeDeliveries(app.get(Metrics), notifier, app.get(DeliveryRepository));
  notifier.start();
  const notices = app.get(NoticeScheduler);
  notices.start();

  let health: Server | null = null;
  if (config.notifier.healthPort !== null) {
    health = await startHealthServer(config.notifier.healthPort, async () => {
      if (!notifier.isRunning) return false;
      await dataSource.query('SELECT 1');
      return true;
    });
  }
  const metricsPort = app.get(MetricsServer).listeningPort;
  logger.log(
    `Curbside notifier ${notifier.workerId} started` +
      (health ? `; health on http://localhost:${portOf(health)}/health/ready` : '') +
      (metricsPort === null ? '' : `; metrics on http://localhost:${metricsPort}/metrics`),
  );

  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.log(`${signal}: finishing the sends in flight (at most ${config.notifier.shutdownMs} ms, then the rest are given back), then exiting`);
    await Promise.all([notifier.stop(), notices.stop()]);
    health?.close();
    await app.close();
    process.exit(0);
  };
  for (const signal of ['SIGTERM', 'SIGINT'] as const) process.on(signal, () => void shutdown(signal));
}

runMain('curbside-notifier', main);
