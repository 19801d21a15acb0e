import { CommandFactory } from 'nest-commander';
// The token of nest-commander's root commander program, which its index does not export.
import { Commander } from 'nest-commander/src/constants';
import type { INestApplicationContext } from '@nestjs/common';
import type { Config } from '@curbside/config';
import type { LoggerOptions } from '@curbside/runtime';
import { AdminCliModule, type CliExtension } from './admin-cli.module';
import { EXIT } from './cli-failure';
import { output } from './output';

/** How the CLI logs: to stderr unless a test runs it in its own process (test/support). */
export interface CliAppOptions {
  /** Where the commands' log lines go: stderr by default. */
  logTo?: LoggerOptions['destination'];
}

/**
 * The CLI's Nest application, its commands registered and not yet run: `main` runs it,
 * and `tools/docs/cli-help.js` reads every command's help from it in one process.
 * `report` takes what a command throws; `extension` adds a team's own commands (docs/extending.md).
 */
export function createCliApp(
  config: Config,
  report: (error: unknown) => void,
  extension: CliExtension = {},
  { logTo = 'stderr' }: CliAppOptions = {},
): Promise<INestApplicationContext> {
  return CommandFactory.createWithoutRunning(AdminCliModule.register(config, extension, logTo), {
    cliName: 'curbside',
    // A failure to build the application (a database or driver that cannot load) is thrown to
    // `runMain`, which prints it as one line, as the API and the notifier do.
    logger: false,
    abortOnError: false,
    // Commander errors (unknown command or option, missing argument): it has printed the
    // message already. Help and --version exit 0.
    errorHandler: (error) => process.exit((error as { exitCode?: number }).exitCode === 0 ? EXIT.ok : EXIT.usage),
    // Where `output` writes, which is the process's stdout and stderr unless a test set its own.
    outputConfiguration: { writeOut: (text) => output.raw('stdout', text), writeErr: (text) => output.raw('stderr', text) },
    serviceErrorHandler: report,
  });
}

/** Every command's `--help` text, depth first in the order the help lists them; words are the command's path after `curbside`. */
export function helpTexts(app: INestApplicationContext): Array<{ words: string[]; help: string }> {
  const walk = (command: HelpfulCommand, words: string[]): Array<{ words: string[]; help: string }> => [
    { words, help: command.helpInformation().trimEnd() },
    ...command.commands.flatMap((child) => walk(child, [...words, child.name()])),
  ];
  return walk(app.get<HelpfulCommand>(Commander), []);
}

/** What `helpTexts` reads of commander's Command. */
interface HelpfulCommand {
  name(): string;
  helpInformation(): string;
  readonly commands: readonly HelpfulCommand[];
}
