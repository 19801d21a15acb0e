import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

/**
 * Starting the API allocates so much that lives (Nest's container, TypeORM's metadata, 1,950 modules' code) that
 * V8 grows its young generation to its largest, 32 MiB, and keeps the pages it freed: some 30 MiB of RSS that the
 * service at rest does not use. One last-resort major GC once the app is made, before the port opens, gives them
 * back; under load the young generation grows again as it would. V8's `gc` is reached as Jest's leak detector
 * reaches it: the flag set for a moment, and the `gc` of a context made meanwhile.
 */
export function releaseStartMemory(): void {
  setFlagsFromString('--expose-gc');
  const gc = runInNewContext('gc') as (options: { type: 'major'; execution: 'sync'; flavor: 'last-resort' }) => void;
  setFlagsFromString('--no-expose-gc');
  gc({ type: 'major', execution: 'sync', flavor: 'last-resort' });
}
