import 'reflect-metadata';
import { ConfigError, loadConfig } from '@curbside/config';
import { runMain } from '@curbside/runtime';
import { EXIT } from './cli-failure';
import { reporter, runCommand } from './run-command';

// async: a bad configuration (loadConfig throws) is then a rejection runMain reports in one line.
runMain('curbside', async () => runCommand(loadConfig(), process.argv, { report: reporter(Boolean(process.env.DEBUG)) }), {
  exitCodeOf: (error) => (error instanceof ConfigError ? EXIT.usage : EXIT.failure),
});
