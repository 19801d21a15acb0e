import { startTestRun } from './lib/test-run';

/** Jest's globalSetup (jest.preset.js): names the run whose workers share migrated templates. */
export default startTestRun;
