import { spawnSync } from 'node:child_process';
import { resolve } from 'node:path';
import { PROCESS_TEST_TIMEOUT_MS } from './support/cli';

const CHECK = resolve(__dirname, '../../../tools/ci/abort-check.js');

/**
 * The short version of tools/ci/abort-check.js, which `.ci/run` runs whole (100 CLI processes, 2,000
 * requests) on the newest Node 24 and 26: no process of the service aborts at exit or under GC pressure.
 */
it(
  'CLI processes and the API under GC pressure all exit on their own exit code 0',
  () => {
    const result = spawnSync(process.execPath, [CHECK, '--cli', '6', '--requests', '200'], { encoding: 'utf8', timeout: 150_000 });
    expect(result.stdout).toMatch(/8 CLI processes and the API after 200 requests, 0 failures/);
    expect(result.status).toBe(0);
  },
  PROCESS_TEST_TIMEOUT_MS,
);
