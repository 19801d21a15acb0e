import { Injectable } from '@nestjs/common';
import { WebhookRegistry } from './webhook-registry';

/** Registers an integrator's webhook (CLI `webhooks create`); the registry's refusals pass through. */
@Injectable()
export class CreateWebhook {
  constructor(private readonly webhooks: WebhookRegistry) {}

  execute(clientId: string, url: string, events: readonly string[] | null): Promise<{ id: string; secret: string }> {
    return this.webhooks.create(clientId, url, events);
  }
}

/** Deletes a webhook (CLI `webhooks delete`): nothing more is sent to it. False when there is none. */
@Injectable()
export class DeleteWebhook {
  constructor(private readonly webhooks: WebhookRegistry) {}

  execute(id: string): Promise<boolean> {
    return this.webhooks.delete(id);
  }
}
