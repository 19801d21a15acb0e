import 'reflect-metadata';
import { Expose, plainToInstance, Type } from 'class-transformer';
import { IsIn, IsInt, IsOptional, IsTimeZone, Matches, Max, Min, MinLength, validateSync } from 'class-validator';

export const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

/**
 * The process environment as CONTRACT §1 defines it: one property per variable, with its
 * default and its rule. Error messages name the variable, never its value (it may be a secret).
 */
class Environment {
  @Expose()
  @Type(() => Number)
  @IsInt({ message: 'PORT must be an integer from 0 to 65535' })
  @Min(0, { message: 'PORT must be an integer from 0 to 65535' })
  @Max(65535, { message: 'PORT must be an integer from 0 to 65535' })
  PORT = 3000;

  @Expose()
  @Matches(/^(sqlite:.+|postgres(ql)?:\/\/.+)$/, {
    message: 'DATABASE_URL must be sqlite:<path> or postgres://user:pass@host:port/db',
  })
  DATABASE_URL = 'sqlite:./data/curbside.sqlite';

  @Expose()
  @IsOptional()
  @MinLength(32, { message: 'TOKEN_SIGNING_KEY must be at least 32 characters long' })
  TOKEN_SIGNING_KEY?: string;

  @Expose()
  @Type(() => Number)
  @IsInt({ message: 'TOKEN_TTL_SECONDS must be a positive integer' })
  @Min(1, { message: 'TOKEN_TTL_SECONDS must be a positive integer' })
  TOKEN_TTL_SECONDS = 3600;

  @Expose()
  @IsOptional()
  @Matches(/^rediss?:\/\/.+/, { message: 'REDIS_URL must be a redis:// or rediss:// URL' })
  REDIS_URL?: string;

  @Expose()
  @IsOptional()
  @Matches(/^smtps?:\/\/.+/, { message: 'SMTP_URL must be an smtp:// or smtps:// URL' })
  SMTP_URL?: string;

  @Expose()
  @IsIn(LOG_LEVELS, { message: `LOG_LEVEL must be one of ${LOG_LEVELS.join(', ')}` })
  LOG_LEVEL: LogLevel = 'info';

  @Expose()
  @IsTimeZone({ message: 'TIME_ZONE must be an IANA time zone name, e.g. America/Chicago' })
  TIME_ZONE = 'UTC';
}

/** The validated configuration shared by the API, the CLI and the notifier. */
export interface Config {
  port: number;
  databaseUrl: string;
  /** Unset: a key is generated once and stored in the database. */
  tokenSigningKey: string | null;
  tokenTtlSeconds: number;
  redisUrl: string | null;
  smtpUrl: string | null;
  logLevel: LogLevel;
  /** The operating time zone (IANA name, canonical spelling): "today" and every schedule are in it. */
  timeZone: string;
}

/** A bad environment; `message` is one line naming every bad variable. */
export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration: ${problems.join('; ')}`);
    this.name = 'ConfigError';
  }
}

/** Reads and validates the environment; an empty variable counts as unset. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const setVariables = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== undefined && value !== ''));
  const environment = plainToInstance(Environment, setVariables, {
    excludeExtraneousValues: true,
    exposeDefaultValues: true,
  });
  const errors = validateSync(environment);
  if (errors.length > 0) {
    throw new ConfigError(errors.map((error) => Object.values(error.constraints ?? {})[0] ?? `${error.property} is invalid`));
  }
  return {
    port: environment.PORT,
    databaseUrl: environment.DATABASE_URL,
    tokenSigningKey: environment.TOKEN_SIGNING_KEY ?? null,
    tokenTtlSeconds: environment.TOKEN_TTL_SECONDS,
    redisUrl: environment.REDIS_URL ?? null,
    smtpUrl: environment.SMTP_URL ?? null,
    logLevel: environment.LOG_LEVEL,
    timeZone: new Intl.DateTimeFormat('en-US', { timeZone: environment.TIME_ZONE }).resolvedOptions().timeZone,
  };
}
