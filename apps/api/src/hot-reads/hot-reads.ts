import type { ArgumentMetadata, PipeTransform, Type } from '@nestjs/common';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { CLIENT_ADMISSION, type ClientAdmission, ClientService, CustomerAccessGuard, TokenService, trackingIdRefusal } from '@curbside/auth';
import type { WireObject, WrittenList } from '@curbside/codecs';
import type { Route } from '@curbside/contract';
import type { Customer } from '@curbside/domain';
import { CustomerRepository } from '@curbside/persistence';
import { Reflector } from '@nestjs/core';
import type { FastifyReply, FastifyRequest, RouteHandlerMethod } from 'fastify';
import { CustomerExistsGuard } from '../customer-scope/customer-exists.guard';
import { RecordIdPipe } from '../customer-scope/record-id.pipe';
import { ListCursors } from '../lists/list-cursors';
import { LIST_OPTIONS, type ListOptions, ListPaging } from '../lists/paging';
import { ApiException } from '../platform/errors/api.exception';
import { ClientAborts } from '../platform/http/client-aborts';
import { DatabaseOutage } from '../platform/errors/database-outage';
import { nestPath } from '../platform/http/endpoint';
import { NegotiationGuard, sendNegotiated } from '../platform/negotiation/negotiation.guard';
import { ProblemFilter } from '../platform/errors/problem.filter';
import { RepeatReads } from '../platform/caching/repeat-reads';

import { createValidationPipe } from '../platform/http/validation';
import { type QueryCheck } from './query-check';

/** What a hot read's handler takes besides its query: what the guards resolved. */
export interface HotRequest {
  trackingId: string;
  customer: Customer;
  /** The path parameter `name`, a record id checked as `RecordIdPipe` checks it. */
  id(name: string): string;
  /** The request's paging (`@Paging()`), for a list. */
  paging(): ListPaging;
}

/**
 * A customer GET served from a Fastify handler of its own: the same guards, pipes, handler and
 * serialization as the Nest route it replaces, called as plain functions in the order Nest runs
 * them, without an execution context, param factories or a pipe consumer per request.
 */
export interface HotRead<C> {
  route: Route;
  controller: Type<C>;
  /** The controller's method that serves the route in Nest: its metadata (`@NotCached()`) holds here too. */
  method: keyof C & string;
  /** The path parameters that are record ids, in the order the handler takes them (their pipes run first). */
  ids: readonly string[];
  /** The query's DTO, for the validation pipe when `check` is unsure, and the check compiled from its rules; null when the handler takes no query. */
  query: { type: Type; check: QueryCheck } | null;
  /** The answer: a wire object, or a list whose JSON is written from its records (`WrittenList`). */
  serve(controller: C, request: HotRequest, query: never): Promise<WireObject | WrittenList>;
}

/** A hot read as the route table holds it (the controller type erased). */
export type AnyHotRead = HotRead<any>; // eslint-disable-line @typescript-eslint/no-explicit-any

interface RequestPieces {
  access: CustomerAccessGuard;
  customers: CustomerExistsGuard;
  negotiation: NegotiationGuard;
  repeatReads: RepeatReads;
  problems: ProblemFilter;
  validation: PipeTransform;
  recordIds: RecordIdPipe;
  cursors: ListCursors;
  listOptions: ListOptions;
}

/**
 * Serves `reads` from their own handlers: registered before `app.init()`, it swaps the handler
 * Nest gives each of their GET routes (Nest still declares the route, so the OpenAPI document and
 * the route table are the same; HEAD keeps Nest's handler). Errors become problems through the
 * problem filter, as in Nest.
 */
export function serveHotReads(app: NestFastifyApplication, reads: readonly AnyHotRead[]): void {
  const pieces = requestPieces(app);
  const byUrl = new Map(reads.map((read) => [`/${nestPath(read.route)}`, read]));
  app
    .getHttpAdapter()
    .getInstance()
    .addHook('onRoute', (options) => {
      const read = options.method === 'GET' ? byUrl.get(options.url ?? '') : undefined;
      if (read !== undefined) options.handler = hotHandler(read, app.get(read.controller, { strict: false }), pieces);
    });
}

/** The guards, pipes and filter of a customer route, made from the app's providers as Nest makes them. */
function requestPieces(app: NestFastifyApplication): RequestPieces {
  const get = <T>(token: Type<T> | symbol): T => app.get<T>(token as Type<T>, { strict: false });
  const repeatReads = get(RepeatReads);
  return {
    access: new CustomerAccessGuard(get(TokenService), get(ClientService), get<ClientAdmission>(CLIENT_ADMISSION)),
    customers: new CustomerExistsGuard(get(CustomerRepository)),
    negotiation: new NegotiationGuard(get(Reflector), repeatReads),
    repeatReads,
    problems: new ProblemFilter(get(DatabaseOutage), get(ClientAborts)),
    validation: createValidationPipe(),
    recordIds: new RecordIdPipe(),
    cursors: get(ListCursors),
    listOptions: get<ListOptions>(LIST_OPTIONS),
  };
}

const NO_IDS: ReadonlyMap<string, string> = new Map();

function hotHandler<C>(read: HotRead<C>, controller: C, pieces: RequestPieces): RouteHandlerMethod {
  const cached = pieces.repeatReads.cachedFor(controller[read.method] as object);
  const readQuery = queryReader(read.query, pieces.validation);
  return async function hotRead(request: FastifyRequest, reply: FastifyReply): Promise<void> {
    try {
      const refusal = trackingIdRefusal(request.headers);
      if (refusal !== null) throw new ApiException(refusal);
      await pieces.access.check(request as never, reply);
      const customer = await pieces.customers.check(request as never);
      if (!pieces.negotiation.negotiate(request, reply, read.route.formats, cached)) return;
      const params = request.params as Record<string, string>;
      const ids = read.ids.length === 0 ? NO_IDS : new Map(read.ids.map((name) => [name, pieces.recordIds.transform(params[name], { type: 'param', data: name })]));
      const query = await readQuery(request.query);
      const hot: HotRequest = {
        trackingId: request.id,
        customer,
        id: (name) => ids.get(name) as string,
        paging: () => new ListPaging({ request: request as never, reply }, pieces.cursors, pieces.listOptions),
      };
      const body = await read.serve(controller, hot, query as never);
      void reply.send(sendNegotiated(reply, body));
    } catch (error) {
      pieces.problems.answer(error, request, reply);
    }
  };
}

/**
 * The query as the handler takes it (`@Query()`): checked by the compiled check, as an instance of its
 * DTO; when the check is unsure, by the validation pipe (its 400, or the query it passes).
 */
function queryReader(query: HotRead<unknown>['query'], validation: PipeTransform): (value: unknown) => Promise<unknown> | unknown {
  if (query === null) return () => undefined;
  const metadata: ArgumentMetadata = { type: 'query', metatype: query.type, data: undefined };
  const prototype = query.type.prototype as object;
  return (value) => {
    const checked = query.check(value);
    return checked === null ? validation.transform(value, metadata) : Object.assign(Object.create(prototype) as object, checked);
  };
}
