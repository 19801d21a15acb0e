import { startTracing } from '@curbside/runtime/tracing';

// First of all (main.ts imports this before anything else): the modules traced must load after the SDK.
startTracing('curbside-notifier');
