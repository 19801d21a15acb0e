export { CONFIG_VARIABLES, ConfigError, loadConfig, LOG_LEVELS } from './lib/config';
export type { Config, LogLevel, NotifierConfig, DkimConfig, QuietHours, LanguagesConfig } from './lib/config';
export {
  getMetadataStorage,
  IsDefined,
  IsIn,
  IsInt,
  IsNotEmpty,
  IsOptional,
  IsString,
  IsTimeZone,
  Matches,
  Max,
  MaxLength,
  Min,
  MinLength,
  registerDecorator,
  validate,
  ValidateBy,
  ValidateNested,
  validateSync,
  type ValidationOptions,
} from './lib/validators';
