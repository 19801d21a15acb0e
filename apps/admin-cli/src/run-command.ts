import { CommandRunnerService } from 'nest-commander';
import { ImportRejected } from '@curbside/application';
import type { Config } from '@curbside/config';
import { reasonOf } from '@curbside/domain';
import { Logger } from 'nestjs-pino';
import { createCliApp, type CliAppOptions } from './cli-app';
import { CliFailure, EXIT } from './cli-failure';
import { output } from './output';

/** A rejected import file is invalid input, reported with every problem like any expected failure. */
const asCliFailure = (error: unknown): unknown =>
  error instanceof ImportRejected ? new CliFailure(error.message, EXIT.invalidInput, error.details) : error;

/** Reports what a command threw on stderr and sets the exit code; `debug` (DEBUG set) adds an unexpected error's stack. */
export function reporter(debug: boolean): (thrown: unknown) => void {
  return (thrown) => {
    const error = asCliFailure(thrown);
    if (error instanceof CliFailure) {
      output.problem(`error: ${error.message}`);
      for (const detail of error.details) output.problem(`  - ${detail}`);
      process.exitCode = error.exitCode;
      return;
    }
    // Unexpected: one line for the operator; the stack only when asked for.
    output.problem(`error: ${reasonOf(error)}`);
    if (debug && error instanceof Error) output.problem(error.stack ?? '');
    process.exitCode = EXIT.failure;
  };
}

export interface RunOptions extends CliAppOptions {
  /** Takes what a command throws: `reporter`'s. */
  report: (error: unknown) => void;
}

/**
 * Builds the CLI for `config`, runs the command `argv` names (as `process.argv`: node, the script, then the words)
 * and closes it: the process's `main`, and the tests' in-process runner (test/support/cli.ts).
 */
export async function runCommand(config: Config, argv: string[], { report, ...options }: RunOptions): Promise<void> {
  const app = await createCliApp(config, report, {}, options);
  // What the commands log goes to stderr as JSON lines (see AdminCliModule), never among their results on stdout.
  app.useLogger(app.get(Logger));
  try {
    // What CommandFactory.runApplication does, with `argv` rather than always process.argv.
    await app.get(CommandRunnerService).run(argv);
  } finally {
    await app.close();
  }
}
