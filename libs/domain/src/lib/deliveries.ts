import type { ChannelName, SelectionType } from './preferences';
import type { EventType } from './events';
import type { EmailActivity } from './customer';
import type { Id, LocalDateTime } from './values';

/** Where a delivery goes: a customer's channel, or an integrator's webhook. */
export type DeliveryChannel = ChannelName | 'Webhook';

/** `suppressed`: an email to an address on the suppression list (CONTRACT §10), ended without a try. */
export const DELIVERY_STATES = ['pending', 'delivered', 'dead', 'suppressed'] as const;
export type DeliveryState = (typeof DELIVERY_STATES)[number];

/** One message of one event to one destination, as the notifier plans it. */
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
  /** The text as sent (for a webhook, the JSON body). */
  body: string;
  html: string | null;
  /** An email's one-click unsubscribe URL (CONTRACT §10: `List-Unsubscribe`); absent or null otherwise. */
  listUnsubscribe?: string | null;
}

export interface Delivery extends NewDelivery {
  id: number;
  state: DeliveryState;
  attempts: number;
  createdAt: LocalDateTime;
  nextAttemptAt: LocalDateTime;
  deliveredAt: LocalDateTime | null;
  lastError: string | null;
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
export function deliveredEmailActivity(delivery: Delivery, fromAddress: string, sentAt: LocalDateTime): EmailActivity {
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
