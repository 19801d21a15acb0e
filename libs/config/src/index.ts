export { CONFIG_VARIABLES, ConfigError, loadConfig, LOG_LEVELS } from './lib/config';
export type { Config, LogLevel, NotifierConfig, DkimConfig, QuietHours } from './lib/config';
