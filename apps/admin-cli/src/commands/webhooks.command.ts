import { Command, CommandRunner, Option, SubCommand } from 'nest-commander';
import type { Webhook } from '@curbside/domain';
import { WebhookError, WebhookService } from '@curbside/notifications';
import { CliFailure, EXIT } from '../cli-failure';
import { output } from '../output';

interface CreateOptions {
  clientId?: string;
  url?: string;
  events?: string[];
  json?: boolean;
}

@SubCommand({
  name: 'create',
  description: "register a webhook for an API client's customers; its signing secret is printed once",
})
export class WebhooksCreateCommand extends CommandRunner {
  constructor(private readonly webhooks: WebhookService) {
    super();
  }

  async run(_: string[], options: CreateOptions): Promise<void> {
    if (!options.clientId || !options.url) throw new CliFailure('--client-id and --url are required.', EXIT.usage);
    let created: { id: string; secret: string };
    try {
      created = await this.webhooks.create(options.clientId, options.url, options.events ?? null);
    } catch (error) {
      if (!(error instanceof WebhookError)) throw error;
      throw new CliFailure(`Cannot create the webhook: ${error.message}.`, error.kind === 'not-found' ? EXIT.notFound : EXIT.invalidInput);
    }
    if (options.json) return output.json(created);
    output.line('Webhook created. Store the secret now: it is not shown again.');
    output.line(`  Id:     ${created.id}`);
    output.line(`  Secret: ${created.secret}`);
  }

  @Option({ flags: '--client-id <id>', description: 'the API client whose customers it receives events of' })
  parseClientId(value: string): string {
    return value;
  }

  @Option({ flags: '--url <url>', description: 'https:// URL to POST events to: not on this machine, a private, link-local or metadata address (http://localhost only with WEBHOOKS_ALLOW_LOOPBACK=true)' })
  parseUrl(value: string): string {
    return value;
  }

  @Option({ flags: '--events <types>', description: 'comma-separated event types (default: all)' })
  parseEvents(value: string): string[] {
    return value.split(',').map((type) => type.trim()).filter(Boolean);
  }

  @Option({ flags: '--json', description: 'print {id, secret} as JSON' })
  parseJson(): boolean {
    return true;
  }
}

@SubCommand({ name: 'list', description: 'list webhooks (never their secrets)' })
export class WebhooksListCommand extends CommandRunner {
  constructor(private readonly webhooks: WebhookService) {
    super();
  }

  async run(_: string[], options: { json?: boolean }): Promise<void> {
    const webhooks = await this.webhooks.list();
    if (options.json) return output.json(webhooks.map(toJson));
    if (webhooks.length === 0) return output.line('No webhooks yet: `webhooks create --client-id <id> --url <url>` registers one.');
    output.table(
      webhooks.map((webhook) => ({
        id: webhook.id,
        client_id: webhook.clientId,
        url: webhook.url,
        events: webhook.events?.join(',') ?? 'all',
        created: webhook.createdAt,
      })),
    );
  }

  @Option({ flags: '--json', description: 'print the webhooks as JSON' })
  parseJson(): boolean {
    return true;
  }
}

@SubCommand({ name: 'delete', arguments: '<webhookId>', description: 'delete a webhook: nothing more is sent to it' })
export class WebhooksDeleteCommand extends CommandRunner {
  constructor(private readonly webhooks: WebhookService) {
    super();
  }

  async run([webhookId]: string[], options: { json?: boolean }): Promise<void> {
    if (!(await this.webhooks.delete(webhookId))) throw new CliFailure(`There is no webhook ${webhookId}.`, EXIT.notFound);
    if (options.json) return output.json({ id: webhookId, deleted: true });
    output.line(`Webhook ${webhookId} is deleted.`);
  }

  @Option({ flags: '--json', description: 'print the result as JSON' })
  parseJson(): boolean {
    return true;
  }
}

@Command({
  name: 'webhooks',
  description: "integrators' webhooks: signed POSTs of their customers' events",
  subCommands: [WebhooksCreateCommand, WebhooksListCommand, WebhooksDeleteCommand],
})
export class WebhooksCommand extends CommandRunner {
  async run(): Promise<void> {
    this.command.help();
  }
}

function toJson(webhook: Webhook) {
  return {
    id: webhook.id,
    client_id: webhook.clientId,
    url: webhook.url,
    events: webhook.events,
    created_at: webhook.createdAt,
  };
}
