/**
 * The environment a suite starts a built program with (the CLI, the API, the notifier, `npm start`), before the
 * suite's own variables: PATH, nothing else of the test runner's, and Node's compile cache off. Sharing the cache
 * between the hundreds of processes a run starts saved about a quarter of a short CLI run's CPU, but processes
 * writing and reading one cache at once can hand V8 a blob it cannot read, and V8 then crashes the process rather
 * than compile again (seen here as SIGSEGVs with several suites running, and reported by other projects' CI): a
 * crash a test would blame on the program.
 */
export function programEnv(): Record<string, string | undefined> {
  return { PATH: process.env['PATH'], NODE_DISABLE_COMPILE_CACHE: '1' };
}
