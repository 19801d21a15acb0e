import type { ApiClient } from '@curbside/domain';
import { type Metrics, REQUEST_ID_KEY } from '@curbside/runtime';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Logger } from 'pino';
import { Counter, Histogram } from 'prom-client';

/** The route label of a request no route matched (a 404 or an edge error): one label, not one per URL. */
export const UNMATCHED_ROUTE = 'unmatched';

const LABELS = ['method', 'route', 'status'] as const;

/** What a request on a customer's route carries: its path parameter, and the client CustomerAccessGuard authenticated. */
interface CustomerRequest {
  client?: ApiClient;
  params?: { customerId?: string };
}

/**
 * One place for what every response leaves behind, after it is sent: one log line (tracking id,
 * client, customer, route template, status, duration: never a header, a body or the URL, so no
 * credential can reach the log) and the request counter and latency histogram of `/metrics`.
 */
export function observeRequests(fastify: FastifyInstance, logger: Logger, metrics: Metrics): void {
  const requests = new Counter({
    name: 'curbside_http_requests_total',
    help: 'HTTP requests answered, by method, route template and status',
    labelNames: LABELS,
    registers: [metrics.registry],
  });
  const duration = new Histogram({
    name: 'curbside_http_request_duration_seconds',
    help: 'Time from receiving a request to sending its answer, by method, route template and status',
    labelNames: LABELS,
    registers: [metrics.registry],
  });
  fastify.addHook('onResponse', (request: FastifyRequest, reply: FastifyReply, done) => {
    const labels = { method: request.method, route: request.routeOptions.url ?? UNMATCHED_ROUTE, status: reply.statusCode };
    requests.inc(labels);
    duration.observe(labels, reply.elapsedTime / 1000);
    // A 503 is the API declining work (draining, the database away), logged where it is decided.
    const level = reply.statusCode >= 500 && reply.statusCode !== 503 ? 'error' : 'info';
    if (logger.isLevelEnabled(level)) {
      const { client, params } = request as CustomerRequest;
      logger[level](
        {
          [REQUEST_ID_KEY]: request.id,
          clientId: client?.clientId ?? null,
          customerId: params?.customerId ?? null,
          ...labels,
          durationMs: Math.round(reply.elapsedTime * 10) / 10,
        },
        level === 'error' ? 'request failed' : 'request completed',
      );
    }
    done();
  });
}

/** `GET /metrics` on the API's own port (when no METRICS_PORT gives it a port of its own). */
export function serveMetrics(fastify: FastifyInstance, metrics: Metrics): void {
  fastify.get('/metrics', async (_request, reply) => {
    const { contentType, body } = await metrics.scrape();
    return reply.type(contentType).send(body);
  });
}
