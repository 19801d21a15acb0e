import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * The environment a suite starts a built program with (the CLI, the API, the notifier, `npm start`), before the
 * suite's own variables: PATH, nothing else of the test runner's, and Node's compile cache. A run starts hundreds of
 * these processes, each loading the same modules; with the cache V8 compiles each module once, not once per process
 * (about a quarter of a short CLI run's CPU). The cache is where Node keeps it by default, `node-compile-cache` in the
 * temp directory, which tools/ci/test-on-node.sh lets stay; an entry whose source changed is compiled again.
 */
export function programEnv(): Record<string, string | undefined> {
  return { PATH: process.env['PATH'], NODE_COMPILE_CACHE: join(tmpdir(), 'node-compile-cache') };
}
