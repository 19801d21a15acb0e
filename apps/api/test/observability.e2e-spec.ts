import { randomUUID } from 'node:crypto';
import { Controller, Get, Module, Req } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import { MetricsServer } from '@curbside/runtime';
import { parseExposition, testDatabases, type Exposition } from '@curbside/testing';
import request from 'supertest';
import { startTestApp, type TestApp } from './support';

const CUSTOMER = '1000001';
const TICKETS_ROUTE = '/api/v1/customers/:customerId/tickets';
const TICKETS = `/api/v1/customers/${CUSTOMER}/tickets`;
/** A well-formed JWT that no key of this API signed. */
const FORGED_TOKEN = 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJjc19mb3JnZWQifQ.Zm9yZ2VkLXNpZ25hdHVyZS1vZi10aGUtdG9rZW4';
const LEAKED_QUERY_SECRET = 'leaked-query-secret-7f3a';
const API_KEY = 'api-key-value-19c2';
const COOKIE = 'session=cookie-value-5d1e';
const PROXY_CREDENTIALS = 'Basic cHJveHk6cHJveHktc2VjcmV0';

const PROBE_LINE = 'logged while a request is handled';

/** A route that logs about its request, as a handler does: with the request's own logger. */
@Controller('log-probe')
class LogProbeController {
  @Get()
  probe(@Req() request: FastifyRequest): { logged: boolean } {
    request.log.info({ context: 'LogProbe' }, PROBE_LINE);
    return { logged: true };
  }
}

@Module({ controllers: [LogProbeController] })
class LogProbeModule {}

interface RequestLine {
  requestTrackingId: string;
  clientId: string | null;
  customerId: string | null;
  method: string;
  route: string;
  status: number;
  durationMs: number;
  msg: string;
}

/*
 * The request log and /metrics after real traffic: token requests (secrets in a form body, in a
 * JSON body, in a query string), forged tokens, credential headers, the calendar feed.
 */
describe.each(testDatabases())('request log and metrics on $name', (database) => {
  let t: TestApp;
  const logged: string[] = [];
  /** Every tracking id sent, with what its request's log line must say. */
  const sent = new Map<string, Partial<RequestLine>>();
  let accessToken = '';
  let feedToken = '';

  const tracked = (expected: Partial<RequestLine>): string => {
    const id = randomUUID();
    sent.set(id, expected);
    return id;
  };

  beforeAll(async () => {
    t = await startTestApp(database, {
      customers: [CUSTOMER],
      fixture: true,
      env: { LOG_LEVEL: 'info' },
      imports: [LogProbeModule],
      logDestination: { write: (line: string) => void logged.push(line) },
    });
    await makeTraffic();
  });
  afterAll(() => t.close());

  async function makeTraffic(): Promise<void> {
    const { clientId, clientSecret } = t.client;
    const form = `grant_type=client_credentials&client_id=${clientId}&client_secret=${clientSecret}`;
    const issued = await t
      .http()
      .post('/oauth/token')
      .type('form')
      .set('Request-Tracking-Id', tracked({ route: '/oauth/token', status: 200, clientId: null }))
      .send(form)
      .expect(200);
    accessToken = issued.body.access_token;
    await t
      .http()
      .post('/oauth/token')
      .set('Request-Tracking-Id', tracked({ route: '/oauth/token', status: 200 }))
      .send({ grant_type: 'client_credentials', client_id: clientId, client_secret: clientSecret })
      .expect(200);
    await t
      .http()
      .post('/oauth/token')
      .type('form')
      .set('Request-Tracking-Id', tracked({ route: '/oauth/token', status: 401 }))
      .send(`grant_type=client_credentials&client_id=${clientId}&client_secret=${LEAKED_QUERY_SECRET}-wrong`)
      .expect(401);
    await t
      .http()
      .post(`/oauth/token?${form}`)
      .set('Request-Tracking-Id', tracked({ route: '/oauth/token' }))
      .expect((response) => expect(response.status).toBeGreaterThanOrEqual(400));

    const asClient = (path: string, token: string, expected: Partial<RequestLine>) =>
      t
        .http()
        .get(path)
        .set('Authorization', `Bearer ${token}`)
        .set('ClientId', clientId)
        .set('Request-Tracking-Id', tracked(expected));
    await asClient(TICKETS, accessToken, { route: TICKETS_ROUTE, status: 200, clientId, customerId: CUSTOMER }).expect(200);
    await asClient(TICKETS, FORGED_TOKEN, { route: TICKETS_ROUTE, status: 401, clientId: null, customerId: CUSTOMER }).expect(401);
    await asClient(`${TICKETS}?client_secret=${LEAKED_QUERY_SECRET}&token=${accessToken}`, accessToken, { route: TICKETS_ROUTE, status: 400 })
      .set('X-Api-Key', API_KEY)
      .set('Cookie', COOKIE)
      .set('Proxy-Authorization', PROXY_CREDENTIALS);
    await asClient('/api/v1/customers/1000002/tickets', accessToken, { status: 403, clientId, customerId: '1000002' }).expect(403);

    const calendar = await asClient(`/api/v1/customers/${CUSTOMER}/services/calendar`, accessToken, { status: 200 }).expect(200);
    const feed = new URL(calendar.body.calendar_url);
    feedToken = feed.pathname.split('/')[3];
    expect(feedToken.length).toBeGreaterThan(100);
    await request(t.url)
      .get(feed.pathname)
      .set('Request-Tracking-Id', tracked({ route: '/feeds/calendar/:token/pickups.ics', status: 200, clientId: null, customerId: null }))
      .expect(200);
    await t.http().get('/no/such/route').set('Request-Tracking-Id', tracked({ route: 'unmatched', status: 404 })).expect(404);
    // Not in the OpenAPI document, so outside the response validation of t.http().
    await request(t.url).get('/log-probe').set('Request-Tracking-Id', tracked({ route: '/log-probe', status: 200 })).expect(200);
  }

  const requestLines = (): RequestLine[] =>
    logged.map((line) => JSON.parse(line) as RequestLine).filter((line) => line.msg === 'request completed' || line.msg === 'request failed');

  it('writes one JSON line per request, with its tracking id, client, customer, route template, status and duration', () => {
    const lines = requestLines().filter((line) => sent.has(line.requestTrackingId));
    expect(lines.map((line) => line.requestTrackingId).sort()).toEqual([...sent.keys()].sort());
    for (const line of lines) {
      expect(line).toEqual(
        expect.objectContaining({
          clientId: line.clientId === null ? null : t.client.clientId,
          customerId: line.customerId === null ? null : expect.stringMatching(/^\d+$/),
          method: expect.stringMatching(/^(GET|POST)$/),
          route: expect.any(String),
          status: expect.any(Number),
          durationMs: expect.any(Number),
          ...sent.get(line.requestTrackingId),
        }),
      );
    }
  });

  it("gives a line logged with a request's logger (request.log) that request's tracking id", () => {
    const probe = sent.size > 0 ? [...sent].find(([, expected]) => expected.route === '/log-probe')?.[0] : undefined;
    const lines = logged.map((line) => JSON.parse(line) as Record<string, unknown>).filter((line) => line.msg === PROBE_LINE);
    expect(lines).toEqual([expect.objectContaining({ requestTrackingId: probe, context: 'LogProbe', level: 30 })]);
  });

  it('never logs a token, a secret, a credential header or a client_secret= parameter', () => {
    expect(logged.length).toBeGreaterThanOrEqual(sent.size);
    const secrets = [accessToken, feedToken, FORGED_TOKEN, t.client.clientSecret, LEAKED_QUERY_SECRET, API_KEY, COOKIE, PROXY_CREDENTIALS];
    for (const line of logged) {
      for (const secret of secrets) expect(line).not.toContain(secret);
      expect(line).not.toContain('client_secret=');
    }
  });

  it('counts requests by route template and status, with their latency, on GET /metrics', async () => {
    const response = await t.http().get('/metrics').expect(200);
    expect(response.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    const metrics = parseExposition(response.text);
    const requests = (labels: Record<string, string>) => metrics.samples('curbside_http_requests_total', labels).map((sample) => sample.value);
    expect(metrics.typeOf('curbside_http_requests_total')).toBe('counter');
    expect(requests({ method: 'GET', route: TICKETS_ROUTE, status: '200' })).toEqual([1]);
    expect(requests({ method: 'GET', route: TICKETS_ROUTE, status: '401' })).toEqual([1]);
    expect(requests({ method: 'POST', route: '/oauth/token', status: '200' })).toEqual([2]);
    expect(requests({ method: 'POST', route: '/oauth/token', status: '401' })).toEqual([1]);
    expect(requests({ method: 'GET', route: '/feeds/calendar/:token/pickups.ics', status: '200' })).toEqual([1]);
    expect(requests({ route: 'unmatched', status: '404' })).toEqual([1]);
    expect(requests({ route: '/no/such/route' })).toEqual([]);

    expect(metrics.typeOf('curbside_http_request_duration_seconds')).toBe('histogram');
    const latency = { route: TICKETS_ROUTE, status: '200' };
    expect(metrics.samples('curbside_http_request_duration_seconds_count', latency)).toEqual([expect.objectContaining({ value: 1 })]);
    expect(metrics.samples('curbside_http_request_duration_seconds_sum', latency)[0].value).toBeGreaterThan(0);
    expect(metrics.samples('curbside_http_request_duration_seconds_bucket', { ...latency, le: '+Inf' })[0].value).toBe(1);

    expectDatabaseAndRuntimeGauges(metrics, database.name);
  });

  it('serves /metrics on METRICS_PORT instead of the main port when it is set', async () => {
    const separate = await startTestApp(database, { env: { METRICS_PORT: '0' } });
    try {
      await separate.http().get('/metrics').expect(404);
      const port = separate.app.get(MetricsServer).listeningPort;
      const response = await request(`http://127.0.0.1:${port}`).get('/metrics').expect(200);
      expect(parseExposition(response.text).typeOf('curbside_http_requests_total')).toBe('counter');
      await request(`http://127.0.0.1:${port}`).get('/other').expect(404);
    } finally {
      await separate.close();
    }
  });
});

function expectDatabaseAndRuntimeGauges(metrics: Exposition, databaseName: string): void {
  const pool = (state: string) => metrics.samples('curbside_db_pool_connections', { state }).map((sample) => sample.value);
  expect(pool('total')[0]).toBeGreaterThanOrEqual(1);
  if (databaseName === 'postgres') {
    expect(pool('idle')[0]).toBeGreaterThanOrEqual(0);
    expect(pool('waiting')).toEqual([0]);
  }
  expect(metrics.typeOf('nodejs_eventloop_lag_seconds')).toBe('gauge');
  expect(metrics.samples('nodejs_eventloop_lag_seconds')).toHaveLength(1);
}
