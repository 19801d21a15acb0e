import { randomUUID } from 'node:crypto';
import createClient, { type Client } from 'openapi-fetch';
import type { paths } from '../generated/openapi';
import { etagCache } from './etag-cache';
import { nextLink } from './link';
import { CurbsideProblemError } from './problem-error';
import { type Credentials, TokenSource } from './token-source';

export const TRACKING_HEADER = 'Request-Tracking-Id';

/** The paths with a GET that answers JSON: the customer API. */
export type GetPath = {
  [P in keyof paths]: paths[P] extends { get: { responses: { 200: { content: { 'application/json': unknown } } } } } ? P : never;
}[keyof paths];

type GetOperation<P extends GetPath> = paths[P]['get'];

/** The path and query parameters of a GET; the client sends the headers itself. */
export type GetParams<P extends GetPath> = Omit<GetOperation<P>['parameters'], 'header' | 'cookie'>;

/** The JSON body of a GET's 200 answer. */
export type GetBody<P extends GetPath> = GetOperation<P>['responses'][200]['content']['application/json'];

/** The query parameters of a GET. */
export type Query<P extends GetPath> = GetOperation<P>['parameters'] extends { query?: infer Q } ? NonNullable<Q> : never;

const TICKETS = '/api/v1/customers/{customerId}/tickets';
const LANGUAGE = '/api/v1/customers/{customerId}/language';
const SERVICE_REQUESTS = '/api/v1/customers/{customerId}/service-requests';

/** The body of POST service-requests (CONTRACT §9): a missed pickup reported, or an extra pickup booked. */
export type ServiceRequestInput = paths[typeof SERVICE_REQUESTS]['post']['requestBody']['content']['application/json'];
/** Its 201 answer: the created ticket, in the body of op 2. */
export type CreatedServiceTicket = paths[typeof SERVICE_REQUESTS]['post']['responses'][201]['content']['application/json'];

/** GET and PUT language's answer (CONTRACT §11): the customer's language (`"null"` until set), the offered ones, who set it. */
export type CustomerLanguage = paths[typeof LANGUAGE]['put']['responses'][200]['content']['application/json'];

export interface CreateServiceRequestOptions {
  /** The `Idempotency-Key`; default a new UUID. The same one is sent on every retry of this call. */
  idempotencyKey?: string;
}

export const IDEMPOTENCY_HEADER = 'Idempotency-Key';
const TICKET = '/api/v1/customers/{customerId}/tickets/{ticketId}';

/** The ticket list and detail answer service or disposal tickets, by `ticket_type`: one of each, apart. */
export type ServiceTicketList = Exclude<GetBody<typeof TICKETS>, { metadata: unknown }>;
export type DisposalTicketList = Extract<GetBody<typeof TICKETS>, { metadata: unknown }>;
export type DisposalTicketDetail = Extract<GetBody<typeof TICKET>, { tickets: { hauling_ticket_id: string }[] }>;
export type ServiceTicketDetail = Exclude<GetBody<typeof TICKET>, DisposalTicketDetail>;

export interface CurbsideClientOptions extends Credentials {
  /** Where the API is, e.g. `https://curbside.example.com`. */
  baseUrl: string;
  /** Default the global fetch. */
  fetch?: (request: Request) => Promise<Response>;
  /** Milliseconds since the epoch, for token expiry; default `Date.now`. */
  now?: () => number;
  /** Reuse bodies of unchanged resources (If-None-Match, 304); default true. */
  etagCache?: boolean;
  /**
   * How often a write with an `Idempotency-Key` is sent again after a network failure, a `429`
   * or a `5xx` (waiting `Retry-After`, else 200 ms, 400 ms…); default 2.
   */
  writeRetries?: number;
}

/**
 * A typed client of the Curbside customer account API. It gets and refreshes access tokens, sends
 * `ClientId` and a fresh `Request-Tracking-Id` with every call, throws `CurbsideProblemError`
 * for every error answer, follows `Link: rel="next"` through the pages of a list and revalidates
 * repeated GETs with their ETag.
 *
 * ```ts
 * const curbside = new CurbsideClient({ baseUrl, clientId, clientSecret });
 * for await (const page of curbside.pages('/api/v1/customers/{customerId}/tickets', { path: { customerId }, query: { limit: 50 } })) {
 *   for (const ticket of page.tickets) console.log(ticket.id, ticket.status);
 * }
 * ```
 */
export class CurbsideClient {
  private readonly api: Client<paths>;
  private readonly baseUrl: string;
  private readonly writeRetries: number;

  constructor(options: CurbsideClientOptions) {
    const fetch = options.fetch ?? ((request: Request) => globalThis.fetch(request));
    this.baseUrl = options.baseUrl.replace(/\/+$/, '');
    this.writeRetries = options.writeRetries ?? 2;
    const tokens = new TokenSource(`${this.baseUrl}/oauth/token`, options, fetch, options.now ?? Date.now);
    this.api = createClient<paths>({ baseUrl: this.baseUrl, fetch });
    this.api.use({
      async onRequest({ request }) {
        request.headers.set('Authorization', `Bearer ${await tokens.token()}`);
        request.headers.set('ClientId', options.clientId);
        request.headers.set('Accept', 'application/json');
        if (!request.headers.has(TRACKING_HEADER)) request.headers.set(TRACKING_HEADER, randomUUID());
        return request;
      },
    });
    if (options.etagCache !== false) this.api.use(etagCache());
  }

  /** Any GET of the customer API, typed by its path template: `get('/api/v1/customers/{customerId}/cases', { path: { customerId } })`. */
  async get<P extends GetPath>(path: P, params: GetParams<P>): Promise<GetBody<P>> {
    return (await this.getWithResponse(path, params)).body;
  }

  /** Every page of a list, following `Link: rel="next"` until the last. */
  async *pages<P extends GetPath>(path: P, params: GetParams<P>): AsyncGenerator<GetBody<P>, void, undefined> {
    let next: GetParams<P> | null = params;
    while (next !== null) {
      const { body, response } = await this.getWithResponse(path, next);
      yield body;
      const link = nextLink(response.headers.get('Link'), response.url || this.baseUrl);
      next = link === null ? null : { ...next, query: Object.fromEntries(link.searchParams) as Query<P> };
    }
  }

  // ---- the most used operations, by name ----

  /** Service tickets (op 1). */
  listTickets(customerId: string, query: Omit<Query<typeof TICKETS>, 'ticket_type'> = {}): Promise<ServiceTicketList> {
    return this.get(TICKETS, { path: { customerId }, query }) as Promise<ServiceTicketList>;
  }

  /** Every page of the service tickets (op 1). */
  ticketPages(customerId: string, query: Omit<Query<typeof TICKETS>, 'ticket_type'> = {}): AsyncGenerator<ServiceTicketList, void, undefined> {
    return this.pages(TICKETS, { path: { customerId }, query }) as AsyncGenerator<ServiceTicketList, void, undefined>;
  }

  /** Disposal tickets (op 3). */
  listDisposalTickets(customerId: string, query: Omit<Query<typeof TICKETS>, 'ticket_type'> = {}): Promise<DisposalTicketList> {
    return this.get(TICKETS, { path: { customerId }, query: { ...query, ticket_type: 'disposal' } }) as Promise<DisposalTicketList>;
  }

  /** One service ticket (op 2). */
  getTicket(customerId: string, ticketId: string): Promise<ServiceTicketDetail> {
    return this.get(TICKET, { path: { customerId, ticketId } }) as Promise<ServiceTicketDetail>;
  }

  /** One disposal ticket (op 4). */
  getDisposalTicket(customerId: string, ticketId: string): Promise<DisposalTicketDetail> {
    return this.get(TICKET, { path: { customerId, ticketId }, query: { ticket_type: 'disposal' } }) as Promise<DisposalTicketDetail>;
  }

  /** Invoices and aging balances (op 5, version 2). */
  listInvoices(customerId: string, query: Query<'/api/v2/customers/{customerId}/invoices'> = {}) {
    return this.get('/api/v2/customers/{customerId}/invoices', { path: { customerId }, query });
  }

  /** One invoice, one entry per line (op 6). */
  getInvoice(customerId: string, invoiceId: string) {
    return this.get('/api/v1/customers/{customerId}/invoices/{invoiceId}', { path: { customerId, invoiceId } });
  }

  /**
   * Reports a missed pickup or books an extra pickup (CONTRACT §9) and returns the created ticket.
   * The call carries an `Idempotency-Key` (`options.idempotencyKey`, else a new UUID) and is retried
   * with it after a network failure, a `429` or a `5xx`: however often it reaches the API, it creates
   * one ticket. A refusal throws `CurbsideProblemError` (`UNKNOWN_SERVICE`, `NOT_SCHEDULED`,
   * `OUT_OF_WINDOW` 422; `ALREADY_REPORTED`, `LIMIT_REACHED` 409).
   */
  async createServiceRequest(customerId: string, body: ServiceRequestInput, options: CreateServiceRequestOptions = {}): Promise<CreatedServiceTicket> {
    const idempotencyKey = options.idempotencyKey ?? randomUUID();
    for (let retry = 0; ; retry += 1) {
      const last = retry >= this.writeRetries;
      let sent: Awaited<ReturnType<Client<paths>['POST']>>;
      try {
        // openapi-fetch's own parameter types want the headers the middleware sets.
        sent = await this.api.POST(SERVICE_REQUESTS, { params: { path: { customerId }, header: { [IDEMPOTENCY_HEADER]: idempotencyKey } }, body } as never);
      } catch (error) {
        if (last) throw error;
        await pause(retryDelay(retry, null));
        continue;
      }
      const { data, error, response } = sent;
      if (response.ok && error === undefined) return data as CreatedServiceTicket;
      if (last || !isRetryable(response.status)) throw new CurbsideProblemError(response.status, error, response.headers.get(TRACKING_HEADER) ?? '');
      await pause(retryDelay(retry, response.headers.get('Retry-After')));
    }
  }

  // ---- a customer's language (CONTRACT §11) ----

  /** The language the customer's residents are written to in, and the languages the hauler offers. */
  getLanguage(customerId: string): Promise<CustomerLanguage> {
    return this.get(LANGUAGE, { path: { customerId } });
  }

  /**
   * Sets the customer's language: a tag among `offered` (any case: `ES` is stored `es`), or `"null"`
   * to clear it. `options.ifMatch`: the ETag last read, so that a change made since is refused (412)
   * instead of overwritten. A tag not offered throws `CurbsideProblemError` `UNSUPPORTED_LANGUAGE` (422).
   */
  async setLanguage(customerId: string, language: string, options: { ifMatch?: string } = {}): Promise<CustomerLanguage> {
    const header = options.ifMatch === undefined ? {} : { 'If-Match': options.ifMatch };
    // openapi-fetch's own parameter types want the headers the middleware sets.
    const { data, error, response } = await this.api.PUT(LANGUAGE, { params: { path: { customerId }, header }, body: { language } } as never);
    if (error !== undefined || !response.ok) throw new CurbsideProblemError(response.status, error, response.headers.get(TRACKING_HEADER) ?? '');
    return data as CustomerLanguage;
  }

  private async getWithResponse<P extends GetPath>(path: P, params: GetParams<P>): Promise<{ body: GetBody<P>; response: Response }> {
    // openapi-fetch's own parameter types want the headers the middleware sets.
    const { data, error, response } = await this.api.GET(path as '/api/v1/customers/{customerId}/tickets', { params } as never);
    if (error !== undefined || !response.ok) {
      throw new CurbsideProblemError(response.status, error, response.headers.get(TRACKING_HEADER) ?? '');
    }
    return { body: data as GetBody<P>, response };
  }
}

const isRetryable = (status: number): boolean => status === 429 || status >= 500;

/** `Retry-After` seconds (at most a minute), else 200 ms doubled per retry. */
function retryDelay(retry: number, retryAfter: string | null): number {
  const seconds = retryAfter === null ? NaN : Number(retryAfter);
  return Number.isFinite(seconds) && seconds >= 0 ? Math.min(seconds, 60) * 1000 : 200 * 2 ** retry;
}

const pause = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));
