import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CurbsideClient, CurbsideProblemError } from '@curbside/client';
import { decodeAnswerRecords, decodeImportFile } from '@curbside/codecs';
import { testDatabases } from '@curbside/testing';
import { startTestApp, TestApp } from './support';
import { fixtureCustomer } from './support/fixtures';

/** The SDK (@curbside/client) against the real API on SQLite, over real HTTP. */
const CUSTOMER = '1000001';
const household = fixtureCustomer(CUSTOMER);
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

/** The real fetch, with a record of what went over the wire. */
function recordingFetch() {
  const exchanges: Array<{ method: string; url: string; headers: Headers; status: number }> = [];
  const fetch = async (request: Request): Promise<Response> => {
    const headers = new Headers(request.headers);
    const response = await globalThis.fetch(request);
    exchanges.push({ method: request.method, url: request.url, headers, status: response.status });
    return response;
  };
  return { fetch, exchanges, tokenRequests: () => exchanges.filter((e) => e.url.endsWith('/oauth/token')).length };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('the SDK against the API on SQLite', () => {
  let t: TestApp;
  let wire: ReturnType<typeof recordingFetch>;
  let curbside: CurbsideClient;

  beforeAll(async () => {
    t = await startTestApp(testDatabases()[0], { customers: [CUSTOMER], fixture: true });
  });
  afterAll(() => t.close());
  beforeEach(() => {
    wire = recordingFetch();
    curbside = new CurbsideClient({ baseUrl: t.url, clientId: t.client.clientId, clientSecret: t.client.clientSecret, fetch: wire.fetch });
  });

  it('lists tickets, typed end to end', async () => {
    const body = await curbside.listTickets(CUSTOMER);
    expect(body.tickets.map((ticket) => ticket.id).sort()).toEqual(household.tickets.map((ticket: { id: string }) => ticket.id).sort());
    expect(body.request_tracking_id).toMatch(UUID);
  });

  it('lists disposal tickets apart', async () => {
    const body = await curbside.listDisposalTickets(CUSTOMER);
    expect(body.tickets.map((ticket) => ticket.site_name)).toHaveLength(household.disposal_tickets.length);
    expect(body.metadata[0].totalCount).toBe(String(household.disposal_tickets.length));
  });

  it('reads a service ticket, a disposal ticket and an invoice', async () => {
    const [ticket] = (await curbside.getTicket(CUSTOMER, household.tickets[0].id)).tickets;
    expect(ticket.services_info.map((service) => service.code)).toEqual(household.tickets[0].services_info.map((service: { code: string }) => service.code));
    const [disposal] = (await curbside.getDisposalTicket(CUSTOMER, household.disposal_tickets[0].id)).tickets;
    expect(disposal.hauling_ticket_id).toBe(household.disposal_tickets[0].hauling_ticket_id);
    const invoice = await curbside.getInvoice(CUSTOMER, household.invoices[0].id);
    expect(invoice.invoices.every((line) => line.id === household.invoices[0].id)).toBe(true);
  });

  it('reads any GET by its path template', async () => {
    const cases = await curbside.get('/api/v1/customers/{customerId}/cases', { path: { customerId: CUSTOMER } });
    expect(cases.metadata.totalCount).toBe(String(household.cases.length));
  });

  it('pages through a whole list with a small limit, following Link: rel="next"', async () => {
    const pages = [];
    for await (const page of curbside.ticketPages(CUSTOMER, { limit: 3 })) pages.push(page);
    expect(pages.map((page) => page.tickets.length)).toEqual([3, 3, 2]);
    const whole = await curbside.listTickets(CUSTOMER);
    expect(pages.flatMap((page) => page.tickets)).toEqual(whole.tickets);
  });

  it('sends one token request, ClientId and a fresh Request-Tracking-Id with every call', async () => {
    await curbside.listTickets(CUSTOMER);
    await curbside.listInvoices(CUSTOMER);
    const calls = wire.exchanges.filter((e) => e.url.includes('/api/'));
    expect(wire.tokenRequests()).toBe(1);
    expect(calls.map((call) => call.headers.get('ClientId'))).toEqual([t.client.clientId, t.client.clientId]);
    const trackingIds = calls.map((call) => call.headers.get('Request-Tracking-Id') ?? '');
    expect(trackingIds.every((id) => UUID.test(id))).toBe(true);
    expect(new Set(trackingIds).size).toBe(2);
  });

  it("answers as the API sent it: raw, XML, with a tracking id of the caller's choosing, and the token it holds", async () => {
    const profiles = { path: { customerId: CUSTOMER } } as const;
    const json = await curbside.get('/api/v1/customers/{customerId}/profiles', profiles, { trackingId: 'caller-1' });
    expect(json.request_tracking_id).toBe('caller-1');
    expect((await curbside.listTickets(CUSTOMER, {}, { trackingId: 'caller-3' })).request_tracking_id).toBe('caller-3');
    const xml = await curbside.getXml('/api/v1/customers/{customerId}/profiles', profiles, { trackingId: 'caller-2' });
    expect(xml).toMatch(/^<\?xml[^>]*>\s*<response>\s*<request_tracking_id>caller-2<\/request_tracking_id>/);
    const raw = await curbside.getRaw('/api/v1/customers/{customerId}/profiles', profiles, { trackingId: 'caller-2', accept: 'application/xml' });
    expect([raw.status, raw.headers.get('content-type'), await raw.text()]).toEqual([200, 'application/xml; charset=utf-8', xml]);
    const refused = await curbside.getRaw('/api/v1/customers/{customerId}/profiles', { path: { customerId: '9999999' } }, { accept: 'application/xml' });
    expect([refused.status, refused.headers.get('content-type')]).toEqual([403, 'application/problem+xml; charset=utf-8']);
    const failure = await curbside.getXml('/api/v1/customers/{customerId}/profiles', { path: { customerId: '9999999' } }).catch((e: unknown) => e);
    expect(failure).toMatchObject({ status: 403 });
    const token = await curbside.accessToken();
    expect(wire.exchanges.filter((e) => e.url.includes('/api/')).every((e) => e.headers.get('authorization') === `Bearer ${token}`)).toBe(true);
    expect(wire.tokenRequests()).toBe(1);
  });

  it("decodes what it answers into the domain's records, as the import file has them", async () => {
    const [bundle] = decodeImportFile({ customers: [household] }).customers;
    const path = { path: { customerId: CUSTOMER } };
    expect(decodeAnswerRecords(await curbside.get('/api/v1/customers/{customerId}/profiles', path), 'profiles')).toEqual(bundle.profiles);
    expect(decodeAnswerRecords(await curbside.get('/api/v1/customers/{customerId}/contacts', path), 'contacts')).toEqual(bundle.contacts);
    const [ticket] = bundle.tickets;
    expect(decodeAnswerRecords(await curbside.getTicket(CUSTOMER, ticket.id), 'tickets')).toEqual([ticket]);
    const [disposal] = bundle.disposalTickets;
    expect(decodeAnswerRecords(await curbside.getDisposalTicket(CUSTOMER, disposal.id), 'disposalTickets')).toEqual([disposal]);
    const services = decodeAnswerRecords(await curbside.get('/api/v1/customers/{customerId}/services', path), 'services');
    expect(services).toEqual(bundle.services.map((service) => ({ ...service, schedule: null, invoiceFees: [] })));
    const [aCase] = bundle.cases;
    const caseAnswer = await curbside.get('/api/v1/customers/{customerId}/cases/{caseId}', { path: { customerId: CUSTOMER, caseId: aCase.id } });
    expect(decodeAnswerRecords(caseAnswer, 'cases')).toEqual([aCase]);
    const preferences = await curbside.get('/api/v1/customers/{customerId}/communication-preferences', path);
    expect(decodeAnswerRecords(preferences, 'preferences')).toEqual(bundle.preferences);
    const notes = await curbside.get('/api/v1/customers/{customerId}/activities/notes', { ...path, query: { fromDate: '1900-01-01', toDate: '2999-12-31' } });
    expect(decodeAnswerRecords(notes, 'notes')).toEqual(expect.arrayContaining(bundle.notes));
    expect(decodeAnswerRecords(notes, 'notes')).toHaveLength(bundle.notes.length);
  });

  it('throws a 404 as a typed problem', async () => {
    const failure = await curbside.getTicket(CUSTOMER, '999999999').catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(CurbsideProblemError);
    const problem = failure as CurbsideProblemError;
    expect({ status: problem.status, code: problem.code }).toEqual({ status: 404, code: 'NOT_FOUND' });
    expect(problem.detail).toContain('999999999');
    expect(problem.request_tracking_id).toBe(wire.exchanges.at(-1)?.headers.get('Request-Tracking-Id'));
  });

  it('throws bad credentials as a typed error of the token endpoint', async () => {
    const stranger = new CurbsideClient({ baseUrl: t.url, clientId: t.client.clientId, clientSecret: 'not-the-secret' });
    await expect(stranger.listTickets(CUSTOMER)).rejects.toMatchObject({ name: 'CurbsideProblemError', status: 401, code: 'invalid_client' });
  });

  it('revalidates a repeated GET with its ETag and reuses the cached body on 304', async () => {
    const first = await curbside.getInvoice(CUSTOMER, household.invoices[0].id);
    const second = await curbside.getInvoice(CUSTOMER, household.invoices[0].id);
    const [, again] = wire.exchanges.filter((e) => e.url.includes('/invoices/'));
    expect(again.headers.get('If-None-Match')).toMatch(/^(W\/)?"/);
    expect(again.status).toBe(304);
    expect(second).toEqual(first);
  });

  it('has its generated types up to date with the API\u2019s OpenAPI document', async () => {
    const scratch = mkdtempSync(join(tmpdir(), 'curbside-client-types-'));
    try {
      const document = join(scratch, 'openapi.json');
      writeFileSync(document, JSON.stringify((await t.http().get('/docs/openapi.json').expect(200)).body));
      execFileSync(process.execPath, [join(__dirname, '../../../tools/openapi/client-types.js'), document, '--check'], { stdio: 'pipe' });
    } finally {
      rmSync(scratch, { recursive: true, force: true });
    }
  });
});

describe('the SDK\u2019s tokens', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(testDatabases()[0], { customers: [CUSTOMER], fixture: true, env: { TOKEN_TTL_SECONDS: '2' } });
  });
  afterAll(() => t.close());

  it('are fetched again before they expire', async () => {
    const wire = recordingFetch();
    const curbside = new CurbsideClient({ baseUrl: t.url, clientId: t.client.clientId, clientSecret: t.client.clientSecret, fetch: wire.fetch });
    await curbside.listTickets(CUSTOMER);
    const firstToken = wire.exchanges.at(-1)?.headers.get('Authorization');
    await sleep(2100);
    // The first token has expired by now: the API refuses it...
    const stale = await t.http().get(`/api/v1/customers/${CUSTOMER}/tickets`).set('Authorization', firstToken ?? '').set('ClientId', t.client.clientId).set('Request-Tracking-Id', 'stale');
    expect(stale.status).toBe(401);
    // ...and the client, which refreshed it before it ran out, goes on.
    await expect(curbside.listTickets(CUSTOMER)).resolves.toMatchObject({ tickets: expect.any(Array) });
    expect(wire.tokenRequests()).toBe(2);
    expect(wire.exchanges.at(-1)?.headers.get('Authorization')).not.toBe(firstToken);
  });
});

describe('the SDK\u2019s service requests (CONTRACT \u00a79)', () => {
  let t: TestApp;
  // Monday, Nov 30 2026: service 10001 (Monday and Thursday) was picked up today.
  beforeAll(async () => {
    t = await startTestApp(testDatabases()[0], { customers: [CUSTOMER], fixture: true, now: new Date('2026-11-30T15:00:00.000Z') });
  });
  afterAll(() => t.close());

  const clientWith = (fetch: (request: Request) => Promise<Response>) =>
    new CurbsideClient({ baseUrl: t.url, clientId: t.client.clientId, clientSecret: t.client.clientSecret, fetch, writeRetries: 2 });
  const ticketCount = async () => (await t.api.get(`/api/v1/customers/${CUSTOMER}/tickets`).expect(200)).body.tickets.length;

  it('creates the ticket, typed from the document, with a generated Idempotency-Key', async () => {
    const wire = recordingFetch();
    const created = await clientWith(wire.fetch).createServiceRequest(CUSTOMER, { type: 'MISSED_PICKUP', service_id: '10001', date: '2026-11-30' });
    const [ticket] = created.tickets;
    expect(ticket).toMatchObject({ status: 'PENDING', load_type: 'MIS', complaint: 'Y', created_by: t.client.clientId });
    const post = wire.exchanges.find((exchange) => exchange.method === 'POST' && exchange.url.endsWith('/service-requests'));
    expect(post?.headers.get('Idempotency-Key')).toMatch(UUID);
    const { tickets } = await clientWith(wire.fetch).getTicket(CUSTOMER, ticket.id);
    expect(tickets).toEqual(created.tickets);
  });

  it('keeps its key across its own retries: an answer lost on the way back creates one ticket, not two', async () => {
    const keys: Array<string | null> = [];
    let lose = true;
    const lossy = async (request: Request): Promise<Response> => {
      const response = await globalThis.fetch(request);
      if (request.method !== 'POST' || !request.url.endsWith('/service-requests')) return response;
      keys.push(request.headers.get('Idempotency-Key'));
      if (lose) {
        lose = false;
        throw new TypeError('fetch failed'); // the API created the ticket; the client never heard
      }
      return response;
    };
    const before = await ticketCount();
    const created = await clientWith(lossy).createServiceRequest(CUSTOMER, { type: 'EXTRA_PICKUP', service_id: '10001', date: '2026-12-03' });
    expect(keys).toHaveLength(2);
    expect(keys[1]).toBe(keys[0]);
    expect(await ticketCount()).toBe(before + 1);
    expect(created.tickets[0]).toMatchObject({ load_type: 'XPU', dispatch_date_time: '12/03/26 00:00:00' });
  });

  it('sends the key it is given; refusals are typed problems', async () => {
    const curbside = clientWith(globalThis.fetch);
    const booked = await curbside.createServiceRequest(CUSTOMER, { type: 'EXTRA_PICKUP', service_id: '10001', date: '2026-12-07' }, { idempotencyKey: 'order-41' });
    const again = await curbside.createServiceRequest(CUSTOMER, { type: 'EXTRA_PICKUP', service_id: '10001', date: '2026-12-07' }, { idempotencyKey: 'order-41' });
    expect(again.tickets[0].id).toBe(booked.tickets[0].id);
    await expect(curbside.createServiceRequest(CUSTOMER, { type: 'EXTRA_PICKUP', service_id: '10001', date: '2026-12-10' }, { idempotencyKey: 'order-41' })).rejects.toMatchObject({
      status: 422,
      code: 'IDEMPOTENCY_KEY_REUSED',
    });
    await expect(curbside.createServiceRequest(CUSTOMER, { type: 'EXTRA_PICKUP', service_id: '10001', date: '2026-12-10' })).rejects.toMatchObject({
      status: 409,
      code: 'LIMIT_REACHED',
    });
    const refused = curbside.createServiceRequest(CUSTOMER, { type: 'MISSED_PICKUP', service_id: '10001', date: '2026-11-25' });
    await expect(refused).rejects.toBeInstanceOf(CurbsideProblemError);
    await expect(refused).rejects.toMatchObject({ status: 422, code: 'NOT_SCHEDULED', errors: [expect.objectContaining({ field: 'date' })] });
  });
});
