import { FastifyAdapter, NestFastifyApplication } from '@nestjs/platform-fastify';
import { REQUEST_ID_KEY } from '@curbside/runtime';
import { isTracing } from '@curbside/runtime/tracing';
import { FastifyReply, LogController } from 'fastify';
import type { Logger } from 'pino';
import { registerBodyParsers } from './body-parsers';
import { answerNotModified } from '../caching/entity-tag';
import { answerClientError, answerFrameworkError, keepUnfinishedHeaders } from '../errors/edge-errors';
import { sendNegotiated } from '../negotiation/negotiation.guard';
import { BODY_LIMIT_BYTES, enforceRequestLimits, PARSER_MAX_HEADER_BYTES } from '../limits/request-limits';
import { trackRequests, trackingIdOf } from './request-tracking';
import { applySecurityHeaders } from './security-headers';
import { traceRequests } from '../telemetry/server-spans';

/** A path parameter may be this long: a calendar feed link carries its sealed token (about 380 characters) in the path. */
const MAX_PARAM_LENGTH = 1024;

/** Nest's Fastify adapter, sending each handler's result in the format the negotiation guard chose. */
class NegotiatingFastifyAdapter extends FastifyAdapter {
  override reply(response: FastifyReply, body: unknown, statusCode?: number): FastifyReply {
    return super.reply(response, sendNegotiated(response, body), statusCode);
  }
}

/** How long a request may take to arrive, and an idle keep-alive connection may stay open (REQUEST_TIMEOUT_SECONDS, KEEP_ALIVE_TIMEOUT_SECONDS). */
export interface Deadlines {
  requestTimeoutSeconds: number;
  keepAliveTimeoutSeconds: number;
}

/**
 * How often Node checks connections against their deadlines (its default, 30 s, would let a
 * request outlive a short deadline by that much).
 */
const DEADLINE_CHECK_MS = 1000;

/**
 * `trustedProxies`: the load balancers whose X-Forwarded-For gives the client's address (TRUST_PROXY).
 * `logger`: the process's logger; each request gets a child of it carrying the tracking id, which
 * Nest's `Logger` uses while the request is handled. The one line per request is the API's own
 * (`observeRequests`), so Fastify's request lines are off.
 */
export function createFastifyAdapter(trustedProxies: string[], logger: Logger, deadlines: Deadlines): FastifyAdapter {
  const requestTimeout = deadlines.requestTimeoutSeconds * 1000;
  return new NegotiatingFastifyAdapter({
    loggerInstance: logger,
    logController: new LogController({ disableRequestLogging: true, requestIdLogLabel: REQUEST_ID_KEY }),
    trustProxy: trustedProxies.length > 0 ? trustedProxies : false,
    bodyLimit: BODY_LIMIT_BYTES,
    genReqId: trackingIdOf,
    // Headers and body together must arrive by the deadline, else 408 and the connection is closed (the
    // headers' own deadline is the same: Node's would be 60 s); an idle keep-alive connection closes
    // after a few seconds, before a load balancer's idle timeout does.
    requestTimeout,
    keepAliveTimeout: deadlines.keepAliveTimeoutSeconds * 1000,
    http: { maxHeaderSize: PARSER_MAX_HEADER_BYTES, headersTimeout: requestTimeout, connectionsCheckingInterval: DEADLINE_CHECK_MS },
    frameworkErrors: answerFrameworkError,
    clientErrorHandler: (error, socket) => answerClientError(error, socket, logger),
    // On close (after the drain, see shutdown.ts) Node closes the idle connections and waits for
    // the requests in flight. Fastify must not force connections closed: with 'idle' (its default)
    // it calls closeAllConnections(), cutting responses mid-body. A request that still arrives
    // on an open connection gets a 503.
    forceCloseConnections: false,
    return503OnClosing: true,
    routerOptions: { maxParamLength: MAX_PARAM_LENGTH },
  });
}

/**
 * Body parsing, tracking, limits and security headers at the Fastify level. JSON and form bodies
 * are parsed by `registerBodyParsers` (the token endpoint takes forms; JsonBodyGuard refuses them
 * under /api); Fastify's plain-text parser is removed, so text bodies get 415. A GET whose ETag the
 * client has is answered 304. Traced, each request is a server span (`traceRequests`).
 */
export function configureHttp(app: NestFastifyApplication, options: { corsOrigins: string[] }): void {
  const fastify = app.getHttpAdapter().getInstance();
  // Before any other hook: the others, and the log line of the request, run inside its span.
  if (isTracing()) traceRequests(fastify);
  fastify.removeContentTypeParser('text/plain');
  registerBodyParsers(fastify, BODY_LIMIT_BYTES);
  keepUnfinishedHeaders(fastify.server);
  // First: the hooks after it refuse requests, and their problems carry these headers too.
  applySecurityHeaders(app, options.corsOrigins);
  trackRequests(fastify);
  enforceRequestLimits(fastify);
  answerNotModified(fastify);
}
