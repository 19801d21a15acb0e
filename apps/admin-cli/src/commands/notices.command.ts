import { Inject } from '@nestjs/common';
import { Command, CommandRunner, Option, SubCommand } from 'nest-commander';
import type { Config } from '@curbside/config';
import { CONFIG } from '@curbside/core';
import { addDays, todayIn, WEEKDAYS, weekdayIndex, type LocalDate } from '@curbside/domain';
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
    if (result.pickups === 0) output.line(noPickups(addDays(today, 1), result.nextPickupDay ?? null));
  }

  @Option({ flags: '--today <yyyy-MM-dd>', description: 'run as if today were this day (default: today in TIME_ZONE)' })
  parseToday(value: string): LocalDate {
    return parseDay('--today', value);
  }

  @Option({ flags: '--dry-run', description: 'count the customers it would notify; send nothing' })
  parseDryRun(): boolean {
    return true;
  }

  @Option({ flags: '--json', description: 'print {today, reminders, moves, pickups} as JSON, and nextPickupDay when pickups is 0' })
  parseJson(): boolean {
    return true;
  }
}

/** Why a run reminds no one: tomorrow has no pickups at all, and the next day that has (or that none has soon). */
function noPickups(tomorrow: LocalDate, next: LocalDate | null): string {
  const day = (date: LocalDate) => `${WEEKDAYS[weekdayIndex(date)].charAt(0)}${WEEKDAYS[weekdayIndex(date)].slice(1).toLowerCase()} ${date}`;
  const after = next === null ? 'no day in the next five weeks has any (are the services imported?)' : `the next day with pickups is ${day(next)}`;
  return `No customer has a pickup tomorrow, ${day(tomorrow)}: ${after}.`;
}

@Command({ name: 'notices', description: 'pickup reminders and holiday move notices', subCommands: [NoticesRunCommand] })
export class NoticesCommand extends CommandRunner {
  async run(): Promise<void> {
    this.command.help();
  }
}
