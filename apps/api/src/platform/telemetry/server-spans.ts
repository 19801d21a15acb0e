import { context, propagation, ROOT_CONTEXT, SpanKind, SpanStatusCode, trace, type Attributes, type Context, type Span } from '@opentelemetry/api';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

/*
 * A request's server span, made here in Fastify hooks rather than by OpenTelemetry's HTTP and
 * NestJS instrumentations, which cost the API most of tracing's CPU (docs/performance.md):
 * they wrapped every request's emitters and every Nest handler, guard and interceptor, and made
 * three spans where one says what a request did. Only `@opentelemetry/api`: registered only when
 * the process traces (`isTracing`), so untraced nothing of this runs.
 */

/** Requests no trace is made of: the load balancer's and Prometheus' polls. */
const UNTRACED_PATHS = /^\/(health|metrics)(\/|\?|$)/;

const tracer = trace.getTracer('curbside');

/** The span of a traced request and the context it is active in. */
const SPAN = Symbol('server span');
interface TracedRequest {
  [SPAN]?: { span: Span; active: Context };
}

/** Reads a W3C `traceparent` (and `tracestate`) from the request's headers. */
const headerGetter = {
  keys: (headers: FastifyRequest['headers']) => Object.keys(headers),
  get: (headers: FastifyRequest['headers'], key: string) => headers[key],
};

/**
 * One SERVER span per request (its route template in its name, the HTTP semantic conventions'
 * attributes), a child of the caller's span when it sent `traceparent`; it is the active span of
 * everything the request does, its log lines (`request completed`) included, and ends when the
 * answer is sent. Call before any other hook is added, so that the others run inside it.
 */
export function traceRequests(fastify: FastifyInstance): void {
  // Callback hooks, not async ones: `done` runs the next hooks (and in the end the handler) synchronously, inside the
  // span's context. A body read on later packets does not leave it: Fastify runs what follows the body parser in the
  // async context the parser was started in (an AsyncResource), so no hook is needed after parsing.
  fastify.addHook('onRequest', (request, _reply, done) => {
    if (UNTRACED_PATHS.test(request.url)) return done();
    const route = request.routeOptions.url;
    const span = tracer.startSpan(
      route === undefined ? request.method : `${request.method} ${route}`,
      { kind: SpanKind.SERVER },
      propagation.extract(ROOT_CONTEXT, request.headers, headerGetter),
    );
    // Set once started, not passed to startSpan, which checks and copies them twice over (for the sampler, which
    // reads none: those OTEL_TRACES_SAMPLER names do not look at attributes), and not made for a span not sampled.
    if (span.isRecording()) span.setAttributes(requestAttributes(request, route));
    const active = trace.setSpan(context.active(), span);
    (request as TracedRequest)[SPAN] = { span, active };
    context.with(active, done);
  });
  // The hooks after this one (the request's log line) run in the span's context, though it has ended.
  fastify.addHook('onResponse', (request, reply, done) => {
    const traced = (request as TracedRequest)[SPAN];
    if (traced === undefined) return done();
    endSpan(traced.span, reply);
    context.with(traced.active, done);
  });
}

/**
 * The semantic conventions' required attributes of an HTTP server span (method, scheme, path; the route when one
 * matched) and two recommended ones an operator asks about (who called, with what). Not `server.address`,
 * `server.port`, `network.*`: the same on every span of a process, or `client.address` again; each attribute is
 * work on every request (copied, checked, serialised).
 */
function requestAttributes(request: FastifyRequest, route: string | undefined): Attributes {
  const query = request.url.indexOf('?');
  const attributes: Attributes = {
    'http.request.method': request.method,
    'url.scheme': request.protocol,
    'url.path': query === -1 ? request.url : request.url.slice(0, query),
    'client.address': request.ip,
  };
  if (route !== undefined) attributes['http.route'] = route;
  const agent = request.headers['user-agent'];
  if (agent !== undefined) attributes['user_agent.original'] = agent;
  return attributes;
}

/** The answer's status; a 5xx is an error of the server span (a 4xx is the client's, not the span's). */
function endSpan(span: Span, reply: FastifyReply): void {
  const status = reply.statusCode;
  span.setAttribute('http.response.status_code', status);
  if (status >= 500) {
    span.setAttribute('error.type', String(status));
    span.setStatus({ code: SpanStatusCode.ERROR });
  }
  span.end();
}
