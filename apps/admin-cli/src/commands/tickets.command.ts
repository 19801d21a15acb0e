import { Command, CommandRunner, Option, SubCommand } from 'nest-commander';
import { ID_PATTERN, TICKET_STATUSES, TicketStatus } from '@curbside/domain';
import { SetTicketStatus } from '@curbside/application';
import { CliFailure, EXIT } from '../cli-failure';
import { output } from '../output';

interface SetStatusOptions {
  by?: string;
  json?: boolean;
}

@SubCommand({
  name: 'set-status',
  arguments: '<customerId> <ticketId> <status>',
  description: `move a service ticket to ${TICKET_STATUSES.join('|')}; the customer is notified (outbox event)`,
})
export class TicketsSetStatusCommand extends CommandRunner {
  constructor(private readonly setTicketStatus: SetTicketStatus) {
    super();
  }

  async run([customerId, ticketId, status]: string[], options: SetStatusOptions): Promise<void> {
    for (const [name, value] of [['customerId', customerId], ['ticketId', ticketId]]) {
      if (!ID_PATTERN.test(value)) throw new CliFailure(`${name} must be 1 to 18 digits: "${value}"`, EXIT.invalidInput);
    }
    if (!TICKET_STATUSES.includes(status as TicketStatus)) {
      throw new CliFailure(`status must be one of ${TICKET_STATUSES.join(', ')}: "${status}"`, EXIT.invalidInput);
    }
    const change = await this.setTicketStatus.execute(customerId, ticketId, status as TicketStatus, options.by ?? 'admin-cli');
    if (change === null) throw new CliFailure(`Customer ${customerId} has no service ticket ${ticketId}.`, EXIT.notFound);
    if (options.json) return output.json({ customer_id: customerId, ticket_id: ticketId, from: change.from, to: change.to });
    output.line(change.from === change.to ? `Ticket ${ticketId} is already ${change.to}.` : `Ticket ${ticketId}: ${change.from} -> ${change.to}.`);
  }

  @Option({ flags: '--by <user>', description: 'who made the change (default: admin-cli)' })
  parseBy(value: string): string {
    return value;
  }

  @Option({ flags: '--json', description: 'print {customer_id, ticket_id, from, to} as JSON' })
  parseJson(): boolean {
    return true;
  }
}

@Command({ name: 'tickets', description: 'service ticket lifecycle', subCommands: [TicketsSetStatusCommand] })
export class TicketsCommand extends CommandRunner {
  async run(): Promise<void> {
    this.command.help();
  }
}
