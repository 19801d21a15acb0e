import { ROUTES } from '@curbside/contract';
import path from 'node:path';
import { Document, Spectral } from '@stoplight/spectral-core';
import { Json } from '@stoplight/spectral-parsers';
import { testDatabases } from '@curbside/testing';
import { startTestApp, TestApp } from './support';
import { fixtureCustomer, loadFixture, WireRecord } from './support/fixtures';

type Schema = WireRecord;

/** Every operation of the interface, with a request whose response must match what the document says. */
const household = fixtureCustomer('1000001');
const services = '/api/v1/customers/{customerId}/services';
const householdServices = '/api/v1/customers/1000001/services';
const OPERATIONS: Array<{ op: number | string; method: 'get' | 'put'; path: string; request: string; dateFilter: boolean; calendar?: boolean }> = [
  { op: 1, method: 'get', path: '/api/v1/customers/{customerId}/tickets', request: '/api/v1/customers/1000001/tickets', dateFilter: true },
  { op: 2, method: 'get', path: '/api/v1/customers/{customerId}/tickets/{ticketId}', request: `/api/v1/customers/1000001/tickets/${household.tickets[0].id}`, dateFilter: false },
  { op: 3, method: 'get', path: '/api/v1/customers/{customerId}/tickets', request: '/api/v1/customers/1000001/tickets?ticket_type=disposal', dateFilter: true },
  { op: 4, method: 'get', path: '/api/v1/customers/{customerId}/tickets/{ticketId}', request: `/api/v1/customers/1000001/tickets/${household.disposal_tickets[0].id}?ticket_type=disposal`, dateFilter: false },
  { op: 5, method: 'get', path: '/api/v2/customers/{customerId}/invoices', request: '/api/v2/customers/1000001/invoices', dateFilter: true },
  { op: 6, method: 'get', path: '/api/v1/customers/{customerId}/invoices/{invoiceId}', request: `/api/v1/customers/1000001/invoices/${household.invoices[1].id}`, dateFilter: false },
  { op: 7, method: 'get', path: '/api/v1/customers/{customerId}/cases', request: '/api/v1/customers/1000001/cases', dateFilter: true },
  { op: 8, method: 'get', path: '/api/v1/customers/{customerId}/contacts', request: '/api/v1/customers/1000001/contacts', dateFilter: false },
  { op: 9, method: 'get', path: '/api/v1/customers/{customerId}/communication-preferences', request: '/api/v1/customers/1000001/communication-preferences', dateFilter: false },
  { op: 10, method: 'put', path: '/api/v1/customers/{customerId}/communication-preferences', request: '', dateFilter: false },
  { op: 11, method: 'get', path: '/api/v1/customers/{customerId}/services/prices/invoice-fees', request: '/api/v1/customers/1000001/services/prices/invoice-fees', dateFilter: false },
  { op: 12, method: 'get', path: '/api/v1/customers/{customerId}/services/prices', request: '/api/v1/customers/1000001/services/prices', dateFilter: false },
  { op: 13, method: 'get', path: '/api/v1/customers/{customerId}/services/materials', request: '/api/v1/customers/1000001/services/materials', dateFilter: false },
  { op: 'services', method: 'get', path: services, request: `${householdServices}?line_of_business=RESIDENTIAL`, dateFilter: false },
  { op: 'services/plan', method: 'get', path: `${services}/plan`, request: `${householdServices}/plan`, dateFilter: false },
  { op: 'services/stats', method: 'get', path: `${services}/stats`, request: `${householdServices}/stats?summary=Y`, dateFilter: false },
  { op: 'services/next-pickup', method: 'get', path: `${services}/next-pickup`, request: `${householdServices}/next-pickup`, dateFilter: false, calendar: true },
  { op: 'services/operations', method: 'get', path: `${services}/operations`, request: `${householdServices}/operations`, dateFilter: false },
  { op: 'services/ETA', method: 'get', path: `${services}/{serviceId}/ETA`, request: `${householdServices}/${household.services[0].id}/ETA?requestDate=2026-06-15`, dateFilter: false },
  { op: 'services/calendar', method: 'get', path: `${services}/calendar`, request: `${householdServices}/calendar`, dateFilter: false },
  { op: 14, method: 'get', path: '/api/v1/customers/{customerId}/activities/email', request: '/api/v1/customers/1000001/activities/email', dateFilter: true },
  { op: 15, method: 'get', path: '/api/v1/customers/{customerId}/activities/issues', request: '/api/v1/customers/1000001/activities/issues', dateFilter: true },
  // The published operations beyond the spec's fifteen (CONTRACT §6).
  { op: 'contacts/billing', method: 'get', path: '/api/v1/customers/{customerId}/contacts/billing', request: '/api/v1/customers/1000001/contacts/billing', dateFilter: false },
  { op: 'contacts/service', method: 'get', path: '/api/v1/customers/{customerId}/contacts/service', request: '/api/v1/customers/1000001/contacts/service', dateFilter: false },
  { op: 'contacts/services', method: 'get', path: '/api/v1/customers/{customerId}/contacts/services', request: '/api/v1/customers/1000001/contacts/services', dateFilter: false },
  { op: 'PUT contacts', method: 'put', path: '/api/v1/customers/{customerId}/contacts', request: '', dateFilter: false },
  { op: 'activities/notes', method: 'get', path: '/api/v1/customers/{customerId}/activities/notes', request: '/api/v1/customers/1000001/activities/notes', dateFilter: true },
  { op: 'cases/{caseId}', method: 'get', path: '/api/v1/customers/{customerId}/cases/{caseId}', request: `/api/v1/customers/1000001/cases/${household.cases[0].case_id}`, dateFilter: false },
  { op: 'profiles', method: 'get', path: '/api/v1/customers/{customerId}/profiles', request: '/api/v1/customers/1000001/profiles', dateFilter: false },
  { op: 'balance', method: 'get', path: '/api/v1/customers/{customerId}/balance', request: '/api/v1/customers/1000001/balance', dateFilter: false },
  { op: 'v1 invoices', method: 'get', path: '/api/v1/customers/{customerId}/invoices', request: '/api/v1/customers/1000001/invoices', dateFilter: true },
  // A customer's language (CONTRACT §11).
  { op: 'language', method: 'get', path: '/api/v1/customers/{customerId}/language', request: '/api/v1/customers/1000001/language', dateFilter: false },
  { op: 'PUT language', method: 'put', path: '/api/v1/customers/{customerId}/language', request: '', dateFilter: false },
  ...(['materials', 'surcharges', 'prices', 'price'] as const).map((view) => ({
    op: `tickets/{ticketId}/${view}`,
    method: 'get' as const,
    path: `/api/v1/customers/{customerId}/tickets/{ticketId}/${view}`,
    request: `/api/v1/customers/1000001/tickets/${household.disposal_tickets[0].id}/${view}?ticket_type=disposal`,
    dateFilter: false,
  })),
];

/** Problems with `value` against a documented wire schema: missing, undocumented or mistyped members. */
function mismatches(schema: Schema, value: unknown, path = '$'): string[] {
  if (schema.anyOf) {
    const each = (schema.anyOf as Schema[]).map((option) => mismatches(option, value, path));
    return each.some((problems) => problems.length === 0) ? [] : each.flat();
  }
  if (schema.type === 'string') return typeof value === 'string' ? [] : [`${path} is not a string`];
  if (schema.type === 'array') {
    return Array.isArray(value) ? value.flatMap((item, i) => mismatches(schema.items, item, `${path}[${i}]`)) : [`${path} is not an array`];
  }
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return [`${path} is not an object`];
  const record = value as Record<string, unknown>;
  const missing = (schema.required ?? []).filter((name: string) => !(name in record)).map((name: string) => `${path}.${name} is missing`);
  const extra = Object.keys(record).filter((name) => !(name in schema.properties)).map((name) => `${path}.${name} is not documented`);
  const nested = Object.keys(record)
    .filter((name) => name in schema.properties)
    .flatMap((name) => mismatches(schema.properties[name], record[name], `${path}.${name}`));
  return [...missing, ...extra, ...nested];
}

describe('the OpenAPI document', () => {
  let t: TestApp;
  let document: WireRecord;

  beforeAll(async () => {
    t = await startTestApp(testDatabases()[0], { customers: ['1000001'] });
    await loadFixture(t.app);
    document = (await t.http().get('/docs/openapi.json').expect(200)).body;
  });
  afterAll(() => t.close());

  it.each(OPERATIONS)('documents op $op ($method $path) in JSON and XML, with headers, security and errors', ({ method, path, dateFilter, calendar }) => {
    const operation = document.paths[path]?.[method];
    expect(operation).toBeDefined();
    const parameters = operation.parameters.map((p: WireRecord) => `${p.in}:${p.name}`);
    expect(parameters).toEqual(expect.arrayContaining(['path:customerId', 'header:Request-Tracking-Id', 'header:ClientId']));
    // Every dated operation is a list, and every list pages (CONTRACT §7).
    if (dateFilter) expect(parameters).toEqual(expect.arrayContaining(['query:fromDate', 'query:toDate', 'query:limit', 'query:cursor']));
    if (method === 'put') {
      expect(parameters).toContain('header:If-Match');
      expect(Object.keys(operation.responses['412'].content)).toEqual(['application/problem+json', 'application/problem+xml']);
    }
    expect(operation.security).toEqual(expect.arrayContaining([{ bearer: [], clientId: [] }]));

    const ok = operation.responses['200'].content;
    expect(Object.keys(ok)).toEqual(['application/json', 'application/xml', ...(calendar ? ['text/calendar'] : [])]);
    expect(ok['application/xml'].schema).toEqual(ok['application/json'].schema);
    for (const status of ['400', '401', '403', '404', '406', '429', '500']) {
      expect(Object.keys(operation.responses[status].content)).toEqual(['application/problem+json', 'application/problem+xml']);
    }
  });

  it.each(OPERATIONS.filter((o) => o.method === 'get'))('op $op: a real response matches its documented schema', async ({ method, path, request }) => {
    const schema = document.paths[path][method].responses['200'].content['application/json'].schema;
    const response = await t.api.get(request).expect(200);
    expect(mismatches(schema, response.body)).toEqual([]);
  });

  it('names the XML of every XML body: the root element (response or problem), and each array as its member repeated (CONTRACT §4)', () => {
    const resolve = (schema: Schema): Schema => (schema.$ref ? document.components.schemas[schema.$ref.split('/').pop()] : schema);
    const unwrappedArrays = (schema: Schema, where: string, seen = new Set<Schema>()): string[] => {
      const resolved = resolve(schema);
      if (resolved === undefined || seen.has(resolved)) return [];
      seen.add(resolved);
      const own = resolved.type === 'array' && resolved.xml?.wrapped !== false ? [where] : [];
      const children = [
        ...Object.entries((resolved.properties ?? {}) as Record<string, Schema>).map(([name, child]) => unwrappedArrays(child, `${where}.${name}`, seen)),
        ...(resolved.items ? [unwrappedArrays(resolved.items, `${where}[]`, seen)] : []),
        ...((resolved.anyOf ?? resolved.oneOf ?? []) as Schema[]).map((alternative, i) => unwrappedArrays(alternative, `${where}|${i}`, seen)),
      ];
      return [...own, ...children.flat()];
    };
    const problems: string[] = [];
    let bodies = 0;
    for (const [path, item] of Object.entries(document.paths as Record<string, Record<string, Schema>>)) {
      for (const [method, operation] of Object.entries(item)) {
        for (const [status, response] of Object.entries((operation.responses ?? {}) as Record<string, Schema>)) {
          for (const [type, media] of Object.entries((response.content ?? {}) as Record<string, Schema>)) {
            // TwiML (the inbound text's answer, CONTRACT \u00a710) is the provider's XML, with its own root: not the wire's.
            if (!type.endsWith('xml') || type === 'text/xml') continue;
            bodies++;
            const where = `${method} ${path} ${status} ${type}`;
            const roots = ((resolve(media.schema).anyOf ?? [media.schema]) as Schema[]).map((root) => resolve(root).xml?.name);
            const expected = type.startsWith('application/problem') ? 'problem' : 'response';
            if (roots.some((name) => name !== expected)) problems.push(`${where}: root ${roots.join('/')} is not ${expected}`);
            problems.push(...unwrappedArrays(media.schema, where).map((array) => `${array}: an array not marked wrapped: false`));
          }
        }
      }
    }
    expect(bodies).toBeGreaterThan(300);
    expect([...new Set(problems)]).toEqual([]);
  });

  it('documents the parameters and own errors of the services operations', () => {
    const parametersOf = (path: string) => document.paths[path].get.parameters.map((p: WireRecord) => `${p.in}:${p.name}${p.required ? '!' : ''}`);
    expect(parametersOf(services)).toContain('query:line_of_business');
    expect(parametersOf(`${services}/stats`)).toEqual(expect.arrayContaining(['query:numberOfdays', 'query:summary']));
    expect(parametersOf(`${services}/{serviceId}/ETA`)).toEqual(
      expect.arrayContaining(['path:serviceId!', 'query:requestDate!', 'query:ticketNumber']),
    );
    for (const path of [services, `${services}/stats`, `${services}/{serviceId}/ETA`]) {
      expect(document.paths[path].get.responses['400'].description).not.toMatch(/^Malformed request/);
    }
    expect(document.paths[`${services}/next-pickup`].get.responses['200'].content['text/calendar'].example).toMatch(/^BEGIN:VCALENDAR/);
  });

  it('documents the calendar feed: no headers, an optional lang (CONTRACT \u00a711), text/calendar, 404 for a bad link', () => {
    const feed = document.paths['/feeds/calendar/{token}/pickups.ics'].get;
    expect(feed.parameters.map((p: WireRecord) => `${p.in}:${p.name}`)).toEqual(['path:token', 'query:lang']);
    expect(feed.security).toBeUndefined();
    expect(Object.keys(feed.responses['200'].content)).toEqual(['text/calendar']);
    expect(feed.responses['200'].content['text/calendar'].example).toMatch(/^BEGIN:VCALENDAR[\s\S]*BEGIN:VEVENT/);
    expect(Object.keys(feed.responses['404'].content)).toEqual(['application/problem+json', 'application/problem+xml']);
  });

  it('documents the residents\u2019 doors (CONTRACT \u00a710): no credentials, HTML pages, an empty TwiML answer, their problems', () => {
    const show = document.paths['/unsubscribe/{token}'].get;
    const unsubscribe = document.paths['/unsubscribe/{token}'].post;
    const inbound = document.paths['/webhooks/text-inbound'].post;
    for (const operation of [show, unsubscribe, inbound]) expect(operation.security).toBeUndefined();
    expect(Object.keys(show.responses['200'].content)).toEqual(['text/html']);
    expect(Object.keys(unsubscribe.responses['200'].content)).toEqual(['text/html']);
    expect(Object.keys(unsubscribe.requestBody.content)).toEqual(['application/x-www-form-urlencoded', 'multipart/form-data']);
    expect(Object.keys(show.responses)).toEqual(expect.arrayContaining(['200', '404', '503']));
    expect(inbound.responses['200'].content['text/xml'].example).toBe('<?xml version="1.0" encoding="UTF-8"?><Response/>');
    expect(Object.keys(inbound.responses)).toEqual(expect.arrayContaining(['200', '403', '404']));
    expect(inbound.parameters).toContainEqual(expect.objectContaining({ in: 'header', name: 'X-Twilio-Signature', required: true }));
  });

  it('documents the body of op 10 and its own errors', () => {
    const operation = document.paths['/api/v1/customers/{customerId}/communication-preferences'].put;
    expect(operation.requestBody.content['application/json']).toBeDefined();
    expect(Object.keys(operation.responses)).toEqual(expect.arrayContaining(['200', '400', '413', '415']));
  });

  it('documents the body of PUT contacts and its own errors', () => {
    const operation = document.paths['/api/v1/customers/{customerId}/contacts'].put;
    expect(operation.requestBody.content['application/json'].schema.required).toEqual(['contacts']);
    expect(Object.keys(operation.responses)).toEqual(expect.arrayContaining(['200', '400', '413', '415']));
  });

  it('documents the body of PUT language and its own errors, 422 UNSUPPORTED_LANGUAGE among them (CONTRACT \u00a711)', () => {
    const operation = document.paths['/api/v1/customers/{customerId}/language'].put;
    expect(operation.requestBody.content['application/json'].schema.required).toEqual(['language']);
    expect(Object.keys(operation.responses)).toEqual(expect.arrayContaining(['200', '400', '412', '413', '415', '422']));
    expect(operation.responses['422'].description).toMatch(/^UNSUPPORTED_LANGUAGE/);
  });

  it('documents ticket_type as required on the disposal ticket views', () => {
    for (const view of ['materials', 'surcharges', 'prices', 'price']) {
      const parameters = document.paths[`/api/v1/customers/{customerId}/tickets/{ticketId}/${view}`].get.parameters;
      expect(parameters).toEqual(expect.arrayContaining([expect.objectContaining({ in: 'query', name: 'ticket_type', required: true })]));
    }
  });

  it('documents the v1 invoice list as deprecated, with its Deprecation and Link headers', () => {
    const operation = document.paths['/api/v1/customers/{customerId}/invoices'].get;
    expect(operation.deprecated).toBe(true);
    expect(Object.keys(operation.responses['200'].headers)).toEqual(['Deprecation', 'Link', 'ETag']);
  });

  it('documents the ETag of every GET under /api, If-None-Match and its 304', () => {
    const gets = Object.entries(document.paths as Record<string, WireRecord>).filter(([path, item]) => path.startsWith('/api/') && item.get);
    expect(gets.length).toBeGreaterThan(30);
    for (const [, { get }] of gets) {
      expect(get.responses['200'].headers.ETag.required).toBe(true);
      expect(Object.keys(get.responses['304'].headers)).toEqual(['ETag']);
      expect(get.parameters).toContainEqual(expect.objectContaining({ in: 'header', name: 'If-None-Match', required: false }));
    }
  });

  it('passes the Spectral ruleset (tools/openapi/.spectral.js) with no warning', async () => {
    const { default: ruleset } = await import(path.resolve(__dirname, '../../../tools/openapi/.spectral.js'));
    const spectral = new Spectral();
    spectral.setRuleset(ruleset);
    const findings = await spectral.run(new Document(JSON.stringify(document), Json, 'openapi.json'));
    expect(findings.map((f) => `${f.code} at ${f.path.join('.')}: ${f.message}`)).toEqual([]);
  });

  it('lists exactly the operations of the contract\u2019s route table, by method, path and operation id', () => {
    const documented = Object.entries(document.paths as Record<string, WireRecord>).flatMap(([path, item]) =>
      Object.entries(item).map(([method, operation]) => `${method.toUpperCase()} ${path} ${operation.operationId}`),
    );
    const declared = Object.values(ROUTES).map((route) => `${route.method} ${route.path} ${route.operationId}`);
    expect(documented.sort()).toEqual(declared.sort());
  });

  it('documents each route\u2019s path and query parameters as the route table declares them', () => {
    for (const route of Object.values(ROUTES)) {
      const parameters = (document.paths[route.path][route.method.toLowerCase()].parameters ?? []) as WireRecord[];
      const named = (where: string) => parameters.filter((p) => p.in === where);
      expect({ route: route.operationId, path: named('path').map((p) => p.name).sort() }).toEqual({ route: route.operationId, path: [...route.pathParameters].sort() });
      expect({ route: route.operationId, query: named('query').map((p) => `${p.name}${p.required ? '!' : ''}`).sort() }).toEqual({
        route: route.operationId,
        query: route.queryParameters.map((p) => `${p.name}${p.required ? '!' : ''}`).sort(),
      });
    }
  });

  it('describes how to get a token', () => {
    expect(document.components.securitySchemes.oauth2.flows.clientCredentials.tokenUrl).toBe('/oauth/token');
    expect(document.paths['/oauth/token'].post).toBeDefined();
  });
});
