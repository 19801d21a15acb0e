import { applyDecorators, Get, Post, Put } from '@nestjs/common';
import type { ApiOperationOptions } from '@nestjs/swagger';
import { ApiOperation } from '../../openapi/openapi-decorators';
import type { HttpMethod, Route } from '@curbside/contract';
import { Formats, Negotiated } from '../negotiation/negotiation.guard';

const METHOD_DECORATORS: Record<HttpMethod, (path: string) => MethodDecorator> = { GET: Get, PUT: Put, POST: Post };

/** Nest's form of an OpenAPI path template: `/a/{id}/b` is `a/:id/b`. */
export const nestPath = (route: Route): string => route.path.slice(1).replace(/\{(\w+)\}/g, ':$1');

/**
 * Serves one operation of the contract's route table (`ROUTES` of @curbside/contract): its method,
 * path, formats and operation id come from there, so a route is declared once; its last guard
 * negotiates the format. `operation` is the OpenAPI summary and description.
 */
export function Endpoint(route: Route, operation: Omit<ApiOperationOptions, 'operationId'> = {}): MethodDecorator {
  const [first, ...others] = route.formats;
  return applyDecorators(
    METHOD_DECORATORS[route.method](nestPath(route)),
    Formats(first, ...others),
    Negotiated(),
    ApiOperation({ ...operation, operationId: route.operationId }),
  );
}
