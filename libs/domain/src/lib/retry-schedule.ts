/**
 * How long to wait before try `attempt + 1` after `attempt` failed tries: exponential
 * (base, 2×base, 4×base, …, capped) with up to half again of random jitter, so that
 * deliveries failing together do not all come back at the same moment. Each wait is longer
 * than the one before (until the cap), jitter included.
 */
export function retryDelayMs(attempt: number, baseMs: number, random: () => number = Math.random, maxMs = 6 * 3600_000): number {
  const exponential = Math.min(baseMs * 2 ** Math.max(0, attempt - 1), maxMs);
  return Math.round(exponential * (1 + 0.5 * random()));
}
