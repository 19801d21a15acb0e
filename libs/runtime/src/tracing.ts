/**
 * `@curbside/runtime/tracing`: what a process's entry point loads first, before anything that would
 * be instrumented (the core's main entry loads the database drivers).
 */
export { isTracing, startTracing, stopTracing, traceFields, tracingRequested, TRACING_VARIABLES } from './lib/tracing';
