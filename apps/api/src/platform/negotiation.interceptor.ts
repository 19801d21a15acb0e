import { CallHandler, createParamDecorator, ExecutionContext, Injectable, NestInterceptor, SetMetadata } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { map, Observable, of } from 'rxjs';
import { ApiErrorCode, ApiException } from './api.exception';
import { Clock } from './clock';
import { noneMatch } from './entity-tag';
import { DEFAULT_FORMATS, Format, MEDIA_TYPE, negotiateFormat } from './negotiation';
import { bodyFor, represent, type Representation } from './representation';
import { isApiRoute } from './request-tracking';
import { type AnswerKey, type CachedAnswer, NOT_CACHED, ResponseCache } from './response-cache';

const FORMATS = 'curbside:formats';

/**
 * The formats a route answers, the preferred first, when they are not JSON and XML. A route with
 * one format answers it whatever the Accept header says; a route that answers `calendar` returns
 * the iCalendar text when `@ResponseFormat()` is `calendar`.
 */
export const Formats = (...formats: [Format, ...Format[]]): ClassDecorator & MethodDecorator => SetMetadata(FORMATS, formats);

/** For endpoints whose format a standard fixes (the OAuth token endpoint): always JSON. */
export const JsonOnly = (): ClassDecorator & MethodDecorator => Formats('json');

interface NegotiatedRequest extends FastifyRequest {
  format?: Format;
  /** Set by `CustomerExistsGuard` on customer routes. */
  customer?: { id: string };
  dataVersion?: number;
}

/** The format the negotiation interceptor chose for this request. */
export const ResponseFormat = createParamDecorator((_data: unknown, context: ExecutionContext): Format => {
  const format = context.switchToHttp().getRequest<NegotiatedRequest>().format;
  if (format === undefined) throw new Error('ResponseFormat used before negotiation');
  return format;
});

/**
 * Content negotiation for every controller (CONTRACT §4): controllers return wire objects (or
 * iCalendar text), this picks the format from the Accept header, or answers 406 before the handler runs.
 * It is the one place bodies are serialized, so it also gives every GET under /api its ETag
 * (CONTRACT §7; `answerNotModified` turns a matching If-None-Match into 304), and keeps the
 * answers of customer GETs for repeat reads (`ResponseCache`): a repeat read at the customer's
 * current data version is answered without the handler, and a conditional one with a 304
 * without reading or serializing anything.
 */
@Injectable()
export class NegotiationInterceptor implements NestInterceptor {
  constructor(
    private readonly reflector: Reflector,
    private readonly cache: ResponseCache,
    private readonly clock: Clock,
  ) {}

  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    const request = context.switchToHttp().getRequest<NegotiatedRequest>();
    const reply = context.switchToHttp().getResponse<FastifyReply>();
    const formats = this.reflector.getAllAndOverride<Format[] | undefined>(FORMATS, [context.getHandler(), context.getClass()]) ?? DEFAULT_FORMATS;
    const format = formats.length === 1 ? formats[0] : negotiateFormat(request.headers.accept, formats);
    if (format === null) {
      const available = formats.map((f) => MEDIA_TYPE[f]).join(' or ');
      throw new ApiException(ApiErrorCode.NOT_ACCEPTABLE, `The Accept header allows no available format: ${available}.`);
    }
    if (formats.length > 1) void reply.header('Vary', 'Accept');
    request.format = format;
    const tagged = request.method === 'GET' && isApiRoute(request.url);
    const key = tagged ? this.answerKey(context, request, format) : null;
    const kept = key === null ? undefined : this.cache.get(key);
    if (kept !== undefined) return of(replay(kept, request, reply));
    const before = key === null ? null : new Set(Object.keys(reply.getHeaders()));
    return next.handle().pipe(
      map((body: unknown) => {
        if (body === undefined || body === null) return body;
        const { text, representation } = represent(body as object | string, format, request.id, tagged, key !== null);
        if (key !== null && before !== null && representation.replayable && reply.statusCode === 200) {
          this.cache.set(key, { representation, headers: headersSetSince(before, reply) });
        }
        setRepresentationHeaders(representation, reply);
        return text;
      }),
    );
  }

  /** The key of a customer GET's answer; null when it is not kept (no customer, or `@NotCached()`). */
  private answerKey(context: ExecutionContext, request: NegotiatedRequest, format: Format): AnswerKey | null {
    if (!this.cache.enabled || request.customer === undefined || request.dataVersion === undefined) return null;
    if (this.reflector.get<boolean | undefined>(NOT_CACHED, context.getHandler()) === true) return null;
    return { customerId: request.customer.id, dataVersion: request.dataVersion, today: this.clock.today(), format, url: request.url };
  }
}

function setRepresentationHeaders(representation: Representation, reply: FastifyReply): void {
  void reply.header('Content-Type', representation.contentType);
  if (representation.etag !== null) void reply.header('ETag', representation.etag);
}

/** A kept answer for this request: 304 without assembling a body when the client has it. */
function replay({ representation, headers }: CachedAnswer, request: FastifyRequest, reply: FastifyReply): string {
  for (const [name, value] of headers) void reply.header(name, value);
  setRepresentationHeaders(representation, reply);
  const etag = representation.etag;
  // The client has it: answerNotModified turns this into a 304 without a body, so none is assembled.
  if (etag !== null && !noneMatch(request.headers['if-none-match'], etag)) return '';
  return bodyFor(representation, request.id);
}

/** The headers the handler set (a page's `Link`): what a replayed answer must carry again. */
function headersSetSince(before: ReadonlySet<string>, reply: FastifyReply): Array<[string, string]> {
  return Object.entries(reply.getHeaders()).flatMap(([name, value]) =>
    before.has(name) || value === undefined ? [] : [[name, Array.isArray(value) ? value.join(', ') : String(value)] as [string, string]],
  );
}
