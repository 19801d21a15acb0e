import { DynamicModule, Module, SetMetadata } from '@nestjs/common';
import { LRUCache } from 'lru-cache';
import type { Representation } from '../negotiation/representation';

/** A kept answer: its representation and the headers the handler set (a page's `Link`, `Deprecation`). */
export interface CachedAnswer {
  representation: Representation;
  headers: ReadonlyArray<readonly [string, string]>;
}

/** What a kept answer stands for: the customer at a data version, on a day, and the exact request. */
export interface AnswerKey {
  customerId: string;
  dataVersion: number;
  /** "Today" in the operating time zone: next pickups, today's plan and stats windows move with it. */
  today: string;
  format: string;
  /** Path and query, as sent. */
  url: string;
}

/** Every kept answer costs its text and about this much besides (key, headers, objects). */
const ENTRY_OVERHEAD_BYTES = 512;

/**
 * The bodies of customer GETs this process answered, for repeat reads: bounded by
 * `RESPONSE_CACHE_MAX_BYTES`, least recently used out first. An answer is found only under the
 * customer's current data version, which every write bumps in its own transaction, so an
 * answer is never served after a write, whichever process made it.
 */
export class ResponseCache {
  private readonly answers: LRUCache<string, CachedAnswer> | null;

  constructor(maxBytes: number) {
    this.answers = maxBytes === 0 ? null : new LRUCache<string, CachedAnswer>({ maxSize: maxBytes, sizeCalculation: sizeOf });
  }

  get enabled(): boolean {
    return this.answers !== null;
  }

  get(key: AnswerKey): CachedAnswer | undefined {
    return this.answers?.get(keyText(key));
  }

  set(key: AnswerKey, answer: CachedAnswer): void {
    this.answers?.set(keyText(key), answer);
  }

  /** Bytes kept (as `sizeOf` counts them). */
  get size(): number {
    return this.answers?.calculatedSize ?? 0;
  }
}

const keyText = ({ customerId, dataVersion, today, format, url }: AnswerKey): string => `${customerId}\n${dataVersion}\n${today}\n${format}\n${url}`;

function sizeOf({ representation: { head, tail }, headers }: CachedAnswer): number {
  // Two bytes a character at most (V8 keeps one-byte text in one).
  return 2 * (head.length + (tail?.length ?? 0)) + headers.reduce((sum, [name, value]) => sum + name.length + value.length, 0) + ENTRY_OVERHEAD_BYTES;
}

export const NOT_CACHED = 'curbside:not-cached';

/**
 * For a GET whose body depends on more than the customer's data, the day and the URL (the
 * calling client, the host): it is never kept.
 */
export const NotCached = (): MethodDecorator => SetMetadata(NOT_CACHED, true);

/** Provides the process's one `ResponseCache` everywhere. */
@Module({})
export class ResponseCacheModule {
  static forRoot(maxBytes: number): DynamicModule {
    return { module: ResponseCacheModule, global: true, providers: [{ provide: ResponseCache, useValue: new ResponseCache(maxBytes) }], exports: [ResponseCache] };
  }
}
