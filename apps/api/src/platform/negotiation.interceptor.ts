import { CallHandler, createParamDecorator, ExecutionContext, Injectable, NestInterceptor, SetMetadata } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { map, Observable, of } from 'rxjs';
import { ApiErrorCode, ApiException } from './api.exception';
import { DEFAULT_FORMATS, Format, MEDIA_TYPE, negotiateFormat } from './negotiation';
import { represent } from './representation';
import { isApiRoute } from './request-tracking';
import { RepeatReads, setRepresentationHeaders } from './repeat-reads';

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
 * (CONTRACT §7; `answerNotModified` turns a matching If-None-Match into 304), and answers repeat
 * reads from kept answers (`RepeatReads`) without the handler.
 */
@Injectable()
export class NegotiationInterceptor implements NestInterceptor {
  constructor(
    private readonly reflector: Reflector,
    private readonly repeatReads: RepeatReads,
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
    const repeatRead = tagged ? this.repeatReads.of(context, format) : null;
    const replayed = repeatRead?.replay();
    if (replayed !== undefined) return of(replayed);
    return next.handle().pipe(
      map((body: unknown) => {
        if (body === undefined || body === null) return body;
        const { text, representation } = represent(body as object | string, format, request.id, tagged, repeatRead !== null);
        repeatRead?.keep(representation);
        setRepresentationHeaders(representation, reply);
        return text;
      }),
    );
  }
}
