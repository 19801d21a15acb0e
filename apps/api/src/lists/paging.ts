import { createParamDecorator, ExecutionContext, Inject, Injectable, PipeTransform } from '@nestjs/common';
import type { ListQuery, UncountedPage } from '@curbside/domain';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { DateRangeQuery, toDateRange } from '../customer-scope';
import { addLink } from '../platform';
import { ListCursors } from './list-cursors';
import type { PageParams } from './list.query';

export interface ListOptions {
  /** The page size of a request without `limit` (LIST_MAX_ITEMS). */
  maxItems: number;
}

export const LIST_OPTIONS = Symbol('LIST_OPTIONS');

interface Exchange {
  request: FastifyRequest<{ Params: { customerId?: string } }>;
  reply: FastifyReply;
}

/**
 * Paging of one list request (CONTRACT §7, ARCHITECTURE "Lists through one query shape"): turns
 * the request's ListParams into the one ListQuery the stores page by, and answers
 * `Link: rel="next"` when there is more.
 */
export class ListPaging {
  constructor(
    private readonly exchange: Exchange,
    private readonly cursors: ListCursors,
    private readonly options: ListOptions,
  ) {}

  /**
   * Reads the page `params` asks of the list `name` (a name per list, so that a cursor of one
   * list is refused by another) with `fetch`, e.g. `(list) => this.cases.list(customer.id, list)`.
   * A cursor is bound to the list, the customer and every other query parameter (the filters).
   */
  async read<P extends UncountedPage<unknown>>(name: string, params: PageParams & DateRangeQuery, fetch: (list: ListQuery) => Promise<P>): Promise<P> {
    const range = toDateRange(params);
    const binding = JSON.stringify([name, this.exchange.request.params.customerId ?? '', filtersOf(params)]);
    const after = params.cursor === undefined ? null : await this.cursors.open(binding, params.cursor);
    const page = await fetch({ range, limit: params.limit ?? this.options.maxItems, after });
    if (page.next !== null) {
      const next = new URL(this.exchange.request.url, 'http://next');
      next.searchParams.set('cursor', await this.cursors.seal(binding, page.next));
      addLink(this.exchange.reply, `${next.pathname}${next.search}`, 'next');
    }
    return page;
  }
}

/** What a cursor is bound to besides the list and customer: every query parameter but the page's own, in name order. */
function filtersOf(params: object): Array<[string, unknown]> {
  return Object.entries(params)
    .filter(([name, value]) => name !== 'limit' && name !== 'cursor' && value !== undefined)
    .sort(([a], [b]) => (a < b ? -1 : 1));
}

@Injectable()
export class ListPagingPipe implements PipeTransform<Exchange, ListPaging> {
  constructor(
    private readonly cursors: ListCursors,
    @Inject(LIST_OPTIONS) private readonly options: ListOptions,
  ) {}

  transform(exchange: Exchange): ListPaging {
    return new ListPaging(exchange, this.cursors, this.options);
  }
}

const exchangeOf = createParamDecorator((_data: unknown, context: ExecutionContext): Exchange => {
  const http = context.switchToHttp();
  return { request: http.getRequest(), reply: http.getResponse() };
});

/** The paging of a list route's request: `@Paging() paging: ListPaging`, with `@Query() params: ListParams` (or `PageParams` for a list without dates). */
export const Paging = (): ParameterDecorator => exchangeOf(ListPagingPipe);
