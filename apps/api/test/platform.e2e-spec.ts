import { parseXml } from '@curbside/codecs';
import { driverIndependentDatabases } from '@curbside/testing';
import { GracefulShutdown } from '../src/platform/lifecycle/shutdown';
import { expectProblem, expectXmlMirrorsJson, PROBLEM_CONTENT_TYPE, ProbeModule, startTestApp, TestApp } from './support';
import { RawHttpClient } from './support/property/http';

const TICKETS = '/api/v1/customers/1000001/tickets';
const PROBE = '/api/test/customers/1000001/probe';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

describe.each(driverIndependentDatabases())('HTTP edge on $name', (database) => {
  let t: TestApp;

  beforeAll(async () => {
    t = await startTestApp(database, { customers: ['1000001'], imports: [ProbeModule], fixture: true });
  });
  afterAll(() => t.close());

  describe('request tracking', () => {
    it('echoes the caller\u2019s Request-Tracking-Id in the header and the body', async () => {
      const response = await t.api.get(TICKETS).set('Request-Tracking-Id', 'trk-42').expect(200);
      expect(response.headers['request-tracking-id']).toBe('trk-42');
      expect(response.body.request_tracking_id).toBe('trk-42');
    });

    it('generates a UUID where the caller sent none, outside /api', async () => {
      const response = await t.http().get('/health/live').expect(200);
      expect(response.headers['request-tracking-id']).toMatch(UUID);
    });

    it('answers 400 under /api when Request-Tracking-Id is missing, still with a generated header', async () => {
      const response = await t.api.get(TICKETS).unset('Request-Tracking-Id');
      expectProblem(response, 400, 'MISSING_TRACKING_ID');
      expect(response.headers['request-tracking-id']).toMatch(UUID);
      expect(response.body.request_tracking_id).toBe(response.headers['request-tracking-id']);
    });
  });

  describe('content negotiation', () => {
    it.each([undefined, '*/*', 'application/json', 'application/*'])('gives JSON for Accept %s', async (accept) => {
      const test = t.api.get(TICKETS);
      const response = await (accept === undefined ? test.unset('Accept') : test.set('Accept', accept)).expect(200);
      expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
      expect(response.headers['vary']).toMatch(/Accept/);
      expect(response.body.tickets.length).toBeGreaterThan(0);
    });

    it('gives XML mirroring the JSON body for Accept: application/xml', async () => {
      const xml = await expectXmlMirrorsJson(t, TICKETS);
      expect(xml.headers['vary']).toMatch(/Accept/);
      expect(xml.text).toMatch(/^<\?xml version="1.0" encoding="UTF-8"\?><response><request_tracking_id>same<\/request_tracking_id>/);
    });

    it.each([
      ['application/xml;q=0.5, application/json;q=0.9', 'application/json'],
      ['application/json;q=0.2, application/xml;q=0.8', 'application/xml'],
      ['text/html, application/xml;q=0.9, */*;q=0.1', 'application/xml'],
      ['*/*, application/json;q=0', 'application/xml'],
    ])('honours q-values: %s -> %s', async (accept, expected) => {
      const response = await t.api.get(TICKETS).set('Accept', accept).expect(200);
      expect(response.headers['content-type']).toBe(`${expected}; charset=utf-8`);
    });

    it.each(['text/html', 'application/json;q=0, application/xml;q=0'])(
      'answers 406 as a JSON problem for Accept %s',
      async (accept) => expectProblem(await t.api.get(TICKETS).set('Accept', accept), 406, 'NOT_ACCEPTABLE'),
    );

    it('refuses with 406 before the handler runs (a PUT with an invalid body is not even validated)', async () => {
      expectProblem(await t.api.put(PROBE).set('Accept', 'text/csv').send({ status: 'bogus' }), 406, 'NOT_ACCEPTABLE');
    });

    it('checks access before the format: a refused client gets its 401, not a 406', async () => {
      expectProblem(await t.api.get(TICKETS).set('Accept', 'text/html').set('ClientId', 'cs_other'), 401, 'CLIENT_ID_MISMATCH');
    });
  });

  describe('problem details', () => {
    it('has every member in order, status equal to the HTTP status, and the tracking id', async () => {
      const response = await t.api.get(`${TICKETS}/424242`).set('Request-Tracking-Id', 'p-1').expect(404);
      expect(response.headers['content-type']).toBe('application/problem+json; charset=utf-8');
      expect(response.headers['request-tracking-id']).toBe('p-1');
      expect(Object.keys(response.body)).toEqual(['type', 'title', 'status', 'detail', 'instance', 'request_tracking_id', 'error']);
      expect(response.body).toEqual({
        type: 'about:blank',
        title: 'Not Found',
        status: 404,
        detail: expect.any(String),
        instance: `${TICKETS}/424242`,
        request_tracking_id: 'p-1',
        error: { code: 'NOT_FOUND', message: response.body.detail, errors: [] },
      });
    });

    it('answers unknown routes with a 404 problem too, without the query in instance', async () => {
      const response = await t.http().get('/no/such/route?x=1');
      expectProblem(response, 404, 'NOT_FOUND');
      expect(response.body.instance).toBe('/no/such/route');
    });

    it('is XML with a <problem> root when XML is preferred', async () => {
      const response = await t.api.get(TICKETS).set('Accept', 'application/xml').set('ClientId', 'cs_other').expect(401);
      expect(response.headers['content-type']).toBe('application/problem+xml; charset=utf-8');
      expect(response.text).toMatch(/^<\?xml[^>]*\?><problem><type>about:blank<\/type><title>Unauthorized<\/title><status>401<\/status>/);
      expect(await parseXml(response.text)).toMatchObject({ status: ['401'], error: [{ code: ['CLIENT_ID_MISMATCH'] }] });
    });

    it('answers unexpected errors with a generic 500: no message, stack, SQL or path', async () => {
      const response = await t.api.get('/api/test/customers/1000001/failure').expect(500);
      expect(response.body).toMatchObject({
        status: 500,
        detail: 'An unexpected error occurred.',
        error: { code: 'INTERNAL_ERROR', errors: [] },
      });
      expect(response.text).not.toMatch(/SELECT|secrets|\/srv|sqlite|\.ts:|Error:/);
    });

    it('reports one error per invalid field, nested fields by path', async () => {
      const response = await t.api.put(PROBE).send({ status: 'bogus', items: [{ name: 'ok' }, { name: 7 }], extra: 'x' });
      expectProblem(response, 400, 'VALIDATION_FAILED');
      const fields = response.body.error.errors.map((error: { field: string }) => error.field);
      expect(fields.sort()).toEqual(['extra', 'items[1].name', 'status']);
    });

    it('accepts a valid JSON body', async () => {
      const response = await t.api.put(PROBE).send({ status: 'on', items: [{ name: 'x' }] }).expect(200);
      expect(response.body).toEqual({ request_tracking_id: response.headers['request-tracking-id'], status: 'Success' });
    });

    it('answers 400 for malformed JSON', async () => {
      expectProblem(await t.api.put(PROBE).set('Content-Type', 'application/json').send('{"status": '), 400, 'BAD_REQUEST');
    });

    it('answers 413 for bodies over 64 KiB', async () => {
      expectProblem(await t.api.put(PROBE).send({ status: 'on', items: [{ name: 'x'.repeat(70_000) }] }), 413, 'PAYLOAD_TOO_LARGE');
    });

    it('answers a body nested deeper than 32 levels with a 400, not a 500 (found by the property suite)', async () => {
      const nested = (depth: number): string => `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`;
      const put = (body: string) => t.api.put(PROBE).set('Content-Type', 'application/json').send(body);
      expectProblem(await put(nested(5000)), 400, 'BODY_TOO_DEEP');
      expectProblem(await put(nested(33)), 400, 'BODY_TOO_DEEP');
      expectProblem(await put(nested(32)), 400, 'VALIDATION_FAILED', 'a');
    });

    it('answers a path that does not percent-decode as a problem with the tracking header (found by the property suite)', async () => {
      const json = await t.api.get('/api/v1/customers/%C0%AE%E0%A4%A/tickets').set('Request-Tracking-Id', 'bad-url');
      expectProblem(json, 400, 'BAD_URL');
      expect(json.headers['request-tracking-id']).toBe('bad-url');
      expect(json.body).toMatchObject({ request_tracking_id: 'bad-url', instance: '/api/v1/customers/%C0%AE%E0%A4%A/tickets' });
      const xml = await t.api.get('/api/v1/customers/%ZZ/tickets').set('Accept', 'application/xml').expect(400);
      expect(xml.headers['content-type']).toBe('application/problem+xml; charset=utf-8');
    });

    it('answers a path parameter over the router\u2019s length limit with a 414 problem', async () => {
      const response = await t.api.get(`/api/v1/customers/${'1'.repeat(1025)}/tickets`).set('Request-Tracking-Id', 'long');
      expectProblem(response, 414, 'URI_TOO_LONG');
      expect(response.headers['request-tracking-id']).toBe('long');
    });

    it('answers requests Node\u2019s HTTP parser refuses as JSON problems with the tracking header, then closes', async () => {
      const http = new RawHttpClient(t.url, 1);
      const headers = { 'Request-Tracking-Id': 'unparsable', Accept: 'application/xml' };
      const rawBytes = await http.send({ method: 'GET', path: Buffer.from('/api/v1/customers/1000001/tickets/\u00e9', 'utf8').toString('latin1'), headers });
      const hugeHeaders = await http.send({ method: 'GET', path: TICKETS, headers: { ...headers, 'X-Padding': 'x'.repeat(20_000) } });
      http.close();
      // The parser's refusal: JSON (no headers were parsed to negotiate with), connection closed.
      expect(rawBytes).toMatchObject({ status: 400, headers: { 'content-type': PROBLEM_CONTENT_TYPE, connection: 'close' } });
      expect(rawBytes.headers['request-tracking-id']).toBe('unparsable');
      expect(JSON.parse(rawBytes.text)).toMatchObject({
        status: 400,
        error: { code: 'BAD_REQUEST' },
        request_tracking_id: 'unparsable',
        instance: '/api/v1/customers/1000001/tickets/\u00c3\u00a9',
      });
      // Headers over 16 KiB but under the parser's 64 KiB: refused by the edge's own limit, so negotiated.
      expect(hugeHeaders).toMatchObject({ status: 431, headers: { 'content-type': 'application/problem+xml; charset=utf-8' } });
      expect(hugeHeaders.headers['request-tracking-id']).toBe('unparsable');
    });

    it.each([
      ['text/plain', 'status=on'],
      ['application/x-www-form-urlencoded', 'status=on'],
      ['application/xml', '<status>on</status>'],
    ])('answers 415 for a %s body on a JSON route', async (contentType, body) => {
      expectProblem(await t.api.put(PROBE).set('Content-Type', contentType).send(body), 415, 'UNSUPPORTED_MEDIA_TYPE');
    });
  });

  // Last: draining cannot be undone.
  describe('health', () => {
    it('is live without credentials', async () => {
      await t.http().get('/health/live').expect(200, { status: 'up' });
    });

    it('is ready when the database answers, and 503 once draining, asking clients to close the connection', async () => {
      await t.http().get('/health/ready').expect(200, { status: 'ready' });
      await t.app.get(GracefulShutdown).beforeApplicationShutdown(); // what Nest calls on SIGTERM, without the signal
      const draining = await t.http().get('/health/ready');
      expectProblem(draining, 503, 'SERVICE_UNAVAILABLE');
      expect(draining.headers['connection']).toBe('close');
      await t.http().get('/health/live').expect(200).expect('Connection', 'close');
    });
  });
});

describe('OpenAPI', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await startTestApp(driverIndependentDatabases()[0]);
  });
  afterAll(() => t.close());

  it('serves the document with the security schemes and documented customer routes', async () => {
    const { body: document } = await t.http().get('/docs/openapi.json').expect(200);
    expect(document.components.securitySchemes).toEqual({
      bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' },
      clientId: { type: 'apiKey', in: 'header', name: 'ClientId' },
      oauth2: { type: 'oauth2', flows: { clientCredentials: { tokenUrl: '/oauth/token', scopes: {} } } },
      clientBasic: { type: 'http', scheme: 'basic', description: expect.stringContaining('/oauth/token only') },
    });
    // The token endpoint: the credentials in the body (no security) or as HTTP Basic, never a required header.
    const token = document.paths['/oauth/token'].post;
    expect(token.security).toEqual([{ clientBasic: [] }, {}]);
    expect(token.parameters ?? []).toEqual([]);
    const list = document.paths['/api/v1/customers/{customerId}/tickets'].get;
    expect(list.security).toEqual([
      { bearer: [], clientId: [] },
      { oauth2: [], clientId: [] },
    ]);
    expect(list.parameters.map((parameter: { name: string }) => parameter.name)).toEqual(
      expect.arrayContaining(['Request-Tracking-Id', 'ClientId', 'customerId']),
    );
    expect(Object.keys(list.responses)).toEqual(expect.arrayContaining(['200', '400', '401', '403', '404', '406', '500']));
    expect(list.responses['403'].content['application/problem+json'].schema).toEqual({ $ref: '#/components/schemas/ProblemDoc' });
    expect(document.components.schemas.ProblemDoc.required).toEqual(
      expect.arrayContaining(['type', 'title', 'status', 'detail', 'instance', 'request_tracking_id', 'error']),
    );
    expect(document.paths['/oauth/token'].post).toBeDefined();
    expect(document.paths['/health/ready'].get).toBeDefined();
  });

  it('serves Swagger UI at /docs', async () => {
    const response = await t.http().get('/docs').redirects(1).expect(200);
    expect(response.headers['content-type']).toMatch(/^text\/html/);
    expect(response.text).toContain('swagger-ui');
  });
});
