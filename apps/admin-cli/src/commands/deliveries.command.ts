import { Command, CommandRunner, Option, SubCommand } from 'nest-commander';
import { DELIVERY_STATES, type Delivery, type DeliveryState } from '@curbside/domain';
import { DeliveryRepository } from '@curbside/persistence';
import { CliFailure, EXIT } from '../cli-failure';
import { output } from '../output';

interface ListOptions {
  status?: DeliveryState;
  json?: boolean;
}

@SubCommand({ name: 'list', description: 'list the notifier\'s deliveries, oldest first' })
export class DeliveriesListCommand extends CommandRunner {
  constructor(private readonly deliveries: DeliveryRepository) {
    super();
  }

  async run(_: string[], options: ListOptions): Promise<void> {
    const deliveries = await this.deliveries.list(options.status);
    if (options.json) return output.json(deliveries.map(toJson));
    if (deliveries.length === 0) return output.line('No deliveries.');
    output.table(
      deliveries.map((delivery) => ({
        id: String(delivery.id),
        event: String(delivery.eventId),
        customer: delivery.customerId,
        channel: delivery.channel,
        to: delivery.address,
        status: delivery.state,
        attempts: String(delivery.attempts),
        language: delivery.language ?? '-',
        last_error: delivery.lastError ?? '-',
      })),
    );
  }

  @Option({ flags: '--status <status>', description: `only deliveries in this state: ${DELIVERY_STATES.join('|')}` })
  parseStatus(value: string): DeliveryState {
    if (!DELIVERY_STATES.includes(value as DeliveryState)) {
      throw new CliFailure(`--status must be one of ${DELIVERY_STATES.join(', ')}: "${value}"`, EXIT.usage);
    }
    return value as DeliveryState;
  }

  @Option({ flags: '--json', description: 'print the deliveries as JSON' })
  parseJson(): boolean {
    return true;
  }
}

@SubCommand({
  name: 'replay',
  arguments: '[deliveryId]',
  description: 'send a dead (or suppressed) delivery again, or every dead one with --all-dead, with a fresh count of attempts',
})
export class DeliveriesReplayCommand extends CommandRunner {
  constructor(private readonly deliveries: DeliveryRepository) {
    super();
  }

  async run([deliveryId]: string[], options: { allDead?: boolean; json?: boolean }): Promise<void> {
    if (Boolean(deliveryId) === Boolean(options.allDead)) throw new CliFailure('Give a delivery id or --all-dead.', EXIT.usage);
    if (deliveryId !== undefined && !/^\d{1,15}$/.test(deliveryId)) {
      throw new CliFailure(`deliveryId must be digits: "${deliveryId}"`, EXIT.invalidInput);
    }
    const replayed = await this.deliveries.replay(options.allDead ? 'all-dead' : Number(deliveryId));
    if (deliveryId !== undefined && replayed === 0) throw new CliFailure(`There is no dead or suppressed delivery ${deliveryId}.`, EXIT.notFound);
    if (options.json) return output.json({ replayed });
    output.line(`${replayed} delivery(ies) back in line; the notifier sends them now.`);
  }

  @Option({ flags: '--all-dead', description: 'replay every dead delivery' })
  parseAllDead(): boolean {
    return true;
  }

  @Option({ flags: '--json', description: 'print {replayed} as JSON' })
  parseJson(): boolean {
    return true;
  }
}

@Command({
  name: 'deliveries',
  description: 'what the notifier sent, is sending, or gave up on',
  subCommands: [DeliveriesListCommand, DeliveriesReplayCommand],
})
export class DeliveriesCommand extends CommandRunner {
  async run(): Promise<void> {
    this.command.help();
  }
}

function toJson(delivery: Delivery) {
  return {
    id: delivery.id,
    event_id: delivery.eventId,
    customer_id: delivery.customerId,
    channel: delivery.channel,
    to: delivery.address,
    selection_type: delivery.selectionType,
    webhook_id: delivery.webhookId,
    idempotency_key: delivery.idempotencyKey,
    subject: delivery.subject,
    status: delivery.state,
    attempts: delivery.attempts,
    created_at: delivery.createdAt,
    next_attempt_at: delivery.nextAttemptAt,
    delivered_at: delivery.deliveredAt,
    last_error: delivery.lastError,
    // CONTRACT §11: the language the message was written in; a text's encoding and segments.
    language: delivery.language ?? null,
    ...(delivery.channel === 'Text' ? { encoding: delivery.encoding ?? null, segments: delivery.segments ?? null } : {}),
  };
}
