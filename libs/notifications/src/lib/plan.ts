import type { NewDelivery, OutboxEvent, Preference, WebhookWithSecret } from '@curbside/domain';
import { matchingRecipients, routeOf } from './routing';
import { renderMessage, shortMessage } from './templates';

/** The JSON body POSTed to webhooks (CONTRACT §5). */
export function webhookBody(event: OutboxEvent): string {
  return JSON.stringify({
    id: String(event.id),
    type: event.type,
    created_at: event.createdAt,
    customer_id: event.customerId,
    data: event.payload,
  });
}

/**
 * The deliveries of one event: one per matching selection of the customer (by the
 * preferences passed, those at fan-out time) and one per webhook that takes its type. Each
 * gets a key that is the same however often the event is fanned out.
 */
export function planDeliveries(
  event: OutboxEvent,
  preferences: readonly Preference[],
  webhooks: readonly WebhookWithSecret[],
): NewDelivery[] {
  const message = renderMessage(event);
  const base = { eventId: event.id, customerId: event.customerId };
  const toSelections: NewDelivery[] = matchingRecipients(event, preferences).map(({ channel, type, address }) => ({
    ...base,
    channel,
    address,
    selectionType: type,
    webhookId: null,
    idempotencyKey: `curbside-${event.id}-${channel.toLowerCase()}-${type.toLowerCase()}`,
    subject: message.subject,
    body: channel === 'Email' ? message.text : shortMessage(event),
    html: channel === 'Email' ? message.html : null,
  }));
  const toWebhooks: NewDelivery[] = webhooks
    .filter((webhook) => routeOf(event).webhooks && (webhook.events === null || webhook.events.includes(event.type)))
    .map((webhook) => ({
      ...base,
      channel: 'Webhook',
      address: webhook.url,
      selectionType: null,
      webhookId: webhook.id,
      idempotencyKey: `curbside-${event.id}-webhook-${webhook.id}`,
      subject: null,
      body: webhookBody(event),
      html: null,
    }));
  return [...toSelections, ...toWebhooks];
}
