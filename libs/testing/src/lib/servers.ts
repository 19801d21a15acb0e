/**
 * The servers a test run may be given. The README's `npm test` runs with none at all; CI gives both.
 * A suite that needs one it was not given skips, and its title says why, on one line.
 */
const SERVERS = {
  PostgreSQL: 'TEST_POSTGRES_URL',
  Redis: 'TEST_REDIS_URL',
} as const;

export type TestServer = keyof typeof SERVERS;

/** The URL of `server` for this run (`TEST_POSTGRES_URL`, `TEST_REDIS_URL`), or undefined when it was not given. */
export function testServerUrl(server: TestServer): string | undefined {
  return process.env[SERVERS[server]] || undefined;
}

/** `describe` when `server` was given, else a skipped `describe` whose title names the variable that would run it. */
export function describeWith(server: TestServer): (title: string, suite: () => void) => void {
  if (testServerUrl(server)) return (title, suite) => describe(title, suite);
  return (title, suite) => describe.skip(`${title} (skipped: needs ${server}; set ${SERVERS[server]})`, suite);
}

/** `it` when `server` was given, else a skipped `it` whose title names the variable that would run it. */
export function itWith(server: TestServer): (title: string, test: () => Promise<void>, timeout?: number) => void {
  if (testServerUrl(server)) return (title, test, timeout) => it(title, test, timeout);
  return (title, test) => it.skip(`${title} (skipped: needs ${server}; set ${SERVERS[server]})`, test);
}
