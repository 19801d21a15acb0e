import type { ChannelName, Preference, SelectionType } from './preferences';
import type { EventType, NewEvent, OutboxEvent } from './events';
import type { EmailActivity } from './customer';
import { matchingRecipients, routeOf } from './routing';
import type { Id, LocalDateTime } from './values';

/** Where a delivery goes: a customer's channel, or an integrator's webhook. */
export type DeliveryChannel = ChannelName | 'Webhook';

/** `suppressed`: an email to an address on the suppression list (CONTRACT §10), ended without a try. */
export const DELIVERY_STATES = ['pending', 'delivered', 'dead', 'suppressed'] as const;
export type DeliveryState = (typeof DELIVERY_STATES)[number];

/**
 * One message of one event to one destination, as the notifier plans it. A customer's message
 * (Email, Text, Voice) is planned without its text: the notifier renders it from the event when
 * it sends it, so queuing a million reminders writes who gets what, not a million letters.
 */
export interface NewDelivery {
  eventId: number;
  customerId: Id;
  channel: DeliveryChannel;
  /** An email address, a phone number, or the webhook's URL. */
  address: string;
  selectionType: SelectionType | null;
  webhookId: string | null;
  /** The same for every try, so receivers can drop duplicates (and the email's Message-ID). */
  idempotencyKey: string;
  subject: string | null;
  /**
   * A webhook's JSON body. Null for a customer's message, rendered when sent (a row queued
   * before messages were rendered at send time keeps the text it was queued with).
   */
  body: string | null;
  html: string | null;
  /** An email's one-click unsubscribe URL (CONTRACT §10: `List-Unsubscribe`), when stored with its text; absent or null otherwise. */
  listUnsubscribe?: string | null;
  /** The W3C `traceparent` its send continues; absent: the trace in progress when it is written (if any). */
  traceparent?: string | null;
}

export interface Delivery extends NewDelivery, MessageForm {
  id: number;
  state: DeliveryState;
  attempts: number;
  createdAt: LocalDateTime;
  nextAttemptAt: LocalDateTime;
  deliveredAt: LocalDateTime | null;
  lastError: string | null;
}

/** How a text travels (CONTRACT §11): GSM 03.38's 7-bit alphabet, or UCS-2 for any other character. */
export type TextEncoding = 'GSM-7' | 'UCS-2';

/** What a customer's message was written as (CONTRACT §11): recorded with the delivery, shown by `deliveries list --json`. */
export interface MessageForm {
  /** The language the message was actually written in, after any fallback; null for a webhook. */
  language?: string | null;
  /** A text's encoding; null for the other channels. */
  encoding?: TextEncoding | null;
  /** A text's segments as carriers bill them; null for the other channels. */
  segments?: number | null;
}

/** A delivery with its message, as it goes out: stored (a webhook's body) or rendered from its event when sent. */
export interface DeliveryWithMessage extends Delivery {
  body: string;
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
 * is the same however often the event is fanned out. In two steps: who gets it is worked out
 * now, from the event as it will be written; the rows, which need its id (the keys, a webhook's
 * body), by the function returned, once it is written.
 */
export function planDeliveries(
  event: NewEvent,
  preferences: readonly Preference[],
  webhooks: readonly WebhookWithSecret[] = [],
): (written: OutboxEvent) => NewDelivery[] {
  const recipients = matchingRecipients(event, preferences);
  const takers = routeOf(event).webhooks ? webhooks.filter((webhook) => webhook.events === null || webhook.events.includes(event.type)) : [];
  // Written out field by field, not spread: a daily run plans millions of these.
  return (written) => [
    ...recipients.map(
      (recipient): NewDelivery => ({
        eventId: written.id,
        customerId: written.customerId,
        channel: recipient.channel,
        address: recipient.address,
        selectionType: recipient.type,
        webhookId: null,
        idempotencyKey: `curbside-${written.id}-${recipient.channel.toLowerCase()}-${recipient.type.toLowerCase()}`,
        subject: null,
        body: null,
        html: null,
        listUnsubscribe: null,
      }),
    ),
    ...takers.map(
      (webhook): NewDelivery => ({
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
      }),
    ),
  ];
}

/** An integrator's endpoint; `events` null means every type. The secret is shown once, at creation. */
export interface Webhook {
  id: string;
  clientId: string;
  url: string;
  events: EventType[] | null;
  createdAt: LocalDateTime;
}

export interface WebhookWithSecret extends Webhook {
  secret: string;
}

/** The id of the email activity a delivery records: 18 digits, starting with 9, one per delivery. */
export const emailActivityIdOf = (deliveryId: number): Id => (900_000_000_000_000_000n + BigInt(deliveryId)).toString();

/** The email activity a delivered email is recorded as (what GET activities/email shows of it), sent from `fromAddress`. */
export function deliveredEmailActivity(delivery: DeliveryWithMessage, fromAddress: string, sentAt: LocalDateTime): EmailActivity {
  return {
    id: emailActivityIdOf(delivery.id),
    userId: null,
    email: {
      typeId: null,
      typeDescription: 'Notification',
      fromAddress,
      toAddress: delivery.address,
      ccAddress: null,
      subject: delivery.subject,
      body: delivery.body,
      sentBy: 'SYSTEM',
      sendStatus: 'SENT',
      sentAt,
    },
    audit: { createdBy: 'SYSTEM', createdAt: sentAt, modifiedBy: null, modifiedAt: null },
  };
}

/** An address on the suppression list (CONTRACT §10): no email goes to it until it is lifted. */
export interface Suppression {
  /** In lower case. */
  address: string;
  /** Why: the SMTP answer that refused it. */
  reason: string;
  /** The delivery that bounced, when one did. */
  deliveryId: number | null;
  createdAt: LocalDateTime;
}
