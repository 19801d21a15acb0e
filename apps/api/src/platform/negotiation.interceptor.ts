import { CallHandler, ExecutionContext, Injectable, NestInterceptor, SetMetadata } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { toXml } from '@curbside/codecs';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { map, Observable } from 'rxjs';
import { ApiErrorCode, ApiException } from './api.exception';
import { entityTag, serialize } from './entity-tag';
import { CONTENT_TYPE, Format, negotiateFormat } from './negotiation';
import { isApiRoute } from './request-tracking';

const JSON_ONLY = 'curbside:json-only';

/** For endpoints whose format a standard fixes (the OAuth token endpoint): always JSON. */
export const JsonOnly = (): ClassDecorator & MethodDecorator => SetMetadata(JSON_ONLY, true);

/**
 * Content negotiation for every controller (CONTRACT §4): controllers return wire objects,
 * this picks JSON or XML from the Accept header, or answers 406 before the handler runs. It is
 * the one place bodies are serialized, so it also gives every GET under /api its ETag
 * (CONTRACT §7; `answerNotModified` turns a matching If-None-Match into 304).
 */
@Injectable()
export class NegotiationInterceptor implements NestInterceptor {
  constructor(private readonly reflector: Reflector) {}

  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    const request = context.switchToHttp().getRequest<FastifyRequest>();
    const reply = context.switchToHttp().getResponse<FastifyReply>();
    const jsonOnly = this.reflector.getAllAndOverride<boolean>(JSON_ONLY, [context.getHandler(), context.getClass()]);
    const format = jsonOnly ? 'json' : negotiateFormat(request.headers.accept);
    if (format === null) throw new ApiException(ApiErrorCode.NOT_ACCEPTABLE);
    if (!jsonOnly) void reply.header('Vary', 'Accept');
    const tagged = request.method === 'GET' && isApiRoute(request.url);
    return next.handle().pipe(map((body: unknown) => render(body, format, reply, tagged)));
  }
}

function render(body: unknown, format: Format, reply: FastifyReply, tagged: boolean): unknown {
  if (body === undefined || body === null) return body;
  void reply.header('Content-Type', CONTENT_TYPE[format]);
  if (format === 'json') {
    const { json, untracked } = serialize(body as object);
    if (tagged) void reply.header('ETag', entityTag(untracked, format));
    return json;
  }
  const xml = toXml(body as object);
  if (tagged) void reply.header('ETag', entityTag(serialize(body as object).untracked, format));
  return xml;
}
