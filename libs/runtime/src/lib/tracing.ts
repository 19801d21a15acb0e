import { trace } from '@opentelemetry/api';
import type { NodeSDK } from '@opentelemetry/sdk-node';

/*
 * OpenTelemetry traces, the one place they are set up. Off unless an OTEL_* variable names where
 * traces go; then the SDK (and its instrumentations: pg, ioredis) is loaded here and started before
 * the rest of the process is, so that it can instrument those modules as they load. A request's
 * server span is the API's own (apps/api's platform/telemetry/server-spans.ts, two Fastify hooks): OpenTelemetry's
 * HTTP and NestJS instrumentations added 0.6-0.7 of a small request's own CPU (docs/performance.md).
 * Off, nothing of the SDK is loaded: the code only ever calls `@opentelemetry/api`, which does
 * nothing without it. Everything else is read by the SDK from the standard variables
 * (OTEL_SERVICE_NAME, OTEL_TRACES_SAMPLER, OTEL_EXPORTER_OTLP_PROTOCOL, ...): docs/operators.md.
 */

/** Any one of these, set, turns tracing on. */
export const TRACING_VARIABLES = ['OTEL_EXPORTER_OTLP_ENDPOINT', 'OTEL_EXPORTER_OTLP_TRACES_ENDPOINT', 'OTEL_TRACES_EXPORTER'] as const;

const setting = (env: NodeJS.ProcessEnv, name: string): string => (env[name] ?? '').trim().toLowerCase();

/** Whether the environment asks for traces: an exporter or an endpoint named, and neither OTEL_SDK_DISABLED nor OTEL_TRACES_EXPORTER=none. */
export function tracingRequested(env: NodeJS.ProcessEnv = process.env): boolean {
  if (setting(env, 'OTEL_SDK_DISABLED') === 'true' || setting(env, 'OTEL_TRACES_EXPORTER') === 'none') return false;
  return TRACING_VARIABLES.some((name) => setting(env, name) !== '');
}

let sdk: NodeSDK | null = null;

/** True once `startTracing` started the SDK in this process. */
export const isTracing = (): boolean => sdk !== null;

/**
 * Starts tracing when the environment asks for it (`tracingRequested`); call it first thing in a
 * process, before anything it instruments is loaded. `serviceName` is the default of
 * OTEL_SERVICE_NAME. Whether tracing is on.
 */
export function startTracing(serviceName: string, env: NodeJS.ProcessEnv = process.env): boolean {
  if (sdk !== null || !tracingRequested(env)) return sdk !== null;
  // Loaded only when traced: a process without traces never holds the SDK.
  const { NodeSDK } = require('@opentelemetry/sdk-node') as typeof import('@opentelemetry/sdk-node');
  const { PgInstrumentation } = require('@opentelemetry/instrumentation-pg') as typeof import('@opentelemetry/instrumentation-pg');
  const { IORedisInstrumentation } = require('@opentelemetry/instrumentation-ioredis') as typeof import('@opentelemetry/instrumentation-ioredis');
  const named = setting(env, 'OTEL_SERVICE_NAME') !== '' || /(^|,)\s*service\.name=/.test(env['OTEL_RESOURCE_ATTRIBUTES'] ?? '');
  const disabled = new Set(setting(env, 'OTEL_NODE_DISABLED_INSTRUMENTATIONS').split(',').map((name) => name.trim()));
  const instrumentations = {
    // Statements outside any span (the notifier's polls, every 100 ms) would each be a trace of their own.
    pg: () => new PgInstrumentation({ requireParentSpan: true }),
    ioredis: () => new IORedisInstrumentation({ requireParentSpan: true }),
  };
  sdk = new NodeSDK({
    serviceName: named ? undefined : serviceName,
    instrumentations: Object.entries(instrumentations)
      .filter(([name]) => !disabled.has(name))
      .map(([, make]) => make()),
    // Traces only: metrics are Prometheus' (/metrics), logs are the JSON lines on stdout.
    metricReaders: [],
    logRecordProcessors: [],
  });
  sdk.start();
  return true;
}

/** Sends the spans still held and stops tracing (at shutdown); nothing when tracing is off. */
export async function stopTracing(): Promise<void> {
  const running = sdk;
  sdk = null;
  await running?.shutdown();
}

/** The trace and span of a log line written inside a span (pino's `mixin`): `trace_id`, `span_id`. */
export function traceFields(): { trace_id?: string; span_id?: string } {
  const span = trace.getActiveSpan();
  if (span === undefined) return {};
  const { traceId, spanId } = span.spanContext();
  return { trace_id: traceId, span_id: spanId };
}
