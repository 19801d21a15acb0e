import { CanActivate, createParamDecorator, ExecutionContext, Injectable, SetMetadata, UseGuards } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { ApiErrorCode, ApiException } from '../errors/api.exception';
import { DEFAULT_FORMATS, Format, MEDIA_TYPE, negotiateFormat } from './negotiation';
import { represent } from './representation';
import { isApiRoute } from '../http/request-tracking';
import { RepeatRead, RepeatReads, setRepresentationHeaders } from '../caching/repeat-reads';

const FORMATS = 'curbside:formats';

/**
 * The formats a route answers, the preferred first, when they are not JSON and XML. A route with
 * one format answers it whatever the Accept header says; a route that answers `calendar` returns
 * the iCalendar text when `@ResponseFormat()` is `calendar`.
 */
export const Formats = (...formats: [Format, ...Format[]]): ClassDecorator & MethodDecorator => SetMetadata(FORMATS, formats);

/** For endpoints whose format a standard fixes (the OAuth token endpoint): always JSON. */
export const JsonOnly = (): ClassDecorator & MethodDecorator => Formats('json');

/** What the negotiation guard decided for a request, for `sendNegotiated`. */
interface Negotiated {
  format: Format;
  tagged: boolean;
  repeatRead: RepeatRead | null;
}

interface NegotiatedRequest extends FastifyRequest {
  negotiated?: Negotiated;
}

/** The format the negotiation guard chose for this request. */
export const ResponseFormat = createParamDecorator((_data: unknown, context: ExecutionContext): Format => {
  const negotiated = context.switchToHttp().getRequest<NegotiatedRequest>().negotiated;
  if (negotiated === undefined) throw new Error('ResponseFormat used before negotiation');
  return negotiated.format;
});

/**
 * Thrown by the negotiation guard when a kept answer has been sent, so that the handler does not
 * run; the problem filter lets it pass (`reply.sent`).
 */
export class KeptAnswerSent {}

/**
 * Content negotiation for every route (CONTRACT §4), the last guard of each (`Endpoint`), so that
 * the access checks answer first: picks the format from the Accept header, or answers 406 before
 * the handler runs, and answers repeat reads from kept answers (`RepeatReads`) without the handler.
 * `sendNegotiated` then serializes the handler's result. A guard rather than an interceptor: Nest
 * builds observables for every request that has any interceptor.
 */
@Injectable()
export class NegotiationGuard implements CanActivate {
  constructor(
    private readonly reflector: Reflector,
    private readonly repeatReads: RepeatReads,
  ) {}

  canActivate(context: ExecutionContext): boolean {
    const http = context.switchToHttp();
    const formats = this.reflector.getAllAndOverride<Format[] | undefined>(FORMATS, [context.getHandler(), context.getClass()]) ?? DEFAULT_FORMATS;
    if (this.negotiate(http.getRequest(), http.getResponse(), formats, this.repeatReads.cachedFor(context.getHandler()))) return true;
    throw new KeptAnswerSent();
  }

  /**
   * The guard as a plain function, for routes served without Nest's execution context: false when a
   * kept answer has been sent (the handler must not run); throws the 406.
   */
  negotiate(request: FastifyRequest, reply: FastifyReply, formats: readonly Format[], cached: boolean): boolean {
    const format = formats.length === 1 ? formats[0] : negotiateFormat(request.headers.accept, formats);
    if (format === null) {
      const available = formats.map((f) => MEDIA_TYPE[f]).join(' or ');
      throw new ApiException(ApiErrorCode.NOT_ACCEPTABLE, `The Accept header allows no available format: ${available}.`);
    }
    if (formats.length > 1) void reply.header('Vary', 'Accept');
    const tagged = request.method === 'GET' && isApiRoute(request.url);
    const repeatRead = tagged ? this.repeatReads.of(request, reply, format, cached) : null;
    (request as NegotiatedRequest).negotiated = { format, tagged, repeatRead };
    const replayed = repeatRead?.replay();
    if (replayed === undefined) return true;
    void reply.send(replayed);
    return false;
  }
}

/**
 * Negotiates a route's format (`NegotiationGuard`). On a method, so that it runs after the
 * controller's guards: the access checks answer before a 406. `Endpoint` gives it to every route.
 */
export const Negotiated = (): MethodDecorator => UseGuards(NegotiationGuard);

/**
 * The one place bodies are serialized: a handler's result in the negotiated format, with its
 * ETag on every GET under /api (CONTRACT §7; `answerNotModified` turns a matching If-None-Match
 * into 304), kept for repeat reads. Returns what is to be sent.
 */
export function sendNegotiated(reply: FastifyReply, body: unknown): unknown {
  const request = reply.request as NegotiatedRequest;
  const negotiated = request.negotiated;
  if (negotiated === undefined || body === undefined || body === null) return body;
  const { format, tagged, repeatRead } = negotiated;
  const { text, representation } = represent(body as object | string, format, request.id, tagged, repeatRead !== null);
  repeatRead?.keep(representation);
  setRepresentationHeaders(representation, reply);
  return text;
}
