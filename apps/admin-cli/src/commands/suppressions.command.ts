import { Command, CommandRunner, Option, SubCommand } from 'nest-commander';
import { DeliveryRepository } from '@curbside/persistence';
import { CliFailure, EXIT } from '../cli-failure';
import { output } from '../output';

@SubCommand({ name: 'list', description: 'list the addresses no email is sent to (they bounced for good), by address' })
export class SuppressionsListCommand extends CommandRunner {
  constructor(private readonly deliveries: DeliveryRepository) {
    super();
  }

  async run(_: string[], options: { json?: boolean }): Promise<void> {
    const suppressions = await this.deliveries.suppressions();
    if (options.json) {
      return output.json(suppressions.map((s) => ({ address: s.address, reason: s.reason, delivery_id: s.deliveryId, created_at: s.createdAt })));
    }
    if (suppressions.length === 0) return output.line('No suppressed addresses.');
    output.table(suppressions.map((s) => ({ address: s.address, since: s.createdAt, delivery: s.deliveryId === null ? '-' : String(s.deliveryId), reason: s.reason })));
  }

  @Option({ flags: '--json', description: 'print the suppressions as JSON' })
  parseJson(): boolean {
    return true;
  }
}

@SubCommand({
  name: 'delete',
  arguments: '<address>',
  description: 'lift the suppression of an address: emails to it are sent again (replay its suppressed deliveries with deliveries replay <id>)',
})
export class SuppressionsDeleteCommand extends CommandRunner {
  constructor(private readonly deliveries: DeliveryRepository) {
    super();
  }

  async run([address]: string[], options: { json?: boolean }): Promise<void> {
    if (!(await this.deliveries.deleteSuppression(address))) throw new CliFailure(`${address} is not suppressed.`, EXIT.notFound);
    if (options.json) return output.json({ deleted: address.trim().toLowerCase() });
    output.line(`${address} is no longer suppressed.`);
  }

  @Option({ flags: '--json', description: 'print {deleted} as JSON' })
  parseJson(): boolean {
    return true;
  }
}

@Command({
  name: 'suppressions',
  description: 'the suppression list: email addresses refused for good (SMTP 5xx), not emailed again until lifted (CONTRACT §10)',
  subCommands: [SuppressionsListCommand, SuppressionsDeleteCommand],
})
export class SuppressionsCommand extends CommandRunner {
  async run(): Promise<void> {
    this.command.help();
  }
}
