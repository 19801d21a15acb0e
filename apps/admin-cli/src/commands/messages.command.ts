import { Inject } from '@nestjs/common';
import { Command, CommandRunner, Option, SubCommand } from 'nest-commander';
import type { Config } from '@curbside/config';
import { CONFIG } from '@curbside/runtime';
import { checkCatalogs, languageCoverage, loadMessages } from '@curbside/messages';
import { CliFailure, EXIT } from '../cli-failure';
import { output } from '../output';

@SubCommand({ name: 'list', description: 'each offered language: how many of the messages its catalog has, out of how many, and which fall back (CONTRACT §11)' })
export class MessagesListCommand extends CommandRunner {
  constructor(@Inject(CONFIG) private readonly config: Config) {
    super();
  }

  async run(_: string[], options: { json?: boolean }): Promise<void> {
    const coverage = languageCoverage(await loadMessages({ languages: this.config.languages.offered, messagesDir: this.config.languages.messagesDir }));
    if (options.json) return output.json(coverage);
    output.table(
      coverage.map((entry) => ({
        language: entry.language,
        messages: `${entry.messages}/${entry.of}`,
        fallback: entry.fallback.length === 0 ? '-' : entry.fallback.join(', '),
      })),
    );
  }

  @Option({ flags: '--json', description: 'print [{language, messages, of, fallback}] as JSON' })
  parseJson(): boolean {
    return true;
  }
}

@SubCommand({
  name: 'check',
  description:
    'check the built-in catalogs, or a folder\u2019s: ICU syntax, placeholders equal to en\u2019s, every plural category of the language, every text within two segments with the longest values (CONTRACT §11)',
})
export class MessagesCheckCommand extends CommandRunner {
  constructor(@Inject(CONFIG) private readonly config: Config) {
    super();
  }

  async run(_: string[], options: { dir?: string }): Promise<void> {
    const problems = await checkCatalogs(options.dir ?? null, this.config.brandName);
    if (problems.length > 0) {
      throw new CliFailure(
        `${problems.length} problem${problems.length === 1 ? '' : 's'} in the message catalogs`,
        EXIT.invalidInput,
        problems.map(({ file, key, problem }) => `${file}: ${key}: ${problem}`),
      );
    }
    output.line(`The ${options.dir ? `catalogs in ${options.dir}` : 'built-in catalogs'} are fine.`);
  }

  @Option({ flags: '--dir <folder>', description: 'check the <tag>.json catalogs of this folder (e.g. MESSAGES_DIR) instead of the built-in ones' })
  parseDir(folder: string): string {
    return folder;
  }
}

@Command({
  name: 'messages',
  description: 'the message catalogs residents are written from, in their languages (CONTRACT §11)',
  subCommands: [MessagesListCommand, MessagesCheckCommand],
})
export class MessagesCommand extends CommandRunner {
  async run(): Promise<void> {
    this.command.help();
  }
}
