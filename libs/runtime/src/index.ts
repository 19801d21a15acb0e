export { CONFIG, RuntimeModule } from './lib/runtime.module';
export { createLogger, logLinesWritten, loggerOptions, loggerParams, redactUrl, REQUEST_ID_KEY, type LoggerOptions } from './lib/logging';
export { Metrics, MetricsModule, MetricsServer } from './lib/metrics';
export { oneLine, runMain, type RunMainOptions } from './lib/run-main';
