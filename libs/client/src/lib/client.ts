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

/** The OpenAPI document's description of a GET (its parameters and answers). */
export type GetOperation<P extends GetPath> = paths[P]['get'];

/** The path and query parameters of a GET; the client sends the headers itself. */
export type GetParams<P extends GetPath> = Omit<GetOperation<P>['parameters'], 'header' | 'cookie'>;

/** The JSON body of a GET's 200 answer. */
export type GetBody<P extends GetPath> = GetOperation<P>['responses'][200]['content']['application/json'];

/** The query parameters of a GET. */
export type Query<P extends GetPath> = GetOperation<P>['parameters'] extends { query?: infer Q } ? NonNullable<Q> : never;

/** The path templates the named methods call, for `get` and `pages` too. */
export const TICKETS = '/api/v1/customers/{customerId}/tickets';
export const TICKET = '/api/v1/customers/{customerId}/tickets/{ticketId}';
export const SERVICE_REQUESTS = '/api/v1/customers/{customerId}/service-requests';

/** What a single call may choose besides its parameters. */
export interface CallOptions {
  /** The `Request-Tracking-Id` to send (CONTRACT §2), e.g. the one the caller's own request came with; default a new UUID. */
  trackingId?: string;
}

/** A call whose answer is taken as the API sent it. */
export interface RawCallOptions extends CallOptions {
  /** The `Accept` header: `application/json` (the default), `application/xml`, or `text/calendar` where a route offers it. */
  accept?: string;
}

/** The body of POST service-requests (CONTRACT §9): a missed pickup reported, or an extra pickup booked. */
export type ServiceRequestInput = paths[typeof SERVICE_REQUESTS]['post']['requestBody']['content']['application/json'];
/** Its 201 answer: the created ticket, in the body of op 2. */
export type CreatedServiceTicket = paths[typeof SERVICE_REQUESTS]['post']['responses'][201]['content']['application/json'];

export interface CreateServiceRequestOptions extends CallOptions {
  /** The `Idempotency-Key`; default a new UUID. The same one is sent on every retry of this call. */
  idempotencyKey?: string;
}

export const IDEMPOTENCY_HEADER = 'Idempotency-Key';

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
  private readonly tokens: TokenSource;

  constructor(options: CurbsideClientOptions) {
    const fetch = options.fetch ?? ((request: Request) => globalThis.fetch(request));
    this.baseUrl = options.baseUrl.replace(/\/+$/, '');
    this.writeRetries = options.writeRetries ?? 2;
    const tokens = new TokenSource(`${this.baseUrl}/oauth/token`, options, fetch, options.now ?? Date.now);
    this.tokens = tokens;
    this.api = createClient<paths>({ baseUrl: this.baseUrl, fetch });
    // First in, so its onResponse runs last: a raw call's answer kept whole, before openapi-fetch reads a problem's body.
    this.api.use({
      onResponse({ response, options: { parseAs } }) {
        if (parseAs === 'stream') unread.set(response, response.clone());
        return response;
      },
    });
    this.api.use({
      async onRequest({ request }) {
        request.headers.set('Authorization', `Bearer ${await tokens.token()}`);
        request.headers.set('ClientId', options.clientId);
        if (!request.headers.has('Accept')) request.headers.set('Accept', 'application/json');
        if (!request.headers.has(TRACKING_HEADER)) request.headers.set(TRACKING_HEADER, randomUUID());
        return request;
      },
    });
    if (options.etagCache !== false) this.api.use(etagCache());
  }

  /**
   * The access token the client sends now (fetched, or fetched again shortly before it expires): for a
   * call the client does not make itself, with the `ClientId` of these credentials.
   */
  accessToken(): Promise<string> {
    return this.tokens.token();
  }

  /** Any GET of the customer API, typed by its path template: `get('/api/v1/customers/{customerId}/cases', { path: { customerId } })`. */
  async get<P extends GetPath>(path: P, params: GetParams<P>, options: CallOptions = {}): Promise<GetBody<P>> {
    return (await this.getWithResponse(path, params, options)).body;
  }

  /**
   * Any GET's answer as the API sent it, whatever its status (nothing thrown for a problem): its status,
   * headers and bytes, in the format `options.accept` asks for (`application/xml`, say).
   */
  async getRaw<P extends GetPath>(path: P, params: GetParams<P>, options: RawCallOptions = {}): Promise<Response> {
    // openapi-fetch's own parameter types want the headers the middleware sets.
    const { response } = await this.api.GET(path as typeof TICKETS, { params, headers: headersOf(options), parseAs: 'stream' } as never);
    return response.ok ? response : (unread.get(response) ?? response);
  }

  /**
   * Any GET's XML body, as the API wrote it (CONTRACT §4). A problem throws `CurbsideProblemError` with its status
   * and tracking id; `getRaw` gives the problem's own XML.
   */
  async getXml<P extends GetPath>(path: P, params: GetParams<P>, options: CallOptions = {}): Promise<string> {
    const response = await this.getRaw(path, params, { ...options, accept: 'application/xml' });
    const text = await response.text();
    if (!response.ok) throw new CurbsideProblemError(response.status, text, response.headers.get(TRACKING_HEADER) ?? '');
    return text;
  }

  /** Every page of a list, following `Link: rel="next"` until the last. */
  async *pages<P extends GetPath>(path: P, params: GetParams<P>, options: CallOptions = {}): AsyncGenerator<GetBody<P>, void, undefined> {
    let next: GetParams<P> | null = params;
    while (next !== null) {
      const { body, response } = await this.getWithResponse(path, next, options);
      yield body;
      const link = nextLink(response.headers.get('Link'), response.url || this.baseUrl);
      next = link === null ? null : { ...next, query: Object.fromEntries(link.searchParams) as Query<P> };
    }
  }

  // ---- the most used operations, by name ----

  /** Service tickets (op 1). */
  listTickets(customerId: string, query: Omit<Query<typeof TICKETS>, 'ticket_type'> = {}, options: CallOptions = {}): Promise<ServiceTicketList> {
    return this.get(TICKETS, { path: { customerId }, query }, options) as Promise<ServiceTicketList>;
  }

  /** Every page of the service tickets (op 1). */
  ticketPages(customerId: string, query: Omit<Query<typeof TICKETS>, 'ticket_type'> = {}, options: CallOptions = {}): AsyncGenerator<ServiceTicketList, void, undefined> {
    return this.pages(TICKETS, { path: { customerId }, query }, options) as AsyncGenerator<ServiceTicketList, void, undefined>;
  }

  /** Disposal tickets (op 3). */
  listDisposalTickets(customerId: string, query: Omit<Query<typeof TICKETS>, 'ticket_type'> = {}, options: CallOptions = {}): Promise<DisposalTicketList> {
    return this.get(TICKETS, { path: { customerId }, query: { ...query, ticket_type: 'disposal' } }, options) as Promise<DisposalTicketList>;
  }

  /** One service ticket (op 2). */
  getTicket(customerId: string, ticketId: string, options: CallOptions = {}): Promise<ServiceTicketDetail> {
    return this.get(TICKET, { path: { customerId, ticketId } }, options) as Promise<ServiceTicketDetail>;
  }

  /** One disposal ticket (op 4). */
  getDisposalTicket(customerId: string, ticketId: string, options: CallOptions = {}): Promise<DisposalTicketDetail> {
    return this.get(TICKET, { path: { customerId, ticketId }, query: { ticket_type: 'disposal' } }, options) as Promise<DisposalTicketDetail>;
  }

  /** Invoices and aging balances (op 5, version 2). */
  listInvoices(customerId: string, query: Query<'/api/v2/customers/{customerId}/invoices'> = {}, options: CallOptions = {}) {
    return this.get('/api/v2/customers/{customerId}/invoices', { path: { customerId }, query }, options);
  }

  /** One invoice, one entry per line (op 6). */
  getInvoice(customerId: string, invoiceId: string, options: CallOptions = {}) {
    return this.get('/api/v1/customers/{customerId}/invoices/{invoiceId}', { path: { customerId, invoiceId } }, options);
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
        const header = { [IDEMPOTENCY_HEADER]: idempotencyKey, ...headersOf(options) };
        sent = await this.api.POST(SERVICE_REQUESTS, { params: { path: { customerId }, header }, body } as never);
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

  private async getWithResponse<P extends GetPath>(path: P, params: GetParams<P>, options: CallOptions = {}): Promise<{ body: GetBody<P>; response: Response }> {
    // openapi-fetch's own parameter types want the headers the middleware sets.
    const { data, error, response } = await this.api.GET(path as typeof TICKETS, { params, headers: headersOf(options) } as never);
    if (error !== undefined || !response.ok) {
      throw new CurbsideProblemError(response.status, error, response.headers.get(TRACKING_HEADER) ?? '');
    }
    return { body: data as GetBody<P>, response };
  }
}

/** Raw calls' answers as they came, by the answer openapi-fetch hands back (it reads a problem's body itself). */
const unread = new WeakMap<Response, Response>();

/** The headers a call's options choose; the middleware adds the rest. */
function headersOf(options: RawCallOptions): Record<string, string> {
  return { ...(options.trackingId !== undefined && { [TRACKING_HEADER]: options.trackingId }), ...(options.accept !== undefined && { Accept: options.accept }) };
}

const isRetryable = (status: number): boolean => status === 429 || status >= 500;

/** `Retry-After` seconds (at most a minute), else 200 ms doubled per retry. */
function retryDelay(retry: number, retryAfter: string | null): number {
  const seconds = retryAfter === null ? NaN : Number(retryAfter);
  return Number.isFinite(seconds) && seconds >= 0 ? Math.min(seconds, 60) * 1000 : 200 * 2 ** retry;
}

const pause = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));
