import { endTestRun } from './lib/test-run';

/** Jest's globalTeardown (jest.preset.js): removes the run's migrated templates. */
export default endTestRun;
