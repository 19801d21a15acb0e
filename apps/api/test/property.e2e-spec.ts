/** @slow 10,000 generated requests per database: Jest starts it first (jest.sequencer.js). */
import fc from 'fast-check';
import { ROUTES } from '@curbside/contract';
import { tampered, testDatabases } from '@curbside/testing';
import { startTestApp, TestApp, TestClient } from './support';
import { fixture } from './support/fixtures';
import { Caller, FuzzRequest, fuzzRequest, FuzzWorld } from './support/property/arbitraries';
import { CheckRules, customerMarkers, leaves, markerSet, violations } from './support/property/checks';
import { RawHttpClient, RawResponse } from './support/property/http';
import { documentedOperations, OpenApiDocument, tokenUrls } from './support/property/operations';

/*
 * CONTRACT §2, §4 and §7 as properties of the whole HTTP edge: thousands of generated requests
 * (two clients, broken credentials, hostile ids, encodings, Accept values, queries and bodies)
 * at every route the OpenAPI document lists, so a route added later is tried without a change here.
 */

/**
 * Requests per database: 10,000 (about 20 s on SQLite, 45 s on PostgreSQL here).
 * `PROPERTY_REQUESTS` and `PROPERTY_SEED` change the run, e.g. for a longer soak.
 */
const REQUESTS = Number(process.env['PROPERTY_REQUESTS'] ?? 10_000);
const CONCURRENCY = 8;
const SEED = Number(process.env['PROPERTY_SEED'] ?? 20260915);

/** Client A and B share no customer; 2000001 is granted to neither; 9999999 is granted to both and exists nowhere. */
const GRANTS = { A: ['1000001', '3000001', '9999999'], B: ['1000002', '9999999'] };
const MISSING_CUSTOMERS = ['9999999', '8888888'];

describe.each(testDatabases())('the API edge under generated requests on $name', (database) => {
  let t: TestApp;
  let http: RawHttpClient;
  let world: FuzzWorld;
  let rules: CheckRules;

  beforeAll(async () => {
    // Rate limits would turn most of the run into 429s; these variables are ignored until they exist.
    // Every built-in language offered, so that PUT language's documented example (es) is taken as well as refused ones.
    const env = { RATE_LIMIT_PER_MINUTE: '100000000', TOKEN_FAILURES_PER_15_MIN: '100000000', TOKEN_FAILURES_PER_ADDRESS_PER_15_MIN: '100000000', LANGUAGES: 'en,es,zh-Hans,zh-Hant,vi,tl,ko,ar' };
    t = await startTestApp(database, { customers: GRANTS.A, fixture: true, env });
    http = new RawHttpClient(t.url, CONCURRENCY);
    const document: OpenApiDocument = JSON.parse((await http.send({ method: 'GET', path: '/docs/openapi.json', headers: {} })).text);
    world = fuzzWorld(document, t.client, await t.registerClient(GRANTS.B));
    rules = checkRules(document, world.callers);
  });
  afterAll(async () => {
    http.close();
    await t.close();
  });

  it('sees another customer\u2019s data in a response: the leak check is not blind', async () => {
    const [clientA, clientB] = world.callers;
    const path = '/api/v1/customers/1000002/contacts';
    const response = await http.send({ method: 'GET', path, headers: { ...clientB.headers, 'Request-Tracking-Id': 'self-test' } });
    expect(response.status).toBe(200);
    const asIf = (caller: Caller): FuzzRequest => ({ operation: 'self-test', caller, trackingId: 'self-test', raw: { method: 'GET', path: '/', headers: {} } });
    expect(violations(asIf(clientB), response, rules)).toEqual([]);
    expect(violations(asIf(clientA), response, rules)).toContain('another customer\'s data: "Harbor Street Bistro LLC"');
  });

  it('sees a problem that reflects more than 40 characters of the request: the reflection check is not blind', async () => {
    const [clientA] = world.callers;
    const serviceId = `${'7'.repeat(20)}' OR '1'='1' OR 'x'='${'y'.repeat(20)}`;
    const body = JSON.stringify({ type: 'MISSED_PICKUP', service_id: serviceId, date: new Date().toISOString().slice(0, 10) });
    const raw = {
      method: 'POST',
      path: '/api/v1/customers/1000001/service-requests',
      headers: { ...clientA.headers, 'Request-Tracking-Id': 'reflection', 'Content-Type': 'application/json' },
      body,
    };
    const request: FuzzRequest = { operation: 'self-test', caller: clientA, trackingId: 'reflection', raw };
    const response = await http.send(raw);
    expect(response.status).toBe(422);
    expect(JSON.parse(response.text).detail).toBe(`The customer has no service "${serviceId.slice(0, 40)}\u2026".`);
    expect(violations(request, response, rules)).toEqual([]);
    const reflected = { ...response, text: JSON.stringify({ ...JSON.parse(response.text), detail: `No service ${serviceId}` }) };
    expect(violations(request, reflected, rules)).toEqual([expect.stringMatching(/^a problem that reflects more than 40 characters of the request/)]);
  });

  it('answers a 9,000-character unknown path with a 414 whose instance is cut to 40 characters and quoted', async () => {
    const [clientA] = world.callers;
    const path = `/${'unknown/'.repeat(1125)}`;
    const raw = { method: 'GET', path, headers: { ...clientA.headers, 'Request-Tracking-Id': 'long-path' } };
    const response = await http.send(raw);
    expect(response.status).toBe(414);
    expect(JSON.parse(response.text).instance).toBe(`"${path.slice(0, 40)}\u2026"`);
    expect(response.text.length).toBeLessThan(500);
    expect(violations({ operation: 'self-test', caller: clientA, trackingId: 'long-path', raw }, response, rules)).toEqual([]);
  });

  it('answers a body with a 20,000-character unknown member with a 400 whose errors[].field is cut to 40 characters and quoted', async () => {
    const [clientA] = world.callers;
    const member = 'k'.repeat(20_000);
    const body = JSON.stringify({ type: 'MISSED_PICKUP', service_id: '10001', date: new Date().toISOString().slice(0, 10), [member]: 'x' });
    const raw = {
      method: 'POST',
      path: '/api/v1/customers/1000001/service-requests',
      headers: { ...clientA.headers, 'Request-Tracking-Id': 'long-member', 'Content-Type': 'application/json' },
      body,
    };
    const response = await http.send(raw);
    expect(response.status).toBe(400);
    expect(JSON.parse(response.text).error.errors).toEqual([{ field: `"${'k'.repeat(40)}\u2026"`, message: 'unknown member' }]);
    expect(response.text.length).toBeLessThan(1000);
    expect(violations({ operation: 'self-test', caller: clientA, trackingId: 'long-member', raw }, response, rules)).toEqual([]);
    // An unknown query parameter's name, the same way; a long path of short names stays whole.
    const query = { method: 'GET', path: `/api/v1/customers/1000001/tickets?${'q'.repeat(2_000)}=1`, headers: { ...clientA.headers, 'Request-Tracking-Id': 'long-parameter' } };
    const refused = await http.send(query);
    expect(refused.status).toBe(400);
    expect(JSON.parse(refused.text).error.errors.map((error: { field: string }) => error.field)).toEqual([`"${'q'.repeat(40)}\u2026"`]);
    expect(violations({ operation: 'self-test', caller: clientA, trackingId: 'long-parameter', raw: query }, refused, rules)).toEqual([]);
  });

  it('sees a long input in any member or header of a problem: instance, errors[].field, a header', async () => {
    const [clientA] = world.callers;
    const path = `/api/v1/customers/1000001/${'z'.repeat(60)}`;
    const raw = { method: 'GET', path, headers: { ...clientA.headers, 'Request-Tracking-Id': 'members' } };
    const request: FuzzRequest = { operation: 'self-test', caller: clientA, trackingId: 'members', raw };
    const response = await http.send(raw);
    expect(response.status).toBe(404);
    expect(violations(request, response, rules)).toEqual([]);
    const problem = JSON.parse(response.text);
    const reflecting = [
      { ...response, text: JSON.stringify({ ...problem, instance: path }) },
      { ...response, text: JSON.stringify({ ...problem, error: { ...problem.error, errors: [{ field: path, message: 'x' }] } }) },
      { ...response, headers: { ...response.headers, 'x-echo': path } },
    ];
    for (const reflected of reflecting) {
      expect(violations(request, reflected, rules)).toEqual([expect.stringMatching(/^a problem that reflects more than 40 characters of the request/)]);
    }
  });

  it(`keeps every promise of the edge over ${REQUESTS} requests at every documented route (seed ${SEED})`, async () => {
    const statuses = new Map(world.operations.map((o) => [`${o.method} ${o.path}`, [] as number[]]));
    const batch = fc.array(fuzzRequest(world), { minLength: CONCURRENCY, maxLength: CONCURRENCY });
    const property = fc.asyncProperty(batch, async (requests) => {
      const responses = await Promise.all(requests.map((request) => sendForCheck(http, request)));
      const failures = requests.flatMap((request, i) => {
        statuses.get(request.operation)?.push(responses[i].status);
        const found = violations(request, responses[i], rules);
        return found.length === 0 ? [] : [describeFailure(request, responses[i], found)];
      });
      if (failures.length > 0) throw new Error(failures.join('\n\n'));
    });
    await fc.assert(property, { seed: SEED, numRuns: Math.ceil(REQUESTS / CONCURRENCY), endOnFailure: true });

    const all = [...statuses.values()].flat();
    expect(all.length).toBeGreaterThanOrEqual(REQUESTS);
    // Not vacuous: every route was tried many times, and many requests got through to a handler, not only refused.
    const enough = Math.max(1, Math.floor((0.4 * REQUESTS) / statuses.size) - 10);
    expect([...statuses].filter(([, answered]) => answered.length < enough).map(([operation]) => operation)).toEqual([]);
    expect(all.filter((status) => status < 300).length).toBeGreaterThan(0.1 * all.length);
    // A customer's language (CONTRACT §11): set, and refused with 422 when not offered.
    expect(statuses.get('PUT /api/v1/customers/{customerId}/language')).toEqual(expect.arrayContaining([200, 422]));
  }, Math.max(900_000, REQUESTS * 300));
});

/** The two clients, and callers that must see nothing: no token, a forged token, the other client's ClientId. */
function fuzzWorld(document: OpenApiDocument, a: TestClient, b: TestClient): FuzzWorld {
  const credentials = (token: string, clientId: string) => ({ Authorization: `Bearer ${token}`, ClientId: clientId });
  const callers: Caller[] = [
    { name: 'client A', granted: GRANTS.A, headers: credentials(a.token, a.clientId) },
    { name: 'client B', granted: GRANTS.B, headers: credentials(b.token, b.clientId) },
    { name: 'no credentials', granted: [], headers: {} },
    { name: 'forged token', granted: [], headers: credentials(tampered(a.token), a.clientId) },
    { name: 'A\u2019s token with B\u2019s ClientId', granted: [], headers: credentials(a.token, b.clientId) },
  ];
  const recordIds = new Map(
    fixture.customers.map((customer) => {
      const collections = Object.entries(customer).filter(([, records]) => Array.isArray(records) && records.some((r) => r?.id !== undefined));
      return [customer.id, new Map(collections.map(([name, records]) => [name, (records as Array<{ id: string }>).map((r) => r.id)]))];
    }),
  );
  return { operations: documentedOperations(document), callers, customerIds: [...fixture.customers.map((c) => c.id), ...MISSING_CUSTOMERS], recordIds };
}

function checkRules(document: OpenApiDocument, callers: Caller[]): CheckRules {
  const values = new Map(fixture.customers.map((customer) => [customer.id, leaves(customer)]));
  // Text every customer may be shown (the API's own document, the shared holiday calendar) marks nobody.
  const markers = customerMarkers(values, JSON.stringify(document) + JSON.stringify(fixture.holidays));
  const forbidden = (caller: Caller): string[] => [...markers].filter(([id]) => !caller.granted.includes(id)).flatMap(([, texts]) => texts);
  // Token introspection (RFC 7662) answers a client it cannot authenticate as the token endpoint does (RFC 6749 §5.2).
  const oauthUrls = [...tokenUrls(document), ROUTES.introspectToken.path];
  return { forbiddenMarkers: new Map(callers.map((caller) => [caller.name, markerSet(forbidden(caller))])), tokenUrls: oauthUrls };
}

/** The response, or a response-like record of a failed exchange (a dropped connection is a failure too). */
async function sendForCheck(http: RawHttpClient, request: FuzzRequest): Promise<RawResponse> {
  try {
    return await http.send(request.raw);
  } catch (error) {
    return { status: 599, headers: {}, text: `no response: ${(error as Error).message}` };
  }
}

function describeFailure(request: FuzzRequest, response: RawResponse, found: string[]): string {
  const { method, path, headers, body } = request.raw;
  return [
    `${found.join('; ')} (seed ${SEED}; PROPERTY_SEED=${SEED} reproduces)`,
    `  request: ${request.caller.name}: ${method} ${path} (${request.operation})`,
    `  headers: ${JSON.stringify(headers)}`,
    body === undefined ? '' : `  body: ${body.slice(0, 300)}`,
    `  response: ${response.status} ${JSON.stringify(response.headers['content-type'])} ${response.text.slice(0, 500)}`,
  ]
    .filter((line) => line !== '')
    .join('\n');
}
