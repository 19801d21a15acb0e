// Jest's order of test files, with one change: in a run with no timings of earlier runs (a fresh clone, as CI's
// passes are), a file whose first comment says `@slow` starts before the others. Jest's own fallback is the file's
// size, and a short file that drives a browser or real processes (minutes) then starts last, while the other worker
// has nothing left to do. Files with timings are ordered as Jest orders them: failed first, then longest first.
const { readFileSync } = require('node:fs');
const Sequencer = require('@jest/test-sequencer').default;

/** Whether the comment that opens the file (a docblock, before any code) has the `@slow` tag. */
function markedSlow(file) {
  const opening = /^\s*\/\*\*([\s\S]*?)\*\//.exec(readFileSync(file, 'utf8').slice(0, 4000));
  return opening !== null && /(^|\s)@slow\b/.test(opening[1]);
}

module.exports = class SlowFirstSequencer extends Sequencer {
  sort(tests) {
    const sorted = super.sort(tests);
    // Stable: among the files without a timing, the marked ones first, each group still largest first.
    const untimed = (test) => test.duration == null && !this.hasFailed(test);
    const slow = sorted.filter((test) => untimed(test) && markedSlow(test.path));
    return [...slow, ...sorted.filter((test) => !slow.includes(test))];
  }
};
