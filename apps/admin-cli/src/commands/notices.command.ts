import { Inject } from '@nestjs/common';
import { Command, CommandRunner, Option, SubCommand } from 'nest-commander';
import type { Config } from '@curbside/config';
import { CONFIG } from '@curbside/runtime';
import { addDays, ID_PATTERN, todayIn, WEEKDAYS, weekdayIndex, type LocalDate } from '@curbside/domain';
import { ExplainNotices, NoticeRun, type ExplainedNotice, type NoticeExplanation } from '@curbside/application';
import { CliFailure, EXIT } from '../cli-failure';
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

@SubCommand({
  name: 'explain',
  arguments: '<customerId>',
  description: 'what a customer was or will be told for a day, and why not otherwise ("I never got my reminder")',
})
export class NoticesExplainCommand extends CommandRunner {
  constructor(
    private readonly explainNotices: ExplainNotices,
    @Inject(CONFIG) private readonly config: Config,
  ) {
    super();
  }

  async run([customerId]: string[], options: { date?: LocalDate; json?: boolean }): Promise<void> {
    if (!ID_PATTERN.test(customerId)) throw new CliFailure(`A customer id is 1 to 18 digits: "${customerId}"`, EXIT.usage);
    const date = options.date ?? todayIn(this.config.timeZone, new Date());
    const explanation = await this.explainNotices.explain(customerId, date);
    if (explanation === null) throw new CliFailure(`There is no customer ${customerId}.`, EXIT.notFound);
    if (options.json) return output.json(snakeCased(explanation));
    for (const line of describe(explanation, this.config.notifier.reminderTime)) output.line(line);
  }

  @Option({ flags: '--date <yyyy-MM-dd>', description: 'the pickup day (default: today in TIME_ZONE)' })
  parseDate(value: string): LocalDate {
    return parseDay('--date', value);
  }

  @Option({ flags: '--json', description: 'print the explanation as JSON' })
  parseJson(): boolean {
    return true;
  }
}

/** The explanation as an operator reads it, one line a fact. */
function describe(explanation: NoticeExplanation, reminderTime: string): string[] {
  const { customerId, date, pickups, movedAway, reminderRun, notices } = explanation;
  const lines = [`Customer ${customerId}, ${date}:`];
  if (pickups.length === 0 && movedAway.length === 0) return [...lines, '  not scheduled: no pickup that day, so no reminder.'];
  for (const pickup of pickups) {
    const moved = pickup.scheduledDate === date ? '' : ` (moved from ${pickup.scheduledDate} by ${pickup.holidays.join(', ')})`;
    lines.push(`  pickup: ${pickup.service} (${pickup.serviceId})${moved}`);
  }
  for (const pickup of movedAway) lines.push(`  holiday-moved: ${pickup.service} (${pickup.serviceId}) goes on ${pickup.date} instead (${pickup.holidays.join(', ')})`);
  for (const notice of notices) lines.push(...describeNotice(notice, reminderRun, reminderTime));
  return lines;
}

function describeNotice(notice: ExplainedNotice, run: NoticeExplanation['reminderRun'], reminderTime: string): string[] {
  const what = notice.type === 'pickup.reminder' ? 'reminder' : `move notice (${notice.holiday?.name}, ${notice.holiday?.date}, ${notice.holiday?.delayDays} day(s))`;
  const unreached = notice.unreached.map(
    (selection) =>
      `    not to ${selection.channel} ${selection.address || '(no address)'}: ${selection.why}` +
      (selection.modifiedBy ? ` (by ${selection.modifiedBy}${selection.modifiedAt ? `, ${selection.modifiedAt}` : ''})` : ''),
  );
  if (notice.event === null) {
    const to = notice.reached.map((recipient) => `${recipient.channel} ${recipient.address}`).join(', ');
    if (notice.reached.length === 0) return [`  ${what}: not written: it reaches nobody (no selection of its category and audience is opted in)`, ...unreached];
    const when = run.finished ? `not written although the run of ${run.day} finished: run \`notices run --today ${run.day}\`` : `will be written by the run of ${run.day} at ${reminderTime}`;
    return [`  ${what}: ${when}, to ${to}`, ...unreached];
  }
  const trace = notice.event.traceId ? `, trace ${notice.event.traceId}` : '';
  const header = `  ${what}: written ${notice.event.createdAt} (event ${notice.event.id}${trace})`;
  const deliveries = notice.deliveries.map((delivery) => {
    const facts = [
      delivery.at === null ? null : delivery.verdict === 'delivered' ? `at ${delivery.at}` : `until ${delivery.at}`,
      delivery.messageId === null ? null : `Message-ID ${delivery.messageId}`,
      delivery.suppressedAt === null ? null : `address suppressed ${delivery.suppressedAt}`,
      delivery.error === null ? null : `"${delivery.error}"`,
    ].filter((fact) => fact !== null);
    return `    ${delivery.channel} ${delivery.address}: ${delivery.verdict}${facts.length > 0 ? ` (${facts.join(', ')})` : ''}`;
  });
  if (deliveries.length === 0 && notice.event.state !== 'delivered') deliveries.push(`    not fanned out yet (event ${notice.event.state}${notice.event.lastError ? `: ${notice.event.lastError}` : ''})`);
  return [header, ...deliveries, ...unreached];
}

/** The explanation with snake_case member names, as the CLI's other JSON. */
function snakeCased(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(snakeCased);
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(Object.entries(value).map(([name, member]) => [name.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`), snakeCased(member)]));
}

@Command({ name: 'notices', description: 'pickup reminders and holiday move notices', subCommands: [NoticesRunCommand, NoticesExplainCommand] })
export class NoticesCommand extends CommandRunner {
  async run(): Promise<void> {
    this.command.help();
  }
}
