import { randomUUID } from 'node:crypto';
import { request as httpRequest } from 'node:http';
import { createServer, Server, Socket } from 'node:net';
import { ClientService } from '@curbside/auth';
import { loadConfig } from '@curbside/config';
import { describeWith, itWith, testDatabases, testServerUrl } from '@curbside/testing';
import request, { type Response } from 'supertest';
import { createApp } from '../src/app';
import { expectProblem, startTestApp, TestApp, TestClient } from './support';

const REDIS_URL = testServerUrl('Redis') ?? '';
const TICKETS = '/api/v1/customers/1000001/tickets';
const sqlite = testDatabases()[0];
/** A key prefix no other run shares, so counters start at zero. */
const uniquePrefix = (): string => `curbside-test:${randomUUID()}:`;

/** POST /oauth/token from a chosen loopback source address (127.0.0.0/8 all reach the app), optionally through a proxy that says whom it forwards. */
function tokenRequest(
  url: string,
  from: string,
  clientId: string,
  clientSecret: string,
  forwardedFor?: string,
): Promise<{ status: number; headers: Record<string, unknown>; body: Record<string, unknown> }> {
  const body = new URLSearchParams({ grant_type: 'client_credentials', client_id: clientId, client_secret: clientSecret }).toString();
  const headers = { 'Content-Type': 'application/x-www-form-urlencoded', ...(forwardedFor === undefined ? {} : { 'X-Forwarded-For': forwardedFor }) };
  return new Promise((resolve, reject) => {
    const request = httpRequest(`${url}/oauth/token`, { method: 'POST', agent: false, localAddress: from, headers }, (response) => {
      let text = '';
      response.on('data', (chunk) => (text += chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body: JSON.parse(text) }));
    });
    request.on('error', reject);
    request.end(body);
  });
}

function expectRateLimitHeaders(response: Response, limit: number): void {
  expect(response.headers['ratelimit-limit']).toBe(String(limit));
  expect(Number(response.headers['ratelimit-remaining'])).toBeGreaterThanOrEqual(0);
  expect(Number(response.headers['ratelimit-reset'])).toBeGreaterThanOrEqual(1);
  expect(Number(response.headers['ratelimit-reset'])).toBeLessThanOrEqual(60);
}

describeWith('Redis')('rate limits shared in Redis by two API instances', () => {
  const LIMIT = 10;
  const FAILURES = 3;
  const ADDRESS_FAILURES = 5;
  let a: TestApp;
  let b: TestApp;

  beforeAll(async () => {
    a = await startTestApp(sqlite, {
      customers: ['1000001'],
      fixture: true,
      env: {
        REDIS_URL,
        REDIS_KEY_PREFIX: uniquePrefix(),
        RATE_LIMIT_PER_MINUTE: String(LIMIT),
        TOKEN_FAILURES_PER_15_MIN: String(FAILURES),
        TOKEN_FAILURES_PER_ADDRESS_PER_15_MIN: String(ADDRESS_FAILURES),
      },
    });
    b = await a.startPeer();
  });
  afterAll(async () => {
    await b?.close();
    await a?.close();
  });

  it('lets exactly the limit through across both, the rest 429 with Retry-After and the RateLimit headers', async () => {
    const responses: Response[] = [];
    for (let i = 0; i < 16; i++) responses.push(await (i % 2 === 0 ? a : b).api.get(TICKETS));
    const passed = responses.filter((response) => response.status === 200);
    const refused = responses.filter((response) => response.status === 429);
    expect(passed).toHaveLength(LIMIT);
    expect(refused).toHaveLength(16 - LIMIT);
    expect(passed.map((response) => Number(response.headers['ratelimit-remaining']))).toEqual([9, 8, 7, 6, 5, 4, 3, 2, 1, 0]);
    for (const response of responses) expectRateLimitHeaders(response, LIMIT);
    for (const response of refused) {
      expectProblem(response, 429, 'TOO_MANY_REQUESTS');
      expect(response.headers['ratelimit-remaining']).toBe('0');
      expect(Number(response.headers['retry-after'])).toBeGreaterThanOrEqual(1);
      expect(Number(response.headers['retry-after'])).toBeLessThanOrEqual(60);
    }
  });

  it("counts a resident page's requests per address across both instances: 60 a minute, then the 429 page (CONTRACT §12)", async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 64; i++) statuses.push((await request((i % 2 === 0 ? a : b).url).get('/my').set('Accept-Language', 'en')).status);
    expect(statuses.filter((status) => status === 404)).toHaveLength(60);
    expect(statuses.slice(60)).toEqual([429, 429, 429, 429]);
  });

  it('counts each client on its own', async () => {
    const other = await a.registerClient(['1000001']);
    const response = await b.as(other).get(TICKETS).expect(200);
    expect(response.headers['ratelimit-remaining']).toBe(String(LIMIT - 1));
  });

  it('counts refusals after authentication (403) but answers unauthenticated requests 401 uncounted', async () => {
    const client = await a.registerClient(['1000002']);
    const forbidden = await a.as(client).get(TICKETS);
    expectProblem(forbidden, 403, 'CUSTOMER_NOT_GRANTED');
    expect(forbidden.headers['ratelimit-remaining']).toBe(String(LIMIT - 1));
    const anonymous = await a.api.get(TICKETS).unset('Authorization');
    expectProblem(anonymous, 401, 'MISSING_TOKEN');
    expect(anonymous.headers['ratelimit-limit']).toBeUndefined();
  });

  describe('failed token requests', () => {
    let authenticate: jest.SpyInstance;
    let clientA: TestClient;
    let clientB: TestClient;

    beforeAll(async () => {
      clientA = await a.registerClient('all');
      clientB = await a.registerClient('all');
      authenticate = jest.spyOn(a.app.get(ClientService), 'authenticate');
    });

    it('are limited per client id from one address, without hashing the secret once limited; the same client from elsewhere is not refused', async () => {
      for (const app of [a, b, a]) expect((await tokenRequest(app.url, '127.0.0.2', clientA.clientId, 'wrong')).status).toBe(401);
      const callsBefore = authenticate.mock.calls.length;
      for (const secret of ['wrong', clientA.clientSecret]) {
        const limited = await tokenRequest(b.url, '127.0.0.2', clientA.clientId, secret);
        expect(limited.status).toBe(429);
        expect(limited.body).toEqual({ error: 'temporarily_unavailable', error_description: expect.stringMatching(/try again in \d+ seconds/) });
        expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
        expect(Number(limited.headers['retry-after'])).toBeLessThanOrEqual(15 * 60);
      }
      expect(authenticate.mock.calls.length).toBe(callsBefore);
      // A stranger's failures from 127.0.0.2 lock no one out: the right secret from another address is taken, on either instance.
      expect((await tokenRequest(a.url, '127.0.0.3', clientA.clientId, clientA.clientSecret)).status).toBe(200);
      expect((await tokenRequest(b.url, '127.0.0.4', clientA.clientId, clientA.clientSecret)).status).toBe(200);
    });

    it('are limited per source address, whatever the client ids', async () => {
      for (let i = 0; i < ADDRESS_FAILURES; i++) {
        expect((await tokenRequest((i % 2 === 0 ? a : b).url, '127.0.0.7', `cs_unknown_${i}`, 'wrong')).status).toBe(401);
      }
      const limited = await tokenRequest(b.url, '127.0.0.7', clientB.clientId, clientB.clientSecret);
      expect(limited.status).toBe(429);
      expect(limited.body.error).toBe('temporarily_unavailable');
      expect((await tokenRequest(a.url, '127.0.0.8', clientB.clientId, clientB.clientSecret)).status).toBe(200);
    });

    it('count a request once it has failed: 32 correct logins in parallel all succeed, and leave nothing counted', async () => {
      const logins = Array.from({ length: 32 }, (_, i) => tokenRequest((i % 2 === 0 ? a : b).url, '127.0.0.10', clientB.clientId, clientB.clientSecret));
      expect((await Promise.all(logins)).map((response) => response.status)).toEqual(Array(32).fill(200));
      for (let i = 0; i < FAILURES; i++) expect((await tokenRequest(a.url, '127.0.0.10', clientB.clientId, 'wrong')).status).toBe(401);
      expect((await tokenRequest(b.url, '127.0.0.10', clientB.clientId, clientB.clientSecret)).status).toBe(429);
    });
  });
});

describe('rate limits in memory (no REDIS_URL)', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await startTestApp(sqlite, { customers: ['1000001'], fixture: true, env: { RATE_LIMIT_PER_MINUTE: '3', TOKEN_FAILURES_PER_15_MIN: '2' } });
  });
  afterAll(() => t.close());

  it('limits a client per minute', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++) statuses.push((await t.api.get(TICKETS)).status);
    expect(statuses).toEqual([200, 200, 200, 429, 429]);
  });

  it('limits failed token requests of a client id from one address, and no other address', async () => {
    const statuses: number[] = [];
    for (const secret of ['wrong', 'wrong', t.client.clientSecret]) {
      statuses.push((await tokenRequest(t.url, '127.0.0.9', t.client.clientId, secret)).status);
    }
    expect(statuses).toEqual([401, 401, 429]);
    expect((await tokenRequest(t.url, '127.0.0.19', t.client.clientId, t.client.clientSecret)).status).toBe(200);
  });

  it('never refuses a correct secret from a new address for another address\u2019s failures (22 wrong from one, as an attacker would)', async () => {
    const victim = await t.registerClient(['1000001']);
    const attempts: number[] = [];
    for (let i = 0; i < 22; i++) attempts.push((await tokenRequest(t.url, '127.0.0.30', victim.clientId, `wrong-${i}`)).status);
    expect(attempts).toEqual([401, 401, ...Array(20).fill(429)]);
    expect((await tokenRequest(t.url, '127.0.0.31', victim.clientId, victim.clientSecret)).status).toBe(200);
  });

  it('takes 32 correct logins in parallel: a request counts as a failure only once it has failed', async () => {
    const logins = Array.from({ length: 32 }, () => tokenRequest(t.url, '127.0.0.32', t.client.clientId, t.client.clientSecret));
    expect((await Promise.all(logins)).map((response) => response.status)).toEqual(Array(32).fill(200));
  });
});

describe('behind a load balancer (TRUST_PROXY)', () => {
  const PROXY = '127.0.0.20';
  let t: TestApp;

  beforeAll(async () => {
    t = await startTestApp(sqlite, { customers: ['1000001'], env: { TOKEN_FAILURES_PER_ADDRESS_PER_15_MIN: '2', TRUST_PROXY: PROXY } });
  });
  afterAll(() => t.close());

  const fail = (from: string, forwardedFor: string, i: number) => tokenRequest(t.url, from, `cs_unknown_${from}_${forwardedFor}_${i}`, 'wrong', forwardedFor);

  it('counts failed token requests per client address the trusted proxy forwards', async () => {
    const statuses = [];
    for (let i = 0; i < 3; i++) statuses.push((await fail(PROXY, '203.0.113.1', i)).status);
    expect(statuses).toEqual([401, 401, 429]);
    // Another client behind the same proxy has its own count.
    expect((await fail(PROXY, '203.0.113.2', 0)).status).toBe(401);
  });

  it('ignores X-Forwarded-For from anyone else: a spoofed header does not escape the limit', async () => {
    const statuses = [];
    for (let i = 0; i < 3; i++) statuses.push((await fail('127.0.0.21', `198.51.100.${i}`, i)).status);
    expect(statuses).toEqual([401, 401, 429]);
  });
});

describe('Redis availability', () => {
  it('stops the start with one line naming REDIS_URL when Redis does not answer', async () => {
    const database = await sqlite.create();
    try {
      const config = loadConfig({ DATABASE_URL: database.url, LOG_LEVEL: 'silent', REDIS_URL: 'redis://:hunter2@127.0.0.1:1' });
      const start = createApp(config);
      await expect(start).rejects.toThrow(/^REDIS_URL: Redis at 127\.0\.0\.1:1 is unreachable/);
      const message = await start.catch((error: Error) => error.message);
      expect(message).not.toContain('\n');
      expect(message).not.toContain('hunter2');
    } finally {
      await database.drop();
    }
  });

  /** A TCP relay to Redis that the test can cut, as a network failure would. */
  function relayTo(port: number): Promise<{ port: number; cut(): Promise<void> }> {
    const sockets = new Set<Socket>();
    const server: Server = createServer((inbound) => {
      const outbound = new Socket().connect(port, '127.0.0.1');
      for (const socket of [inbound, outbound]) {
        sockets.add(socket);
        socket.on('error', () => socket.destroy());
        socket.on('close', () => sockets.delete(socket));
      }
      inbound.pipe(outbound).pipe(inbound);
    });
    return new Promise((resolve) =>
      server.listen(0, '127.0.0.1', () =>
        resolve({
          port: (server.address() as { port: number }).port,
          cut: () =>
            new Promise((done) => {
              server.close(() => done());
              for (const socket of sockets) socket.destroy();
            }),
        }),
      ),
    );
  }

  itWith('Redis')('keeps answering when Redis is lost later, limiting per instance meanwhile (fail open)', async () => {
    const relay = await relayTo(Number(new URL(REDIS_URL).port || 6379));
    const t = await startTestApp(sqlite, {
      customers: ['1000001'],
      fixture: true,
      env: { REDIS_URL: `redis://127.0.0.1:${relay.port}`, REDIS_KEY_PREFIX: uniquePrefix(), RATE_LIMIT_PER_MINUTE: '3' },
    });
    try {
      expect((await t.api.get(TICKETS)).headers['ratelimit-remaining']).toBe('2');
      await relay.cut();
      const statuses: number[] = [];
      for (let i = 0; i < 4; i++) {
        const response = await t.api.get(TICKETS);
        expectRateLimitHeaders(response, 3);
        statuses.push(response.status);
      }
      expect(statuses).toEqual([200, 200, 200, 429]);
    } finally {
      await t.close();
    }
  });
});
