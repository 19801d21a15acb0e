#!/usr/bin/env node
/*
 * The image's HEALTHCHECK: GET /health/ready of the process in this container. The notifier
 * answers on NOTIFIER_HEALTH_PORT (set it for notifier containers), the API on PORT.
 */
const port = process.env.NOTIFIER_HEALTH_PORT || process.env.PORT || '3000';

fetch(`http://127.0.0.1:${port}/health/ready`, { signal: AbortSignal.timeout(2500) }).then(
  (response) => process.exit(response.ok ? 0 : 1),
  () => process.exit(1),
);
