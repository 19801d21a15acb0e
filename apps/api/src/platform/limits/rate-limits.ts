import { createHash } from 'node:crypto';
import { DynamicModule, Inject, Injectable, Logger, Module, OnModuleDestroy } from '@nestjs/common';
import { reasonOf, type ApiClient } from '@curbside/domain';
import { AdmissionResponse, CLIENT_ADMISSION, ClientAdmission } from '@curbside/auth';
import type Redis from 'ioredis';
import ipaddr from 'ipaddr.js';
import { RateLimiterAbstract, RateLimiterMemory, RateLimiterRedis, RateLimiterRes } from 'rate-limiter-flexible';
import { ApiErrorCode, ApiException } from '../errors/api.exception';

/** CONTRACT §7 limits and where their counters live. */
export interface RateLimitOptions {
  perMinute: number;
  /** Failed token requests of one client id from one address, within the window. */
  tokenFailuresPer15Min: number;
  /** Failed token requests from one address, whatever the client ids, within the window. */
  tokenFailuresPerAddressPer15Min: number;
  tokenFailureWindowSeconds: number;
  /** Introspections a resource server may make a minute. */
  introspectionsPerMinute: number;
  /** Null: counters in this process's memory. */
  redisUrl: string | null;
  redisKeyPrefix: string;
}

const MINUTE = 60;

/** A resident's page (CONTRACT §12): at most this many requests a minute from one address. */
export const RESIDENT_PAGE_REQUESTS_PER_MINUTE = 60;

/**
 * The counters: requests per client, failed token requests per client id and address and per
 * address, introspections per resource server, resident page requests per address.
 */
interface Limiters {
  requests: RateLimiterAbstract;
  clientFailures: RateLimiterAbstract;
  addressFailures: RateLimiterAbstract;
  introspections: RateLimiterAbstract;
  residentPages: RateLimiterAbstract;
  redis: Redis | null;
}

const LIMITERS = Symbol('LIMITERS');

/**
 * The API's rate limits (CONTRACT §7). With REDIS_URL the counters are shared by every instance
 * (rate-limiter-flexible, fixed windows). Redis must answer at start; if it is lost later, each
 * instance counts in its own memory until it is back (fail open to per-instance limits: the
 * API stays up, and a client gets at most the limit per instance meanwhile).
 *
 * Failed token requests are throttled the way OWASP's authentication guidance says: per source
 * address, and per client id from that address — never per client id alone, which a stranger
 * who knows the id (it is not secret) could exhaust to lock the client out. A request counts
 * only once it has failed, so correct requests in parallel never count. Keys are digests, so a
 * counter's size does not depend on what a request sent.
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
   * The seconds to wait when the address, or this client id from this address, has failed too
   * often; null: go on, and call `tokenRequestFailed` if the secret is wrong. Reads only: a
   * refused request leaves nothing behind.
   */
  async tokenFailureWait(clientId: string, address: string): Promise<number | null> {
    const { clientFailures, addressFailures } = this.limiters;
    const keys = failureKeys(clientId, address);
    const counts = await Promise.all([clientFailures.get(keys.client), addressFailures.get(keys.address)]);
    const over = [
      counts[0] !== null && counts[0].consumedPoints >= clientFailures.points ? counts[0] : null,
      counts[1] !== null && counts[1].consumedPoints >= addressFailures.points ? counts[1] : null,
    ].filter((count): count is RateLimiterRes => count !== null);
    return over.length === 0 ? null : Math.max(...over.map(secondsUntil));
  }

  /** Counts one request of a resident's page from `address`: null to go on, else the seconds to wait (CONTRACT §12). */
  async admitResidentPage(address: string): Promise<number | null> {
    const { residentPages } = this.limiters;
    const result = await residentPages.consume(address).catch(refusalOrThrow);
    return result.consumedPoints > residentPages.points ? secondsUntil(result) : null;
  }

  /** The secret was wrong (or the client unknown or revoked): one failure for the client id from the address, and for the address. */
  async tokenRequestFailed(clientId: string, address: string): Promise<void> {
    const { clientFailures, addressFailures } = this.limiters;
    const keys = failureKeys(clientId, address);
    await Promise.all([clientFailures.penalty(keys.client), addressFailures.penalty(keys.address)]);
  }

  /** Counts one introspection of a resource server; the seconds to wait when it is over its limit, else null. */
  async admitIntrospection(clientId: string): Promise<number | null> {
    const { introspections } = this.limiters;
    const result = await introspections.consume(clientId).catch(refusalOrThrow);
    return result.consumedPoints > introspections.points ? secondsUntil(result) : null;
  }

  async onModuleDestroy(): Promise<void> {
    const { redis } = this.limiters;
    if (redis === null || redis.status === 'end') return;
    await redis.quit().catch(() => redis.disconnect());
  }
}

/** Fixed-size keys: a digest of the client id and the address, and of the address (an IPv6 address by its /64, what one holder gets). */
function failureKeys(clientId: string, address: string): { client: string; address: string } {
  const source = sourceOf(address);
  return { client: digest(`${source}\n${clientId}`), address: digest(source) };
}

const digest = (value: string): string => createHash('sha256').update(value).digest('base64url').slice(0, 22);

/** The address as counted: IPv4 (mapped ones too) as it is, IPv6 by its /64 prefix. */
export function sourceOf(address: string): string {
  if (!ipaddr.isValid(address)) return address;
  const parsed = ipaddr.process(address);
  if (parsed.kind() === 'ipv4') return parsed.toString();
  return `${(parsed as ipaddr.IPv6).parts.slice(0, 4).map((part) => part.toString(16)).join(':')}::/64`;
}

const secondsUntil = (result: RateLimiterRes): number => Math.max(1, Math.ceil(result.msBeforeNext / 1000));

/** rate-limiter-flexible rejects with the counter when over the limit, with an Error when the store failed. */
function refusalOrThrow(error: unknown): RateLimiterRes {
  if (error instanceof RateLimiterRes) return error;
  throw error;
}

/** Counters one process keeps in memory at most, per limit: past it the oldest go first, so no flood of keys grows the heap. */
export const MAX_MEMORY_KEYS = 50_000;

interface MemoryStorageInternals {
  _storage: Map<string, unknown>;
  set(key: string, value: number, durationSec: number): unknown;
  delete(key: string): boolean;
}

/**
 * rate-limiter-flexible's memory store with a bound: a new key beyond `maxKeys` first evicts the
 * oldest (its Map keeps insertion order). The store has no bound of its own.
 */
export class BoundedRateLimiterMemory extends RateLimiterMemory {
  constructor(options: ConstructorParameters<typeof RateLimiterMemory>[0], maxKeys = MAX_MEMORY_KEYS) {
    super(options);
    const storage = (this as unknown as { _memoryStorage: MemoryStorageInternals })._memoryStorage;
    const set = storage.set.bind(storage);
    storage.set = (key, value, durationSec) => {
      while (!storage._storage.has(key) && storage._storage.size >= maxKeys) {
        storage.delete(storage._storage.keys().next().value as string);
      }
      return set(key, value, durationSec);
    };
  }

  /** How many counters are kept now. */
  get size(): number {
    return (this as unknown as { _memoryStorage: MemoryStorageInternals })._memoryStorage._storage.size;
  }
}

async function createLimiters(options: RateLimitOptions): Promise<Limiters> {
  const window = options.tokenFailureWindowSeconds;
  const limits = {
    requests: { points: options.perMinute, duration: MINUTE, keyPrefix: 'requests' },
    clientFailures: { points: options.tokenFailuresPer15Min, duration: window, keyPrefix: 'token-failures:client' },
    addressFailures: { points: options.tokenFailuresPerAddressPer15Min, duration: window, keyPrefix: 'token-failures:address' },
    introspections: { points: options.introspectionsPerMinute, duration: MINUTE, keyPrefix: 'introspections' },
    residentPages: { points: RESIDENT_PAGE_REQUESTS_PER_MINUTE, duration: MINUTE, keyPrefix: 'resident-pages' },
  };
  type Limit = (typeof limits)['requests'];
  const redis = options.redisUrl === null ? null : await connectRedis(options.redisUrl);
  const limiter = (limit: Limit): RateLimiterAbstract =>
    redis === null
      ? new BoundedRateLimiterMemory(limit)
      : new RateLimiterRedis({
          ...limit,
          keyPrefix: `${options.redisKeyPrefix}${limit.keyPrefix}`,
          storeClient: redis,
          rejectIfRedisNotReady: true,
          insuranceLimiter: new BoundedRateLimiterMemory(limit),
        });
  return {
    requests: limiter(limits.requests),
    clientFailures: limiter(limits.clientFailures),
    addressFailures: limiter(limits.addressFailures),
    introspections: limiter(limits.introspections),
    residentPages: limiter(limits.residentPages),
    redis,
  };
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
