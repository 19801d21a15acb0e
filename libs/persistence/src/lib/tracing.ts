import { context, propagation, ROOT_CONTEXT, SpanStatusCode, trace, type Attributes, type Context, type Span } from '@opentelemetry/api';

export type { Span };

/*
 * Traces, as the libs' code sees them: only `@opentelemetry/api`, which does nothing until a process
 * starts the SDK (libs/runtime's `startTracing`, when an OTEL_* exporter variable is set). The one home of
 * the spans the libs make (the use cases, the notifier's work, its channels' sends): here, in
 * persistence, because the outbox carries the trace (an event and each of its deliveries keep the W3C
 * `traceparent` of what caused them, and the notifier continues that trace when it sends), and
 * because every lib that makes spans stands on persistence.
 */

const tracer = trace.getTracer('curbside');

/** The W3C `traceparent` of the span in progress; null when there is none (tracing off, or outside any span). */
export function currentTraceparent(): string | null {
  if (trace.getActiveSpan() === undefined) return null;
  const carrier: { traceparent?: string } = {};
  propagation.inject(context.active(), carrier);
  return carrier.traceparent ?? null;
}

/** The context a stored `traceparent` names, to start spans in (the root context when there is none). */
export function contextOf(traceparent: string | null | undefined): Context {
  if (traceparent == null) return ROOT_CONTEXT;
  return propagation.extract(ROOT_CONTEXT, { traceparent });
}

/**
 * Runs `work` in a span named `name` (a child of the span in progress, or of `parent`); the span
 * records a failure and ends when `work` settles.
 */
export function inSpan<T>(name: string, work: (span: Span) => Promise<T>, options: { attributes?: Attributes; parent?: Context } = {}): Promise<T> {
  const parent = options.parent ?? context.active();
  return tracer.startActiveSpan(name, { attributes: options.attributes }, parent, async (span) => {
    try {
      return await work(span);
    } catch (error) {
      span.recordException(error as Error);
      markFailed(span, error instanceof Error ? error.message : String(error));
      throw error;
    } finally {
      span.end();
    }
  });
}

/** A span under `parent`, ended by the caller; with the `traceparent` that names it (null when tracing is off). */
export function startSpan(name: string, parent: Context, attributes?: Attributes): { span: Span; traceparent: string | null } {
  const span = tracer.startSpan(name, { attributes }, parent);
  const carrier: { traceparent?: string } = {};
  propagation.inject(trace.setSpan(parent, span), carrier);
  return { span, traceparent: carrier.traceparent ?? null };
}

/** A span that already happened (from `start` to now) under `parent`: e.g. the claim that took a delivery, in that delivery's trace. */
export function spanThatWas(name: string, start: number, parent: Context, attributes?: Attributes): void {
  tracer.startSpan(name, { startTime: start, attributes }, parent).end();
}

/** Method decorator: each call of the method runs in a span `<Class>.<method>` (the use cases). */
export function Traced(): MethodDecorator {
  return (target, key, descriptor: PropertyDescriptor) => {
    const method = descriptor.value as (...args: unknown[]) => Promise<unknown>;
    const name = `${(target as { constructor: { name: string } }).constructor.name}.${String(key)}`;
    descriptor.value = function (this: unknown, ...args: unknown[]) {
      return inSpan(name, () => method.apply(this, args));
    };
    return descriptor;
  };
}

/** Marks `span` failed, for `reason`: its status `ERROR`, which a backend shows as the trace's failure. */
export function markFailed(span: Span, reason: string): void {
  span.setStatus({ code: SpanStatusCode.ERROR, message: reason });
}

/** Adds attributes to the span in progress (nothing when there is none): what an answer said, in the send's span. */
export function annotateSpan(attributes: Attributes): void {
  trace.getActiveSpan()?.setAttributes(attributes);
}

/**
 * Writes the span in progress into an outgoing request's `headers` (W3C `traceparent`, `tracestate`), so the
 * receiver's tracing can join the trace; nothing when untraced.
 */
export function propagateTrace(headers: Record<string, string>): void {
  propagation.inject(context.active(), headers);
}
