import './platform/telemetry/start-tracing';
import type { AddressInfo } from 'node:net';
import { Logger } from '@nestjs/common';
import { loadConfig } from '@curbside/config';
import { logLinesWritten, MetricsServer, runMain } from '@curbside/runtime';
import { createApp } from './app';
import { releaseStartMemory } from './platform/lifecycle/start-memory';

/** Starts the API (CONTRACT §1); any failure to start is one line on stderr and exit code 1. */
async function main(): Promise<void> {
  const config = loadConfig();
  const app = await createApp(config);
  releaseStartMemory();
  await app.listen(config.port, '0.0.0.0');
  const { port } = app.getHttpServer().address() as AddressInfo;
  const metricsPort = app.get(MetricsServer).listeningPort ?? port;
  new Logger('Main').log(`Curbside API listening on http://localhost:${port} (OpenAPI at /docs, metrics on port ${metricsPort} at /metrics)`);
  await logLinesWritten(app.getHttpAdapter().getInstance().log);
}

/** Resolves once the API listens and has logged so: `npm start` prints its banner then (tools/dev/start.js). */
export const started = runMain('curbside-api', main);
