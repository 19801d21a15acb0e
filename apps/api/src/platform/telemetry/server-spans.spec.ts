import { request } from 'node:http';
import { context, propagation, SpanKind, SpanStatusCode, trace } from '@opentelemetry/api';
import { NodeSDK } from '@opentelemetry/sdk-node';
import Fastify, { type FastifyInstance } from 'fastify';
import { traceRequests } from './server-spans';

/*
 * The API's server spans: the real SDK (W3C propagation, AsyncLocalStorage context) with a
 * span processor of the test's own in place of an exporter, and a bare Fastify with the hooks.
 */

interface Ended {
  name: string;
  kind: SpanKind;
  spanContext: () => { traceId: string; spanId: string };
  parentSpanContext?: { spanId: string };
  attributes: Record<string, unknown>;
  status: { code: SpanStatusCode };
}

const ended: Ended[] = [];
const sdk = new NodeSDK({
  instrumentations: [],
  spanProcessors: [{ onStart: () => undefined, onEnd: (span: unknown) => void ended.push(span as Ended), forceFlush: async () => undefined, shutdown: async () => undefined }],
  metricReaders: [],
  logRecordProcessors: [],
  resourceDetectors: [],
});

const TRACE = '4bf92f3577b34da6a3ce929d0e0e4736';
const CALLER_SPAN = '00f067aa0ba902b7';

describe('traceRequests', () => {
  let fastify: FastifyInstance;
  /** The span id active where each route's handler and the log hook ran. */
  const seen: Record<string, string | undefined> = {};
  const activeSpanId = () => trace.getActiveSpan()?.spanContext().spanId;

  beforeAll(async () => {
    sdk.start();
    fastify = Fastify();
    traceRequests(fastify);
    fastify.addHook('onResponse', (request, _reply, done) => {
      seen[`logged ${request.method}`] = activeSpanId();
      done();
    });
    fastify.get('/api/things/:id', async () => {
      seen['handler GET'] = activeSpanId();
      return { ok: true };
    });
    fastify.put('/api/things/:id', async (request) => {
      seen['handler PUT'] = activeSpanId();
      return request.body;
    });
    fastify.get('/api/broken', async () => {
      throw new Error('broken');
    });
    fastify.get('/health/ready', async () => ({ ok: true }));
    fastify.get('/metrics', async () => 'metrics');
    await fastify.ready();
  });
  afterAll(async () => {
    await fastify.close();
    await sdk.shutdown();
    trace.disable();
    context.disable();
    propagation.disable();
  });
  beforeEach(() => (ended.length = 0));

  it("makes one server span per request, named by its route template, a child of the caller's traceparent, active in the handler and the log line", async () => {
    const response = await fastify.inject({ method: 'GET', url: '/api/things/42?limit=1', headers: { traceparent: `00-${TRACE}-${CALLER_SPAN}-01`, 'user-agent': 'portal/1.0' } });
    expect(response.statusCode).toBe(200);
    expect(ended).toHaveLength(1);
    const [span] = ended;
    expect(span.name).toBe('GET /api/things/:id');
    expect(span.kind).toBe(SpanKind.SERVER);
    expect(span.spanContext().traceId).toBe(TRACE);
    expect(span.parentSpanContext?.spanId).toBe(CALLER_SPAN);
    expect(span.attributes).toMatchObject({
      'http.request.method': 'GET',
      'http.route': '/api/things/:id',
      'url.path': '/api/things/42',
      'url.scheme': 'http',
      'user_agent.original': 'portal/1.0',
      'http.response.status_code': 200,
    });
    expect(span.status.code).toBe(SpanStatusCode.UNSET);
    expect(seen['handler GET']).toBe(span.spanContext().spanId);
    expect(seen['logged GET']).toBe(span.spanContext().spanId);
  });

  it('keeps the span active in the handler of a request with a body (read on the socket, outside it)', async () => {
    // Over a real socket, the body's end in a later packet: its events come from the socket, not from inside the span.
    const url = new URL(await fastify.listen({ port: 0, host: '127.0.0.1' }));
    const body = JSON.stringify({ a: 'x'.repeat(100) });
    const status = await new Promise<number>((resolve, reject) => {
      const put = request({ host: url.hostname, port: url.port, method: 'PUT', path: '/api/things/42', headers: { 'content-type': 'application/json', 'content-length': body.length } }, (response) => {
        response.resume();
        resolve(response.statusCode ?? 0);
      });
      put.on('error', reject);
      put.write(body.slice(0, 10));
      setTimeout(() => put.end(body.slice(10)), 50);
    });
    expect(status).toBe(200);
    expect(ended.map((span) => span.name)).toEqual(['PUT /api/things/:id']);
    expect(ended[0].parentSpanContext).toBeUndefined();
    expect(seen['handler PUT']).toBe(ended[0].spanContext().spanId);
  });

  it('marks a 5xx as an error; a request no route matched is named by its method alone', async () => {
    expect((await fastify.inject({ method: 'GET', url: '/api/broken' })).statusCode).toBe(500);
    expect((await fastify.inject({ method: 'GET', url: '/nowhere' })).statusCode).toBe(404);
    const [broken, unmatched] = ended;
    expect(broken.status.code).toBe(SpanStatusCode.ERROR);
    expect(broken.attributes).toMatchObject({ 'http.response.status_code': 500, 'error.type': '500' });
    expect(unmatched.name).toBe('GET');
    expect(unmatched.attributes['http.route']).toBeUndefined();
    expect(unmatched.status.code).toBe(SpanStatusCode.UNSET);
  });

  it('does not trace /health and /metrics', async () => {
    expect((await fastify.inject({ method: 'GET', url: '/health/ready' })).statusCode).toBe(200);
    expect((await fastify.inject({ method: 'GET', url: '/metrics' })).statusCode).toBe(200);
    expect(ended).toHaveLength(0);
  });
});
