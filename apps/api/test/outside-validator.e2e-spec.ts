import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { signTextInbound } from '@curbside/contract';
import { UnsubscribeTokens } from '@curbside/notifications';
import { freePort, testDatabases } from '@curbside/testing';
import request, { type Response } from 'supertest';
import { documentedGets, startTestApp, TestApp, type TestClient } from './support';
import { pathSamplesOf, type WireRecord } from './support/fixtures';

/*
 * The OpenAPI document held to the server by a validator that is not ours: Stoplight Prism's validating
 * proxy (`prism proxy`, @stoplight/prism-cli) stands between these requests and the API and reports, in
 * the `sl-violations` header of each answer, every way the request or the response differs from the
 * document. A violation fails the suite when it is about a JSON body (Prism reads no XML) or about a
 * request the server accepted: what the server takes, the document must allow, and what it answers, the
 * document must describe. Requests the server refuses may well break the document: that is why they are refused.
 * What is checked is the document, not the store, so one database (SQLite) is enough. The proxy parses and
 * writes bodies again, so what is refused in the bytes themselves (a charset, invalid UTF-8, a member named twice)
 * is tested directly, in every write suite (support/writes.ts).
 */

const PRISM_CLI = require.resolve('@stoplight/prism-cli/dist/index.js');
const NOW = new Date('2026-11-30T15:00:00.000Z');
const CUSTOMERS = ['1000001', '1000002', '2000001'];
const sqlite = testDatabases()[0];
const TEXT_AUTH_TOKEN = 'twilio-auth-token-of-the-test';
const PUBLIC_BASE_URL = 'https://notices.prairie.example';

interface Violation {
  location: string[];
  severity: string;
  code: string | number;
  message: string;
}

/** One request through the proxy, what the server answered, and what Prism found wrong with either. */
interface Exchange {
  label: string;
  method: string;
  path: string;
  status: number;
  contentType: string;
  violations: Violation[];
}

const isJson = (contentType: string): boolean => /^application\/(problem\+)?json\b/.test(contentType);

/** The violations that fail the suite: any of a request the server accepted, any of a JSON response. */
function failing(exchange: Exchange): Violation[] {
  return exchange.violations.filter((violation) =>
    violation.location[0] === 'request' ? exchange.status < 400 : isJson(exchange.contentType),
  );
}

/** `prism proxy` on a free port in front of `upstream`, with the document the API serves. */
async function startPrism(document: WireRecord, upstream: string): Promise<{ url: string; close(): Promise<void> }> {
  const folder = mkdtempSync(join(tmpdir(), 'curbside-prism-'));
  const file = join(folder, 'openapi.json');
  writeFileSync(file, JSON.stringify(document));
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, [PRISM_CLI, 'proxy', file, upstream, '--port', String(port), '--host', '127.0.0.1', '--verboseLevel', 'error'], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const close = async (): Promise<void> => {
    await stop(child);
    rmSync(folder, { recursive: true, force: true });
  };
  try {
    await untilAnswering(url, child, () => output);
  } catch (error) {
    await close();
    throw error;
  }
  return { url, close };
}

async function untilAnswering(url: string, child: ChildProcess, output: () => string): Promise<void> {
  const deadline = Date.now() + 40_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`prism exited with ${child.exitCode}:\n${output()}`);
    if (await fetch(`${url}/health/live`).then(() => true, () => false)) return;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`prism did not start within 40 s:\n${output()}`);
}

function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });
}

describe("the OpenAPI document, checked by Prism's validating proxy", () => {
  let t: TestApp;
  let prism: { url: string; close(): Promise<void> };
  let narrow: TestClient;
  let document: WireRecord;
  const exchanges: Exchange[] = [];

  beforeAll(async () => {
    t = await startTestApp(sqlite, { fixture: true, now: NOW, env: { TEXT_PROVIDER_AUTH_TOKEN: TEXT_AUTH_TOKEN, PUBLIC_BASE_URL } });
    narrow = await t.registerClient(['1000001']);
    document = (await t.http().get('/docs/openapi.json').expect(200)).body;
    prism = await startPrism(document, t.url);
  }, 60_000);
  afterAll(async () => {
    if (process.env.PRISM_COUNTS) {
      const all = exchanges.flatMap((e) => e.violations.map((v) => `${e.label} ${v.location.join('.')} ${v.message}`));
      process.stderr.write(`requests ${exchanges.length}, violations ${all.length}, failing ${exchanges.flatMap(failing).length}\n${all.join('\n')}\n`);
    }
    await prism?.close();
    await t?.close();
  });

  type Method = 'get' | 'put' | 'post';
  interface Options {
    client?: TestClient | null;
    headers?: Record<string, string>;
    body?: string | object;
  }

  /** Sends one request through the proxy as `client` (the suite's by default; null: no credentials) and records it. */
  async function send(label: string, method: Method, path: string, options: Options = {}): Promise<Response> {
    const client = options.client === undefined ? t.client : options.client;
    let test = request(prism.url)[method](path).set('Request-Tracking-Id', `prism-${exchanges.length}`);
    if (client !== null) test = test.set('Authorization', `Bearer ${client.token}`).set('ClientId', client.clientId);
    test = test.set(options.headers ?? {});
    const response = await (options.body === undefined ? test : test.send(options.body));
    const header = response.headers['sl-violations'];
    const violations = typeof header === 'string' ? (JSON.parse(header) as Violation[]) : [];
    exchanges.push({
      label: `${label}: ${method.toUpperCase()} ${path} -> ${response.status}`,
      method: method.toUpperCase(),
      path: path.split('?')[0],
      status: response.status,
      contentType: response.headers['content-type'] ?? '',
      violations,
    });
    return response;
  }

  /** What the exchanges since `from` reported that fails the suite, one line each. */
  const failuresSince = (from: number): string[] =>
    exchanges.slice(from).flatMap((exchange) => failing(exchange).map((v) => `${exchange.label}: ${v.location.join('.')}: ${v.message}`));

  async function expectNoViolation(traffic: () => Promise<unknown>): Promise<void> {
    const from = exchanges.length;
    await traffic();
    expect(failuresSince(from)).toEqual([]);
  }

  it.each(CUSTOMERS)('every documented GET of customer %s, in JSON', (customerId) =>
    expectNoViolation(async () => {
      for (const route of documentedGets(document, pathSamplesOf(customerId))) {
        const response = await send('JSON', 'get', route.path);
        expect(response.status).toBe(200);
      }
    }),
  );

  it('every documented GET in XML, and the calendar feed', () =>
    expectNoViolation(async () => {
      for (const route of documentedGets(document, pathSamplesOf('1000001'))) {
        expect((await send('XML', 'get', route.path, { headers: { Accept: 'application/xml' } })).status).toBe(200);
      }
      const link = await send('calendar link', 'get', '/api/v1/customers/1000001/services/calendar');
      const feed = new URL(link.body.calendar_url as string);
      expect((await send('calendar feed', 'get', feed.pathname, { client: null })).status).toBe(200);
      expect((await send('probe', 'get', '/health/live', { client: null })).status).toBe(200);
      expect((await send('probe', 'get', '/health/ready', { client: null })).status).toBe(200);
    }),
  );

  it('a token, with the credentials in a form, in JSON and as HTTP Basic', () =>
    expectNoViolation(async () => {
      const { clientId, clientSecret } = t.client;
      const form = `grant_type=client_credentials&client_id=${encodeURIComponent(clientId)}&client_secret=${encodeURIComponent(clientSecret)}`;
      const formType = { 'Content-Type': 'application/x-www-form-urlencoded' };
      const issued = await send('form', 'post', '/oauth/token', { client: null, headers: formType, body: form });
      expect(issued.status).toBe(200);
      const json = { grant_type: 'client_credentials', client_id: clientId, client_secret: clientSecret };
      expect((await send('JSON', 'post', '/oauth/token', { client: null, body: json })).status).toBe(200);
      const basic = `Basic ${Buffer.from(`${encodeURIComponent(clientId)}:${encodeURIComponent(clientSecret)}`).toString('base64')}`;
      const basicHeaders = { ...formType, Authorization: basic };
      expect((await send('Basic', 'post', '/oauth/token', { client: null, headers: basicHeaders, body: 'grant_type=client_credentials' })).status).toBe(200);
      expect((await send('wrong secret', 'post', '/oauth/token', { client: null, body: { ...json, client_secret: 'wrong' } })).status).toBe(401);
      expect((await send('no grant', 'post', '/oauth/token', { client: null, body: { client_id: clientId } })).status).toBe(400);
      // Token introspection (RFC 7662), by the same client credentials: an active token, an unknown one, a wrong secret.
      const asking = `client_id=${encodeURIComponent(clientId)}&client_secret=${encodeURIComponent(clientSecret)}`;
      const introspect = (what: string, token: string, credentials = asking) =>
        send(what, 'post', '/oauth/introspect', { client: null, headers: formType, body: `token=${encodeURIComponent(token)}&${credentials}` });
      const active = await introspect('introspect', issued.body.access_token as string);
      expect([active.status, active.body.active]).toEqual([200, true]);
      const inactive = await introspect('introspect an unknown token', 'not-a-token');
      expect([inactive.status, inactive.body.active]).toEqual([200, false]);
      expect((await introspect('introspect, wrong secret', 'not-a-token', `client_id=${encodeURIComponent(clientId)}&client_secret=wrong`)).status).toBe(401);
    }),
  );

  const missed = (service_id: string, date: string, more: WireRecord = {}) => ({ type: 'MISSED_PICKUP', service_id, date, ...more });
  const extra = (service_id: string, date: string) => ({ type: 'EXTRA_PICKUP', service_id, date });

  it('service requests: created, refused by a rule, a conflict, a replay, and bodies the server refuses', () =>
    expectNoViolation(async () => {
      const requests = '/api/v1/customers/1000001/service-requests';
      const created = await send('201', 'post', requests, { body: missed('10001', '2026-11-30', { comments: 'Cart was out at 6', requested_by: 'Maria' }) });
      expect(created.status).toBe(201);
      expect((await send('201 in XML', 'post', requests, { body: missed('10001', '2026-11-27'), headers: { Accept: 'application/xml' } })).status).toBe(201);
      const keyed = { body: extra('10001', '2026-12-03'), headers: { 'Idempotency-Key': 'prism-1' } };
      expect((await send('201 with a key', 'post', requests, keyed)).status).toBe(201);
      expect((await send('replayed', 'post', requests, keyed)).status).toBe(201);
      expect((await send('key reused', 'post', requests, { ...keyed, body: extra('10001', '2026-12-07') })).status).toBe(422);
      expect((await send('409', 'post', requests, { body: missed('10001', '2026-11-30') })).status).toBe(409);
      expect((await send('422 unknown service', 'post', requests, { body: missed("30001' OR '1'='1", '2026-11-30') })).status).toBe(422);
      expect((await send('422 not scheduled', 'post', requests, { body: missed('10001', '2026-11-25') })).status).toBe(422);
      expect((await send('422 out of window', 'post', requests, { body: missed('10001', '2026-11-23') })).status).toBe(422);
      expect((await send('400 bad date', 'post', requests, { body: missed('10001', '2026-13-45') })).status).toBe(400);
      expect((await send('400 unknown member', 'post', requests, { body: missed('10001', '2026-11-30', { priority: 'high' }) })).status).toBe(400);
      expect((await send('400 long comments', 'post', requests, { body: missed('10001', '2026-11-30', { comments: 'x'.repeat(50_000) }) })).status).toBe(400);
    }),
  );

  it('both PUTs: accepted, and refused', () =>
    expectNoViolation(async () => {
      const contacts = '/api/v1/customers/1000002/contacts';
      const contactBody = { contacts: [{ type: 'billing', name: 'Amélie Tremblay', mobile_phone: '+1 (416) 555-0100', email: 'amelie@example.ca' }] };
      expect((await send('PUT contacts', 'put', contacts, { body: contactBody })).status).toBe(200);
      expect((await send('PUT contacts in XML', 'put', contacts, { body: contactBody, headers: { Accept: 'application/xml' } })).status).toBe(200);
      expect((await send('PUT contacts, bad email', 'put', contacts, { body: { contacts: [{ type: 'billing', email: 'nope' }] } })).status).toBe(400);
      expect((await send('PUT contacts, stale If-Match', 'put', contacts, { body: contactBody, headers: { 'If-Match': '"stale"' } })).status).toBe(412);
      const preferences = '/api/v1/customers/1000002/communication-preferences';
      const selection = { value: '416-555-0100', type: 'SMOBILE', is_opt_in: 'Y' };
      const preferenceBody = { preferences: [{ category: 'Service Notification', channels: [{ name: 'Text', selections: [selection] }] }], audit_info: { modified_by: 'csr-17' } };
      expect((await send('PUT preferences', 'put', preferences, { body: preferenceBody })).status).toBe(200);
      expect((await send('PUT preferences, unknown member', 'put', preferences, { body: { ...preferenceBody, extra: 'x' } })).status).toBe(400);
    }),
  );

  it('PUT language (CONTRACT \u00a711): accepted, cleared, and refused', () =>
    expectNoViolation(async () => {
      const language = '/api/v1/customers/1000002/language';
      expect((await send('PUT language', 'put', language, { body: { language: 'EN' } })).status).toBe(200);
      expect((await send('PUT language in XML', 'put', language, { body: { language: 'null' }, headers: { Accept: 'application/xml' } })).status).toBe(200);
      expect((await send('PUT language, not offered', 'put', language, { body: { language: 'es' } })).status).toBe(422);
      expect((await send('PUT language, unknown member', 'put', language, { body: { language: 'en', extra: 'x' } })).status).toBe(400);
      expect((await send('PUT language, stale If-Match', 'put', language, { body: { language: 'en' }, headers: { 'If-Match': '"stale"' } })).status).toBe(412);
    }),
  );

  it('the errors of every kind: 400, 401, 403, 404, 406, 415', () =>
    expectNoViolation(async () => {
      const tickets = '/api/v1/customers/1000001/tickets';
      for (const query of ['fromDate=2026-13-45', 'toDate=yesterday', 'fromDate=2026-12-01&toDate=2026-01-01', 'limit=0', 'ticket_type=landfill']) {
        expect((await send('400', 'get', `${tickets}?${query}`)).status).toBe(400);
      }
      const stats = '/api/v1/customers/1000001/services/stats';
      for (const days of ['0', '999', 'ten']) expect((await send('400', 'get', `${stats}?numberOfdays=${days}`)).status).toBe(400);
      expect((await send('400 ETA without requestDate', 'get', '/api/v1/customers/1000001/services/10001/ETA')).status).toBe(400);
      expect((await send('400 customer id', 'get', '/api/v1/customers/abc/tickets')).status).toBe(400);
      expect((await send('401', 'get', tickets, { client: null })).status).toBe(401);
      expect((await send('403', 'get', '/api/v1/customers/1000002/tickets', { client: narrow })).status).toBe(403);
      expect((await send('404 customer', 'get', '/api/v1/customers/9999999/tickets')).status).toBe(404);
      expect((await send('404 ticket', 'get', `${tickets}/999999999`)).status).toBe(404);
      expect((await send('406', 'get', tickets, { headers: { Accept: 'text/csv' } })).status).toBe(406);
      expect((await send('415', 'put', '/api/v1/customers/1000001/contacts', { headers: { 'Content-Type': 'text/plain' }, body: 'x' })).status).toBe(415);
    }),
  );

  it('the residents\u2019 doors (CONTRACT \u00a710): an unsubscribe page, its one click, a bad link; an inbound text, signed and not', () =>
    expectNoViolation(async () => {
      const token = await t.app.get(UnsubscribeTokens).issue({ customerId: '1000001', category: 'Service Notification', address: 'resident@example.com' });
      const form = { 'Content-Type': 'application/x-www-form-urlencoded' };
      expect((await send('page', 'get', `/unsubscribe/${token}`, { client: null })).status).toBe(200);
      expect((await send('one click', 'post', `/unsubscribe/${token}`, { client: null, headers: form, body: 'List-Unsubscribe=One-Click' })).status).toBe(200);
      expect((await send('bad link', 'get', `/unsubscribe/${token.slice(0, -3)}`, { client: null })).status).toBe(404);
      const members = { From: '+15550100150', To: '+15550009999', Body: 'STOP', MessageSid: 'SM0123' };
      const body = new URLSearchParams(members).toString();
      const signed = { ...form, 'X-Twilio-Signature': signTextInbound(`${PUBLIC_BASE_URL}/webhooks/text-inbound`, members, TEXT_AUTH_TOKEN) };
      expect((await send('inbound text', 'post', '/webhooks/text-inbound', { client: null, headers: signed, body })).status).toBe(200);
      expect((await send('unsigned text', 'post', '/webhooks/text-inbound', { client: null, headers: { ...form, 'X-Twilio-Signature': 'forged' }, body })).status).toBe(403);
    }),
  );

  it('saw every documented operation', () => {
    const operations = Object.entries(document.paths as WireRecord).flatMap(([template, item]) =>
      Object.keys(item as WireRecord).map((method) => `${method.toUpperCase()} ${template}`),
    );
    const seen = (operation: string): boolean => {
      const [method, template] = operation.split(' ');
      const pattern = new RegExp(`^${template.replace(/\{\w+\}/g, '[^/]+')}$`);
      return exchanges.some((exchange) => exchange.method === method && pattern.test(exchange.path));
    };
    expect(operations.filter((operation) => !seen(operation))).toEqual([]);
  });
});
