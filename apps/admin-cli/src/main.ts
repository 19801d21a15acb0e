import 'reflect-metadata';
import { CommandFactory } from 'nest-commander';
import { ImportRejected } from '@curbside/application';
import { ConfigError, loadConfig } from '@curbside/config';
import { runMain } from '@curbside/runtime';
import { reasonOf } from '@curbside/domain';
import { Logger } from 'nestjs-pino';
import { createCliApp } from './cli-app';
import { CliFailure, EXIT } from './cli-failure';
import { output } from './output';

/** A rejected import file is invalid input, reported with every problem like any expected failure. */
const asCliFailure = (error: unknown): unknown =>
  error instanceof ImportRejected ? new CliFailure(error.message, EXIT.invalidInput, error.details) : error;

function report(thrown: unknown): void {
  const error = asCliFailure(thrown);
  if (error instanceof CliFailure) {
    output.problem(`error: ${error.message}`);
    for (const detail of error.details) output.problem(`  - ${detail}`);
    process.exitCode = error.exitCode;
    return;
  }
  // Unexpected: one line for the operator; the stack only when asked for.
  output.problem(`error: ${reasonOf(error)}`);
  if (process.env.DEBUG && error instanceof Error) output.problem(error.stack ?? '');
  process.exitCode = EXIT.failure;
}

async function main(): Promise<void> {
  const config = loadConfig();
  const app = await createCliApp(config, report);
  // What the commands log goes to stderr as JSON lines (see AdminCliModule), never among their results on stdout.
  app.useLogger(app.get(Logger));
  try {
    await CommandFactory.runApplication(app);
  } finally {
    await app.close();
  }
}

runMain('curbside', main, { exitCodeOf: (error) => (error instanceof ConfigError ? EXIT.usage : EXIT.failure) });
