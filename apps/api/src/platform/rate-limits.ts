import { DynamicModule, Inject, Injectable, Logger, Module, OnModuleDestroy } from '@nestjs/common';
import { reasonOf, type ApiClient } from '@curbside/domain';
import { AdmissionResponse, CLIENT_ADMISSION, ClientAdmission } from '@curbside/auth';
import type Redis from 'ioredis';
import { RateLimiterAbstract, RateLimiterMemory, RateLimiterRedis, RateLimiterRes } from 'rate-limiter-flexible';
import { ApiErrorCode, ApiException } from './api.exception';

/** CONTRACT §7 limits and where their counters live. */
export interface RateLimitOptions {
  perMinute: number;
  tokenFailuresPer15Min: number;
  /** Null: counters in this process's memory. */
  redisUrl: string | null;
  redisKeyPrefix: string;
}

const MINUTE = 60;
const FIFTEEN_MINUTES = 15 * 60;

/** The counters: requests per client, failed token requests per client id and per address. */
interface Limiters {
  requests: RateLimiterAbstract;
  tokenFailures: RateLimiterAbstract;
  redis: Redis | null;
}

const LIMITERS = Symbol('LIMITERS');

/**
 * The API's rate limits (CONTRACT §7). With REDIS_URL the counters are shared by every instance
 * (rate-limiter-flexible, fixed windows). Redis must answer at start; if it is lost later, each
 * instance counts in its own memory until it is back (fail open to per-instance limits: the
 * API stays up, and a client gets at most the limit per instance meanwhile).
 */
@Injectable()
export class RateLimits implements ClientAdmission, OnModuleDestroy {
  constructor(@Inject(LIMITERS) private readonly limiters: Limiters) {}

  /** Counts one request of an authenticated client: RateLimit-* headers always, 429 beyond the limit. */
  async admit(client: ApiClient, response: AdmissionResponse): Promise<void> {
    const { requests } = this.limiters;
    const result = await requests.consume(client.clientId).catch(refusalOrThrow);
    const resetSeconds = secondsUntil(result);
    response.header('RateLimit-Limit', String(requests.points));
    response.header('RateLimit-Remaining', String(result.remainingPoints));
    response.header('RateLimit-Reset', String(resetSeconds));
    if (result.consumedPoints > requests.points) {
      response.header('Retry-After', String(resetSeconds));
      throw new ApiException(ApiErrorCode.TOO_MANY_REQUESTS, `Too many requests: at most ${requests.points} a minute.`);
    }
  }

  /**
   * Counts a token request as failed for its client id and its address before the secret is
   * checked (atomically, so concurrent attempts cannot slip past the limit), and returns the
   * seconds to wait when either is over the limit — nothing is hashed then, and nothing stays
   * counted. Null: go on, and call `tokenRequestSucceeded` if the secret is right.
   */
  async beginTokenRequest(clientId: string, address: string): Promise<number | null> {
    const { tokenFailures } = this.limiters;
    const keys = tokenFailureKeys(clientId, address);
    const results = await Promise.all(keys.map((key) => tokenFailures.consume(key).catch(refusalOrThrow)));
    const refused = results.filter((result) => result.consumedPoints > tokenFailures.points);
    if (refused.length === 0) return null;
    await this.uncount(keys);
    return Math.max(...refused.map(secondsUntil));
  }

  /** The secret was right: the attempt was not a failure. */
  async tokenRequestSucceeded(clientId: string, address: string): Promise<void> {
    await this.uncount(tokenFailureKeys(clientId, address));
  }

  private async uncount(keys: string[]): Promise<void> {
    await Promise.all(keys.map((key) => this.limiters.tokenFailures.reward(key)));
  }

  async onModuleDestroy(): Promise<void> {
    const { redis } = this.limiters;
    if (redis === null || redis.status === 'end') return;
    await redis.quit().catch(() => redis.disconnect());
  }
}

const tokenFailureKeys = (clientId: string, address: string): string[] => [`client:${clientId}`, `address:${address}`];

const secondsUntil = (result: RateLimiterRes): number => Math.max(1, Math.ceil(result.msBeforeNext / 1000));

/** rate-limiter-flexible rejects with the counter when over the limit, with an Error when the store failed. */
function refusalOrThrow(error: unknown): RateLimiterRes {
  if (error instanceof RateLimiterRes) return error;
  throw error;
}

async function createLimiters(options: RateLimitOptions): Promise<Limiters> {
  const limits = {
    requests: { points: options.perMinute, duration: MINUTE, keyPrefix: 'requests' },
    tokenFailures: { points: options.tokenFailuresPer15Min, duration: FIFTEEN_MINUTES, keyPrefix: 'token-failures' },
  };
  if (options.redisUrl === null) {
    return { requests: new RateLimiterMemory(limits.requests), tokenFailures: new RateLimiterMemory(limits.tokenFailures), redis: null };
  }
  const redis = await connectRedis(options.redisUrl);
  const shared = (limit: { points: number; duration: number; keyPrefix: string }) =>
    new RateLimiterRedis({
      ...limit,
      keyPrefix: `${options.redisKeyPrefix}${limit.keyPrefix}`,
      storeClient: redis,
      rejectIfRedisNotReady: true,
      insuranceLimiter: new RateLimiterMemory(limit),
    });
  return { requests: shared(limits.requests), tokenFailures: shared(limits.tokenFailures), redis };
}

/** Connected, or an error naming REDIS_URL's host (never its password). */
async function connectRedis(url: string): Promise<Redis> {
  const logger = new Logger('RateLimits');
  let connected = false;
  let lost = false;
  // Loaded only here: most instances count in memory, and ioredis is a few MiB they would carry for nothing.
  const { default: RedisClient } = require('ioredis') as typeof import('ioredis');
  const redis = new RedisClient(url, {
    lazyConnect: true,
    enableOfflineQueue: false,
    maxRetriesPerRequest: 1,
    connectTimeout: 5000,
    // No retries at start (the failure stops the start); once connected, reconnect for ever.
    retryStrategy: (attempt) => (connected ? Math.min(attempt * 200, 2000) : null),
  });
  redis.on('error', (error: Error) => {
    if (!connected || lost) return; // at start, the failure is thrown below
    lost = true;
    logger.warn(`Redis is unreachable (${error.message}): rate limits count per instance until it is back`);
  });
  try {
    await redis.connect();
    connected = true;
  } catch (error) {
    const { host } = new URL(url);
    throw new Error(`REDIS_URL: Redis at ${host} is unreachable (${reasonOf(error)})`);
  }
  redis.on('ready', () => {
    if (!lost) return;
    lost = false;
    logger.log('Redis is back: rate limits are shared again');
  });
  return redis;
}

/** RateLimits, also as the access guard's ClientAdmission. */
@Module({})
export class RateLimitModule {
  static forRoot(options: RateLimitOptions): DynamicModule {
    return {
      module: RateLimitModule,
      global: true,
      providers: [
        { provide: LIMITERS, useFactory: () => createLimiters(options) },
        RateLimits,
        { provide: CLIENT_ADMISSION, useExisting: RateLimits },
      ],
      exports: [RateLimits, CLIENT_ADMISSION],
    };
  }
}
