import { CanActivate, ExecutionContext, Injectable } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import { ApiErrorCode, ApiException } from '../errors/api.exception';
import { isApiRoute } from './request-tracking';

const METHODS_WITH_BODY = new Set(['POST', 'PUT', 'PATCH']);

/**
 * Bodies under `/api` are JSON only. Fastify already refuses types it has no parser for; this
 * refuses the form bodies it parses for the token endpoint's sake.
 */
@Injectable()
export class JsonBodyGuard implements CanActivate {
  canActivate(context: ExecutionContext): boolean {
    const request = context.switchToHttp().getRequest<FastifyRequest>();
    if (!isApiRoute(request.url) || !METHODS_WITH_BODY.has(request.method)) return true;
    const contentType = request.headers['content-type'];
    if (contentType !== undefined && mediaTypeOf(contentType) !== 'application/json') {
      throw new ApiException(ApiErrorCode.UNSUPPORTED_MEDIA_TYPE);
    }
    return true;
  }
}

const mediaTypeOf = (contentType: string): string => contentType.split(';')[0].trim().toLowerCase();
