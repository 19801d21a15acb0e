import 'reflect-metadata';
import { Expose, instanceToPlain, plainToInstance, Type } from 'class-transformer';
import { createPrivateKey } from 'node:crypto';
import { readFileSync, statSync } from 'node:fs';
import { unknownLanguages } from '@curbside/messages';
import { isIP } from 'node:net';
import { IsIn, IsInt, IsOptional, IsTimeZone, Matches, Max, Min, MinLength, ValidateBy, type ValidationOptions, validateSync } from './validators';

export const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

/** An IPv4 or IPv6 address, or a CIDR range of one. */
function isAddressOrRange(entry: string): boolean {
  const [address, prefix, ...rest] = entry.trim().split('/');
  const version = isIP(address);
  if (version === 0 || rest.length > 0) return false;
  return prefix === undefined || (/^\d{1,3}$/.test(prefix) && Number(prefix) <= (version === 4 ? 32 : 128));
}

/**
 * The canonical form of a BCP 47 tag (CONTRACT §11): `Intl.getCanonicalLocales`' but with `tl`
 * kept for Tagalog where CLDR writes `fil` (the domain's `canonicalTag`, which this lib may not
 * import, says the same); undefined when it is no well-formed tag.
 */
function canonicalTag(tag: string): string | undefined {
  try {
    return Intl.getCanonicalLocales(tag.trim())[0]?.replace(/^fil(?=-|$)/, 'tl');
  } catch {
    return undefined;
  }
}

const IsLanguageList = (options: ValidationOptions) =>
  ValidateBy({ name: 'isLanguageList', validator: { validate: (value) => typeof value === 'string' && value.split(',').every((tag) => canonicalTag(tag) !== undefined) } }, options);

/** The offered languages in canonical form, each once, in the order given (the first is the default). */
function languagesOf(value: string): Omit<LanguagesConfig, 'messagesDir'> {
  const offered = [...new Set(value.split(',').map((tag) => canonicalTag(tag) as string))];
  return { offered, defaultLanguage: offered[0] };
}

const IsProxyList = (options: ValidationOptions) =>
  ValidateBy({ name: 'isProxyList', validator: { validate: (value) => typeof value === 'string' && value.split(',').every(isAddressOrRange) } }, options);

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
  @IsOptional()
  @Type(() => Number)
  @IsInt({ message: 'METRICS_PORT must be an integer from 0 to 65535' })
  @Min(0, { message: 'METRICS_PORT must be an integer from 0 to 65535' })
  @Max(65535, { message: 'METRICS_PORT must be an integer from 0 to 65535' })
  METRICS_PORT?: number;

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
  @Matches(/^[A-Za-z0-9:_.-]{1,64}$/, { message: 'REDIS_KEY_PREFIX must be 1 to 64 letters, digits or :_.-' })
  REDIS_KEY_PREFIX = 'curbside:';

  @Expose()
  @Type(() => Number)
  @IsInt({ message: 'RATE_LIMIT_PER_MINUTE must be a positive integer' })
  @Min(1, { message: 'RATE_LIMIT_PER_MINUTE must be a positive integer' })
  RATE_LIMIT_PER_MINUTE = 1200;

  @Expose()
  @Type(() => Number)
  @IsInt({ message: 'TOKEN_FAILURES_PER_15_MIN must be a positive integer' })
  @Min(1, { message: 'TOKEN_FAILURES_PER_15_MIN must be a positive integer' })
  TOKEN_FAILURES_PER_15_MIN = 20;

  /** Failed token requests from one source address, whatever the client ids, within the window. */
  @Expose()
  @Type(() => Number)
  @IsInt({ message: 'TOKEN_FAILURES_PER_ADDRESS_PER_15_MIN must be a positive integer' })
  @Min(1, { message: 'TOKEN_FAILURES_PER_ADDRESS_PER_15_MIN must be a positive integer' })
  TOKEN_FAILURES_PER_ADDRESS_PER_15_MIN = 100;

  /** The window failed token requests are counted in (15 minutes, which the two names above say). */
  @Expose()
  @Type(() => Number)
  @IsInt({ message: 'TOKEN_FAILURE_WINDOW_SECONDS must be a positive integer' })
  @Min(1, { message: 'TOKEN_FAILURE_WINDOW_SECONDS must be a positive integer' })
  TOKEN_FAILURE_WINDOW_SECONDS = 900;

  /** Token introspections a resource server may make a minute. */
  @Expose()
  @Type(() => Number)
  @IsInt({ message: 'INTROSPECTIONS_PER_MINUTE must be a positive integer' })
  @Min(1, { message: 'INTROSPECTIONS_PER_MINUTE must be a positive integer' })
  INTROSPECTIONS_PER_MINUTE = 6000;

  /** A request must arrive, headers and body, within this; then its connection is closed. */
  @Expose()
  @Type(() => Number)
  @IsInt({ message: 'REQUEST_TIMEOUT_SECONDS must be a positive integer' })
  @Min(1, { message: 'REQUEST_TIMEOUT_SECONDS must be a positive integer' })
  REQUEST_TIMEOUT_SECONDS = 30;

  /** An idle keep-alive connection is closed after this: below a load balancer's idle timeout (60 s on most). */
  @Expose()
  @Type(() => Number)
  @IsInt({ message: 'KEEP_ALIVE_TIMEOUT_SECONDS must be a positive integer' })
  @Min(1, { message: 'KEEP_ALIVE_TIMEOUT_SECONDS must be a positive integer' })
  KEEP_ALIVE_TIMEOUT_SECONDS = 5;

  @Expose()
  @IsOptional()
  @Matches(/^https?:\/\/[^\s,/]+(\s*,\s*https?:\/\/[^\s,/]+)*$/, {
    message: 'CORS_ORIGINS must be a comma-separated list of origins such as https://portal.example.com',
  })
  CORS_ORIGINS?: string;

  @Expose()
  @IsOptional()
  @IsProxyList({ message: 'TRUST_PROXY must be a comma-separated list of proxy addresses or CIDR ranges such as 10.0.0.0/8' })
  TRUST_PROXY?: string;

  @Expose()
  @IsOptional()
  @Matches(/^smtps?:\/\/.+/, { message: 'SMTP_URL must be an smtp:// or smtps:// URL' })
  SMTP_URL?: string;

  @Expose()
  @Type(() => Number)
  @IsInt({ message: 'LIST_MAX_ITEMS must be a positive integer' })
  @Min(1, { message: 'LIST_MAX_ITEMS must be a positive integer' })
  LIST_MAX_ITEMS = 5000;

  @Expose()
  @Type(() => Number)
  @IsInt({ message: 'RESPONSE_CACHE_MAX_BYTES must be a whole number of bytes, 0 or more' })
  @Min(0, { message: 'RESPONSE_CACHE_MAX_BYTES must be a whole number of bytes, 0 or more' })
  RESPONSE_CACHE_MAX_BYTES = 64 * 1024 * 1024;

  @Expose()
  @Type(() => Number)
  @IsInt({ message: 'EXTRA_PICKUPS_PER_MONTH must be a whole number, 0 or more' })
  @Min(0, { message: 'EXTRA_PICKUPS_PER_MONTH must be a whole number, 0 or more' })
  EXTRA_PICKUPS_PER_MONTH = 2;

  @Expose()
  @Type(() => Number)
  @IsInt({ message: 'SHUTDOWN_DRAIN_MS must be a whole number of milliseconds, 0 or more' })
  @Min(0, { message: 'SHUTDOWN_DRAIN_MS must be a whole number of milliseconds, 0 or more' })
  SHUTDOWN_DRAIN_MS = 5000;

  @Expose()
  @Type(() => Number)
  @IsInt({ message: 'SHUTDOWN_TIMEOUT_MS must be a positive whole number of milliseconds' })
  @Min(1, { message: 'SHUTDOWN_TIMEOUT_MS must be a positive whole number of milliseconds' })
  SHUTDOWN_TIMEOUT_MS = 15_000;

  @Expose()
  @IsIn(LOG_LEVELS, { message: `LOG_LEVEL must be one of ${LOG_LEVELS.join(', ')}` })
  LOG_LEVEL: LogLevel = 'info';

  @Expose()
  @IsTimeZone({ message: 'TIME_ZONE must be an IANA time zone name, e.g. America/Chicago' })
  TIME_ZONE = 'UTC';

  // ---- the notifier (CONTRACT §5) ----

  @Expose()
  @MinLength(3, { message: 'NOTIFIER_FROM must be an address, e.g. Curbside <no-reply@example.com>' })
  NOTIFIER_FROM = 'Curbside <no-reply@curbside.invalid>';

  @Expose()
  @IsOptional()
  @Matches(/^https?:\/\/.+/, { message: 'TEXT_PROVIDER_URL must be an http:// or https:// URL' })
  TEXT_PROVIDER_URL?: string;

  @Expose()
  @IsOptional()
  @Matches(/^https?:\/\/.+/, { message: 'VOICE_PROVIDER_URL must be an http:// or https:// URL' })
  VOICE_PROVIDER_URL?: string;

  @Expose()
  @Type(() => Number)
  @IsInt({ message: 'NOTIFIER_MAX_ATTEMPTS must be a positive integer' })
  @Min(1, { message: 'NOTIFIER_MAX_ATTEMPTS must be a positive integer' })
  NOTIFIER_MAX_ATTEMPTS = 8;

  @Expose()
  @Type(() => Number)
  @IsInt({ message: 'NOTIFIER_CUSTOMER_HOURLY_CAP must be a positive integer' })
  @Min(1, { message: 'NOTIFIER_CUSTOMER_HOURLY_CAP must be a positive integer' })
  NOTIFIER_CUSTOMER_HOURLY_CAP = 20;

  @Expose()
  @IsOptional()
  @Type(() => Number)
  @IsInt({ message: 'NOTIFIER_HEALTH_PORT must be an integer from 0 to 65535' })
  @Min(0, { message: 'NOTIFIER_HEALTH_PORT must be an integer from 0 to 65535' })
  @Max(65535, { message: 'NOTIFIER_HEALTH_PORT must be an integer from 0 to 65535' })
  NOTIFIER_HEALTH_PORT?: number;

  @Expose()
  @Type(() => Number)
  @IsInt({ message: 'NOTIFIER_POLL_MS must be a positive integer' })
  @Min(1, { message: 'NOTIFIER_POLL_MS must be a positive integer' })
  NOTIFIER_POLL_MS = 1000;

  @Expose()
  @Type(() => Number)
  @IsInt({ message: 'NOTIFIER_BACKOFF_BASE_MS must be a positive integer' })
  @Min(1, { message: 'NOTIFIER_BACKOFF_BASE_MS must be a positive integer' })
  NOTIFIER_BACKOFF_BASE_MS = 10_000;

  @Expose()
  @Type(() => Number)
  @IsInt({ message: 'NOTIFIER_LEASE_SECONDS must be a positive integer' })
  @Min(1, { message: 'NOTIFIER_LEASE_SECONDS must be a positive integer' })
  NOTIFIER_LEASE_SECONDS = 60;

  @Expose()
  @Type(() => Number)
  @IsInt({ message: 'NOTIFIER_BATCH_SIZE must be an integer from 1 to 500' })
  @Min(1, { message: 'NOTIFIER_BATCH_SIZE must be an integer from 1 to 500' })
  @Max(500, { message: 'NOTIFIER_BATCH_SIZE must be an integer from 1 to 500' })
  NOTIFIER_BATCH_SIZE = 100;

  @Expose()
  @Type(() => Number)
  @IsInt({ message: 'NOTIFIER_CONCURRENCY must be an integer from 1 to 100' })
  @Min(1, { message: 'NOTIFIER_CONCURRENCY must be an integer from 1 to 100' })
  @Max(100, { message: 'NOTIFIER_CONCURRENCY must be an integer from 1 to 100' })
  NOTIFIER_CONCURRENCY = 10;

  @Expose()
  @IsOptional()
  @Type(() => Number)
  @IsInt({ message: 'NOTIFIER_SEND_TIMEOUT_MS must be a positive whole number of milliseconds' })
  @Min(1, { message: 'NOTIFIER_SEND_TIMEOUT_MS must be a positive whole number of milliseconds' })
  NOTIFIER_SEND_TIMEOUT_MS?: number;

  @Expose()
  @Type(() => Number)
  @IsInt({ message: 'NOTIFIER_SHUTDOWN_MS must be a positive whole number of milliseconds' })
  @Min(1, { message: 'NOTIFIER_SHUTDOWN_MS must be a positive whole number of milliseconds' })
  NOTIFIER_SHUTDOWN_MS = 8000;

  @Expose()
  @Type(() => Number)
  @IsInt({ message: 'SMTP_CONNECTION_TIMEOUT_MS must be a positive whole number of milliseconds' })
  @Min(1, { message: 'SMTP_CONNECTION_TIMEOUT_MS must be a positive whole number of milliseconds' })
  SMTP_CONNECTION_TIMEOUT_MS = 10_000;

  @Expose()
  @Type(() => Number)
  @IsInt({ message: 'SMTP_GREETING_TIMEOUT_MS must be a positive whole number of milliseconds' })
  @Min(1, { message: 'SMTP_GREETING_TIMEOUT_MS must be a positive whole number of milliseconds' })
  SMTP_GREETING_TIMEOUT_MS = 10_000;

  @Expose()
  @Type(() => Number)
  @IsInt({ message: 'SMTP_SOCKET_TIMEOUT_MS must be a positive whole number of milliseconds' })
  @Min(1, { message: 'SMTP_SOCKET_TIMEOUT_MS must be a positive whole number of milliseconds' })
  SMTP_SOCKET_TIMEOUT_MS = 20_000;

  @Expose()
  @Type(() => Number)
  @IsInt({ message: 'PROVIDER_TIMEOUT_MS must be a positive whole number of milliseconds' })
  @Min(1, { message: 'PROVIDER_TIMEOUT_MS must be a positive whole number of milliseconds' })
  PROVIDER_TIMEOUT_MS = 10_000;

  // ---- the notices (CONTRACT §8) ----

  @Expose()
  @Matches(/^([01]\d|2[0-3]):[0-5]\d$/, { message: 'REMINDER_TIME must be a time of day HH:mm (00:00 to 23:59), e.g. 17:00' })
  REMINDER_TIME = '17:00';

  @Expose()
  @Type(() => Number)
  @IsInt({ message: 'NOTICE_HORIZON_DAYS must be an integer from 1 to 366' })
  @Min(1, { message: 'NOTICE_HORIZON_DAYS must be an integer from 1 to 366' })
  @Max(366, { message: 'NOTICE_HORIZON_DAYS must be an integer from 1 to 366' })
  NOTICE_HORIZON_DAYS = 7;

  // ---- deliverability and consent (CONTRACT §10) ----

  @Expose()
  @Matches(/^[^\r\n"<>]{1,60}$/, { message: 'BRAND_NAME must be 1 to 60 characters, without quotes, angle brackets or line breaks' })
  BRAND_NAME = 'Curbside';

  @Expose()
  @IsOptional()
  @Matches(/^https?:\/\/[^\s/?#]+(\/[^\s?#]*)?$/, { message: 'PUBLIC_BASE_URL must be an http:// or https:// URL without query or fragment, e.g. https://notices.example.com' })
  PUBLIC_BASE_URL?: string;

  // ---- a resident's page (CONTRACT §12) ----

  @Expose()
  @Type(() => Number)
  @IsInt({ message: 'RESIDENT_LINK_DAYS must be an integer from 1 to 366' })
  @Min(1, { message: 'RESIDENT_LINK_DAYS must be an integer from 1 to 366' })
  @Max(366, { message: 'RESIDENT_LINK_DAYS must be an integer from 1 to 366' })
  RESIDENT_LINK_DAYS = 90;

  @Expose()
  @Matches(/^#[0-9A-Fa-f]{6}$/, { message: 'BRAND_COLOR must be a colour as #rrggbb, e.g. #1d5c3a' })
  BRAND_COLOR = '#1d5c3a';

  @Expose()
  @IsOptional()
  @Matches(/^(?=.{1,253}$)([A-Za-z0-9]([A-Za-z0-9-]{0,61}[A-Za-z0-9])?\.)+[A-Za-z]{2,63}$/, { message: 'DKIM_DOMAIN must be a domain name, e.g. example.com' })
  DKIM_DOMAIN?: string;

  @Expose()
  @IsOptional()
  @Matches(/^[A-Za-z0-9]([A-Za-z0-9._-]{0,62})$/, { message: 'DKIM_SELECTOR must be a DNS label such as mail2026' })
  DKIM_SELECTOR?: string;

  @Expose()
  @IsOptional()
  DKIM_PRIVATE_KEY?: string;

  @Expose()
  @IsOptional()
  @MinLength(8, { message: 'TEXT_PROVIDER_AUTH_TOKEN must be at least 8 characters long' })
  TEXT_PROVIDER_AUTH_TOKEN?: string;

  // ---- residents' languages (CONTRACT §11) ----

  @Expose()
  @IsLanguageList({ message: 'LANGUAGES must be a comma-separated list of BCP 47 language tags, the default first, e.g. en,es,zh-Hant' })
  LANGUAGES = 'en';

  @Expose()
  @IsOptional()
  MESSAGES_DIR?: string;

  @Expose()
  @IsIn(['true', 'false'], { message: 'WEBHOOKS_ALLOW_LOOPBACK must be true or false (true only in development and tests)' })
  WEBHOOKS_ALLOW_LOOPBACK = 'false';

  @Expose()
  @Matches(/^(off|([01]\d|2[0-3]):[0-5]\d-([01]\d|2[0-3]):[0-5]\d)$/, { message: 'QUIET_HOURS must be HH:mm-HH:mm (e.g. 21:00-08:00) or off' })
  QUIET_HOURS = '21:00-08:00';
}

const DKIM_VARIABLES = ['DKIM_DOMAIN', 'DKIM_SELECTOR', 'DKIM_PRIVATE_KEY'] as const;

/** DKIM signing (RFC 6376) of every email: the signing domain, the selector of its DNS key record, and the private key (PEM). */
export interface DkimConfig {
  domain: string;
  selector: string;
  privateKey: string;
}

/** A daily window, in the operating time zone, in which no Text or Voice delivery is attempted; `start` after `end` spans midnight. */
export interface QuietHours {
  start: string;
  end: string;
}

/** All three DKIM variables or none: the problems of a partial set (naming each missing one) or of an unusable key. */
function dkimProblems(environment: Environment): string[] {
  const set = DKIM_VARIABLES.filter((name) => environment[name] !== undefined);
  if (set.length === 0) return [];
  if (set.length < DKIM_VARIABLES.length) {
    return DKIM_VARIABLES.filter((name) => environment[name] === undefined).map(
      (name) => `${name} must be set when ${set.join(' and ')} ${set.length === 1 ? 'is' : 'are'} (DKIM needs all three)`,
    );
  }
  return readDkimKey(environment.DKIM_PRIVATE_KEY ?? '') === null
    ? ['DKIM_PRIVATE_KEY must be a PEM private key (RSA), or the path of a file holding one']
    : [];
}

/** The PEM of a DKIM key given as PEM or as a file's path; null when it is neither a readable file nor an RSA private key. */
function readDkimKey(value: string): string | null {
  // A PEM passed through an environment file often has its line breaks written as \n.
  let pem = value.replace(/\\n/g, '\n');
  if (!value.includes('-----BEGIN')) {
    try {
      pem = readFileSync(value, 'utf8');
    } catch {
      return null;
    }
  }
  try {
    return createPrivateKey(pem).asymmetricKeyType === 'rsa' ? pem : null;
  } catch {
    return null;
  }
}

/**
 * CONTRACT §11: a language the hauler offers needs a catalog, built in or in `MESSAGES_DIR`;
 * without one every process stops at start, naming the tag.
 */
function catalogProblems(environment: Environment): string[] {
  const folder = environment.MESSAGES_DIR;
  if (folder !== undefined && !isFolder(folder)) return ['MESSAGES_DIR must be a folder of <tag>.json message catalogs'];
  const unknown = unknownLanguages(languagesOf(environment.LANGUAGES).offered, folder);
  if (unknown.length === 0) return [];
  const names = unknown.length === 1 ? `${unknown[0]}, which is` : `${unknown.slice(0, -1).join(', ')} and ${unknown[unknown.length - 1]}, which are`;
  return [`LANGUAGES names ${names} neither built in nor in MESSAGES_DIR (a <tag>.json catalog there adds a language)`];
}

function isFolder(path: string): boolean {
  try {
    return statSync(path).isDirectory();
  } catch {
    return false;
  }
}

function quietHoursOf(value: string): QuietHours | null {
  if (value === 'off') return null;
  const [start, end] = value.split('-');
  return { start, end };
}

/** The name of every environment variable the configuration reads (deployment files may set no other). */
export const CONFIG_VARIABLES: readonly string[] = Object.keys(instanceToPlain(new Environment(), { strategy: 'excludeAll' }));

/** The validated configuration shared by the API, the CLI and the notifier. */
export interface Config {
  port: number;
  /** Unset: `GET /metrics` is served on the main port (the API) or not at all (the notifier). */
  metricsPort: number | null;
  databaseUrl: string;
  /** Unset: a key is generated once and stored in the database. */
  tokenSigningKey: string | null;
  tokenTtlSeconds: number;
  redisUrl: string | null;
  /** Prepended to every key this service writes in Redis. */
  redisKeyPrefix: string;
  rateLimitPerMinute: number;
  /** Failed token requests per client id from one address, per address, and the window they are counted in. */
  tokenFailuresPer15Min: number;
  tokenFailuresPerAddressPer15Min: number;
  tokenFailureWindowSeconds: number;
  introspectionsPerMinute: number;
  requestTimeoutSeconds: number;
  keepAliveTimeoutSeconds: number;
  /** Origins allowed by CORS; empty: CORS is off. */
  corsOrigins: string[];
  /**
   * The load balancers whose X-Forwarded-For is believed (addresses or CIDR ranges); empty: none,
   * and the client address is the connection's (what per-address token limits count).
   */
  trustedProxies: string[];
  smtpUrl: string | null;
  /** A list asked for without `limit` answers at most this many records a page (CONTRACT §7). */
  listMaxItems: number;
  /** Bytes of answered customer GET bodies each API process keeps for repeat reads; 0 keeps none. */
  responseCacheMaxBytes: number;
  /** How many extra pickups a service may book per calendar month (CONTRACT §9). */
  extraPickupsPerMonth: number;
  logLevel: LogLevel;
  /** The operating time zone (IANA name, canonical spelling): "today" and every schedule are in it. */
  timeZone: string;
  /** On SIGTERM, how long the API keeps serving (readiness 503) before it stops taking requests. */
  shutdownDrainMs: number;
  /** On SIGTERM, how long the whole shutdown may take before the process gives up and exits non-zero. */
  shutdownTimeoutMs: number;
  /** The hauler's name (CONTRACT §10): what residents see as the sender and on the unsubscribe pages. */
  brandName: string;
  /** Where residents reach the API from outside (links in messages), without a trailing slash. */
  publicBaseUrl: string;
  /** The secret that signs inbound text webhooks; null: the inbound endpoint answers 404. */
  textProviderAuthToken: string | null;
  /** How long a resident's page link works, in days from when it was made (CONTRACT §12). */
  residentLinkDays: number;
  /** The accent colour of the resident's page (`#rrggbb`): the hauler's one brand colour besides its name. */
  brandColor: string;
  /** `LANGUAGES`: whether each has a catalog is the messages' check, not this one. */
  languages: LanguagesConfig;
  notifier: NotifierConfig;
}

/** How the notifier sends and retries (CONTRACT §5). */
export interface NotifierConfig {
  from: string;
  textProviderUrl: string | null;
  voiceProviderUrl: string | null;
  maxAttempts: number;
  customerHourlyCap: number;
  /** Unset: no health endpoint. */
  healthPort: number | null;
  pollMs: number;
  /** The first retry waits about this long; each further one about twice as long (with jitter). */
  backoffBaseMs: number;
  leaseSeconds: number;
  batchSize: number;
  /** When the daily notice run starts (`HH:mm`, in the operating time zone). */
  reminderTime: string;
  /** Move notices go out for pickups moved within this many days, counted from tomorrow. */
  noticeHorizonDays: number;
  /** Null: emails go unsigned. */
  dkim: DkimConfig | null;
  /** Null (`QUIET_HOURS=off`): texts and calls go at any hour. */
  quietHours: QuietHours | null;
  /** Development and tests only: webhooks may target this machine (loopback); private and metadata addresses stay refused. */
  webhooksAllowLoopback: boolean;
  /** Deliveries each channel (Email, Text, Voice, Webhook) has on the wire at most, each channel apart. */
  concurrency: number;
  /** On SIGTERM: how long the sends in flight may still take before they are cut and given back. */
  shutdownMs: number;
  timeouts: SendTimeouts;
}

/** How long a send may wait on the other side (NOTIFIER_SEND_TIMEOUT_MS and the SMTP and provider time-outs). */
export interface SendTimeouts {
  /** One send's hard deadline, whatever the channel: at most half the lease, so no send outlives its claim. */
  sendMs: number;
  /** nodemailer's connectionTimeout: the DNS lookup and the TCP (and TLS) connection. */
  smtpConnectionMs: number;
  /** nodemailer's greetingTimeout: from the connection to the server's 220 greeting. */
  smtpGreetingMs: number;
  /** nodemailer's socketTimeout: the longest silence of an open connection (e.g. no answer to DATA). */
  smtpSocketMs: number;
  /** A text, voice or webhook request as a whole: connecting, sending, and the answer's status and body. */
  providerMs: number;
}

/** A send's deadline unless NOTIFIER_SEND_TIMEOUT_MS sets one: half the lease, and never more than 30 s. */
const defaultSendTimeoutMs = (leaseSeconds: number): number => Math.min(30_000, leaseSeconds * 500);

/** The languages the hauler offers (CONTRACT §11): canonical BCP 47 tags (`zh-Hant`, `tl`), each once. */
export interface LanguagesConfig {
  /** In the order `LANGUAGES` names them. */
  offered: string[];
  /** The first offered: what a resident without a language of their own is written in. */
  defaultLanguage: string;
  /** `MESSAGES_DIR`: the folder of `<tag>.json` catalogs that override the built-in ones or add a language; null: none. */
  messagesDir: string | null;
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
  const problems = validateSync(environment).map(
    (error) => Object.values(error.constraints ?? {})[0] ?? `${error.property} is invalid`,
  );
  problems.push(...dkimProblems(environment));
  if (problems.length === 0) problems.push(...catalogProblems(environment));
  if (problems.length === 0 && environment.SHUTDOWN_TIMEOUT_MS <= environment.SHUTDOWN_DRAIN_MS) {
    problems.push('SHUTDOWN_TIMEOUT_MS must be greater than SHUTDOWN_DRAIN_MS');
  }
  if (problems.length === 0 && (environment.NOTIFIER_SEND_TIMEOUT_MS ?? 0) > environment.NOTIFIER_LEASE_SECONDS * 500) {
    problems.push('NOTIFIER_SEND_TIMEOUT_MS must be at most half of NOTIFIER_LEASE_SECONDS, so that a send ends well inside its claim');
  }
  if (problems.length > 0) throw new ConfigError(problems);
  return {
    port: environment.PORT,
    metricsPort: environment.METRICS_PORT ?? null,
    databaseUrl: environment.DATABASE_URL,
    tokenSigningKey: environment.TOKEN_SIGNING_KEY ?? null,
    tokenTtlSeconds: environment.TOKEN_TTL_SECONDS,
    redisUrl: environment.REDIS_URL ?? null,
    redisKeyPrefix: environment.REDIS_KEY_PREFIX,
    rateLimitPerMinute: environment.RATE_LIMIT_PER_MINUTE,
    tokenFailuresPer15Min: environment.TOKEN_FAILURES_PER_15_MIN,
    tokenFailuresPerAddressPer15Min: environment.TOKEN_FAILURES_PER_ADDRESS_PER_15_MIN,
    tokenFailureWindowSeconds: environment.TOKEN_FAILURE_WINDOW_SECONDS,
    introspectionsPerMinute: environment.INTROSPECTIONS_PER_MINUTE,
    requestTimeoutSeconds: environment.REQUEST_TIMEOUT_SECONDS,
    keepAliveTimeoutSeconds: environment.KEEP_ALIVE_TIMEOUT_SECONDS,
    corsOrigins: environment.CORS_ORIGINS?.split(',').map((origin) => origin.trim()) ?? [],
    trustedProxies: environment.TRUST_PROXY?.split(',').map((proxy) => proxy.trim()) ?? [],
    smtpUrl: environment.SMTP_URL ?? null,
    listMaxItems: environment.LIST_MAX_ITEMS,
    responseCacheMaxBytes: environment.RESPONSE_CACHE_MAX_BYTES,
    extraPickupsPerMonth: environment.EXTRA_PICKUPS_PER_MONTH,
    logLevel: environment.LOG_LEVEL,
    timeZone: new Intl.DateTimeFormat('en-US', { timeZone: environment.TIME_ZONE }).resolvedOptions().timeZone,
    shutdownDrainMs: environment.SHUTDOWN_DRAIN_MS,
    shutdownTimeoutMs: environment.SHUTDOWN_TIMEOUT_MS,
    brandName: environment.BRAND_NAME.trim(),
    publicBaseUrl: (environment.PUBLIC_BASE_URL ?? `http://localhost:${environment.PORT}`).replace(/\/+$/, ''),
    textProviderAuthToken: environment.TEXT_PROVIDER_AUTH_TOKEN ?? null,
    residentLinkDays: environment.RESIDENT_LINK_DAYS,
    brandColor: environment.BRAND_COLOR.toLowerCase(),
    languages: { ...languagesOf(environment.LANGUAGES), messagesDir: environment.MESSAGES_DIR ?? null },
    notifier: {
      from: environment.NOTIFIER_FROM,
      textProviderUrl: environment.TEXT_PROVIDER_URL ?? null,
      voiceProviderUrl: environment.VOICE_PROVIDER_URL ?? null,
      maxAttempts: environment.NOTIFIER_MAX_ATTEMPTS,
      customerHourlyCap: environment.NOTIFIER_CUSTOMER_HOURLY_CAP,
      healthPort: environment.NOTIFIER_HEALTH_PORT ?? null,
      pollMs: environment.NOTIFIER_POLL_MS,
      backoffBaseMs: environment.NOTIFIER_BACKOFF_BASE_MS,
      leaseSeconds: environment.NOTIFIER_LEASE_SECONDS,
      batchSize: environment.NOTIFIER_BATCH_SIZE,
      reminderTime: environment.REMINDER_TIME,
      noticeHorizonDays: environment.NOTICE_HORIZON_DAYS,
      dkim:
        environment.DKIM_DOMAIN && environment.DKIM_SELECTOR && environment.DKIM_PRIVATE_KEY
          ? { domain: environment.DKIM_DOMAIN, selector: environment.DKIM_SELECTOR, privateKey: readDkimKey(environment.DKIM_PRIVATE_KEY) ?? '' }
          : null,
      quietHours: quietHoursOf(environment.QUIET_HOURS),
      webhooksAllowLoopback: environment.WEBHOOKS_ALLOW_LOOPBACK === 'true',
      concurrency: environment.NOTIFIER_CONCURRENCY,
      shutdownMs: environment.NOTIFIER_SHUTDOWN_MS,
      timeouts: {
        sendMs: environment.NOTIFIER_SEND_TIMEOUT_MS ?? defaultSendTimeoutMs(environment.NOTIFIER_LEASE_SECONDS),
        smtpConnectionMs: environment.SMTP_CONNECTION_TIMEOUT_MS,
        smtpGreetingMs: environment.SMTP_GREETING_TIMEOUT_MS,
        smtpSocketMs: environment.SMTP_SOCKET_TIMEOUT_MS,
        providerMs: environment.PROVIDER_TIMEOUT_MS,
      },
    },
  };
}
