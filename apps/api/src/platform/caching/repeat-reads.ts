import { Injectable } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { Clock } from '../lifecycle/clock';
import { noneMatch } from './entity-tag';
import type { Format } from '../negotiation/negotiation';
import { bodyFor, type Representation } from '../negotiation/representation';
import { type AnswerKey, type CachedAnswer, NOT_CACHED, ResponseCache } from './response-cache';

/** What the customer guard leaves on a request (`CustomerExistsGuard`). */
interface CustomerRequest extends FastifyRequest {
  customer?: { id: string };
  dataVersion?: number;
}

/**
 * One customer GET, as far as repeat reads go: the answer kept for it, if any, and how
 * to keep the one about to be sent. An answer is kept under the customer's data version, the day
 * and the exact request, so it is never served after a write, whichever process made it.
 */
export class RepeatRead {
  private readonly headersBefore: ReadonlySet<string>;

  constructor(
    private readonly cache: ResponseCache,
    private readonly key: AnswerKey,
    private readonly request: FastifyRequest,
    private readonly reply: FastifyReply,
  ) {
    this.headersBefore = new Set(Object.keys(reply.getHeaders()));
  }

  /** The kept answer's text (empty when the client has it: the 304 needs no body), its headers set; undefined when none is kept. */
  replay(): string | undefined {
    const kept = this.cache.get(this.key);
    if (kept === undefined) return undefined;
    for (const [name, value] of kept.headers) void this.reply.header(name, value);
    setRepresentationHeaders(kept.representation, this.reply);
    const etag = kept.representation.etag;
    if (etag !== null && !noneMatch(this.request.headers['if-none-match'], etag)) return '';
    return bodyFor(kept.representation, this.request.id);
  }

  /** Keeps a `200`'s representation with the headers the handler set (a page's `Link`, `Deprecation`). */
  keep(representation: Representation): void {
    if (!representation.replayable || this.reply.statusCode !== 200) return;
    this.cache.set(this.key, { representation, headers: this.headersSetByHandler() });
  }

  private headersSetByHandler(): CachedAnswer['headers'] {
    return Object.entries(this.reply.getHeaders()).flatMap(([name, value]) =>
      this.headersBefore.has(name) || value === undefined ? [] : [[name, Array.isArray(value) ? value.join(', ') : String(value)] as const],
    );
  }
}

/** Decides which requests are repeat reads: customer GETs under /api, unless the handler is `@NotCached()`. */
@Injectable()
export class RepeatReads {
  constructor(
    private readonly cache: ResponseCache,
    private readonly reflector: Reflector,
    private readonly clock: Clock,
  ) {}

  /** Whether the answers of this handler may be kept: unless it is `@NotCached()`. */
  cachedFor(handler: object): boolean {
    return this.reflector.get<boolean | undefined>(NOT_CACHED, handler as () => unknown) !== true;
  }

  /** The repeat read of this request, or null when its answer is not kept (`cached`: see `cachedFor`). */
  of(request: CustomerRequest, reply: FastifyReply, format: Format, cached: boolean): RepeatRead | null {
    if (!this.cache.enabled || request.customer === undefined || request.dataVersion === undefined || !cached) return null;
    const key = { customerId: request.customer.id, dataVersion: request.dataVersion, today: this.clock.today(), format, url: request.url };
    return new RepeatRead(this.cache, key, request, reply);
  }
}

export function setRepresentationHeaders(representation: Representation, reply: FastifyReply): void {
  void reply.header('Content-Type', representation.contentType);
  if (representation.etag !== null) void reply.header('ETag', representation.etag);
}
