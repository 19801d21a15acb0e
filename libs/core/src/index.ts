export { CONFIG, CoreModule } from './lib/core.module';
export { loggerParams, redactUrl, type LoggerOptions } from './lib/logging';
export { oneLine, runMain, type RunMainOptions } from './lib/run-main';
