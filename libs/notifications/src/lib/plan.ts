import {
  matchingRecipients,
  routeOf,
  type NewDelivery,
  type NewEvent,
  type OutboxEvent,
  type Preference,
  type PreferenceCategory,
  type Recipient,
  type WebhookWithSecret,
} from '@curbside/domain';
import type { UnsubscribeGrant, UnsubscribeTokens } from './consent/unsubscribe-tokens';
import { senderOf, type SenderOptions } from './sender';
import { headline, renderMessage, shortMessage } from './templates';

/** Whose messages these are and how each email's reader stops them (CONTRACT §10). */
export interface Sender {
  brand: string;
  /** The one-click unsubscribe URL of one customer's emails of one category to one address. */
  unsubscribeUrl(grant: UnsubscribeGrant): string;
}

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
 * The deliveries of one event: one per matching selection of the customer (by the preferences
 * passed, those at fan-out time) and one per webhook that takes its type. Each gets a key that
 * is the same however often the event is fanned out. In two steps: the messages are rendered
 * now, from the event as it will be written; the rows, which need its id (the keys, a webhook's
 * body), by the function returned, once it is written. So the daily run renders a chunk's
 * messages while the chunk before is being written.
 */
export function planDeliveries(
  event: NewEvent,
  preferences: readonly Preference[],
  webhooks: readonly WebhookWithSecret[],
  sender: Sender,
): (written: OutboxEvent) => NewDelivery[] {
  const category = routeOf(event).category as PreferenceCategory;
  const messages = matchingRecipients(event, preferences).map((recipient) => ({ recipient, message: messageFor(event, recipient, category, sender) }));
  const takers = routeOf(event).webhooks ? webhooks.filter((webhook) => webhook.events === null || webhook.events.includes(event.type)) : [];
  // Written out field by field, not spread: a daily run plans millions of these.
  return (written) => [
    ...messages.map(({ recipient, message }): NewDelivery => ({
      eventId: written.id,
      customerId: written.customerId,
      channel: recipient.channel,
      address: recipient.address,
      selectionType: recipient.type,
      webhookId: null,
      idempotencyKey: `curbside-${written.id}-${recipient.channel.toLowerCase()}-${recipient.type.toLowerCase()}`,
      subject: message.subject,
      body: message.body,
      html: message.html,
      listUnsubscribe: message.listUnsubscribe,
    })),
    ...takers.map((webhook): NewDelivery => ({
      eventId: written.id,
      customerId: written.customerId,
      channel: 'Webhook',
      address: webhook.url,
      selectionType: null,
      webhookId: webhook.id,
      idempotencyKey: `curbside-${written.id}-webhook-${webhook.id}`,
      subject: null,
      body: webhookBody(written),
      html: null,
    })),
  ];
}

/** An email (with its unsubscribe link, in the footer and as `List-Unsubscribe`), or a text or call. */
function messageFor(event: NewEvent, { channel, address }: Recipient, category: PreferenceCategory, sender: Sender) {
  if (channel !== 'Email') {
    return { subject: `${sender.brand}: ${headline(event)}`, body: shortMessage(event, sender.brand), html: null, listUnsubscribe: null };
  }
  const unsubscribeUrl = sender.unsubscribeUrl({ customerId: event.customerId, category, address });
  const message = renderMessage(event, { brand: sender.brand, unsubscribeUrl });
  return { subject: message.subject, body: message.text, html: message.html, listUnsubscribe: unsubscribeUrl };
}

/** Plans deliveries as the hauler's sender: the planner of the notices' messages (the application's NoticeDeliveries). */
export class DeliveryPlanner {
  constructor(
    private readonly options: SenderOptions,
    private readonly tokens: UnsubscribeTokens,
  ) {}

  /** A planner for one batch of events (`planDeliveries` with this sender): the unsubscribe key is read once. */
  async planner() {
    const sender = await senderOf(this.options, this.tokens);
    return (event: NewEvent, preferences: readonly Preference[], webhooks: readonly WebhookWithSecret[] = []) =>
      planDeliveries(event, preferences, webhooks, sender);
  }
}
