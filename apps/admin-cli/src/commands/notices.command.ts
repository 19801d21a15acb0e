import { Inject } from '@nestjs/common';
import { Command, CommandRunner, Option, SubCommand } from 'nest-commander';
import type { Config } from '@curbside/config';
import { CONFIG } from '@curbside/core';
import { todayIn, type LocalDate } from '@curbside/domain';
import { NoticeRun } from '@curbside/application';
import { output } from '../output';
import { parseDay } from './day-option';

interface RunOptions {
  today?: LocalDate;
  dryRun?: boolean;
  json?: boolean;
}

@SubCommand({
  name: 'run',
  description: "the daily run now: tomorrow's pickup reminders and the holiday move notices not yet sent (CONTRACT §8)",
})
export class NoticesRunCommand extends CommandRunner {
  constructor(
    private readonly run_: NoticeRun,
    @Inject(CONFIG) private readonly config: Config,
  ) {
    super();
  }

  async run(_: string[], options: RunOptions): Promise<void> {
    const today = options.today ?? todayIn(this.config.timeZone, new Date());
    const result = await this.run_.run(today, { dryRun: options.dryRun === true });
    if (options.json) return output.json(result);
    const verb = options.dryRun ? 'would be notified' : 'notified';
    output.line(`${today}: ${result.reminders} customer(s) ${verb} of tomorrow's pickups, ${result.moves} of holiday moves.`);
  }

  @Option({ flags: '--today <yyyy-MM-dd>', description: 'run as if today were this day (default: today in TIME_ZONE)' })
  parseToday(value: string): LocalDate {
    return parseDay('--today', value);
  }

  @Option({ flags: '--dry-run', description: 'count the customers it would notify; send nothing' })
  parseDryRun(): boolean {
    return true;
  }

  @Option({ flags: '--json', description: 'print {today, reminders, moves} as JSON' })
  parseJson(): boolean {
    return true;
  }
}

@Command({ name: 'notices', description: 'pickup reminders and holiday move notices', subCommands: [NoticesRunCommand] })
export class NoticesCommand extends CommandRunner {
  async run(): Promise<void> {
    this.command.help();
  }
}
