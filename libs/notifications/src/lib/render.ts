import { routeOf, type Delivery, type DeliveryWithMessage, type NewEvent, type PreferenceCategory } from '@curbside/domain';
import type { UnsubscribeGrant } from './consent/unsubscribe-tokens';
import { headline, shortWithOptOut, type MessageTemplates } from './templates';

/** Whose messages these are and how each email's reader stops them (CONTRACT §10). */
export interface Sender {
  brand: string;
  /** The brand's messages (the house's unless it has its own). */
  templates: MessageTemplates;
  /** The one-click unsubscribe URL of one customer's emails of one category to one address. */
  unsubscribeUrl(grant: UnsubscribeGrant): string;
}

/** True when the delivery carries its message as stored (a webhook's body, a row queued with its text). */
export const hasMessage = (delivery: Delivery): delivery is DeliveryWithMessage => delivery.body !== null;

/**
 * A customer's delivery with its message rendered from its event, as it is sent: an email with
 * its unsubscribe link (in the footer and as `List-Unsubscribe`), or a text or call.
 */
export function withMessage(delivery: Delivery, event: NewEvent, sender: Sender): DeliveryWithMessage {
  if (delivery.channel !== 'Email') {
    return { ...delivery, subject: `${sender.brand}: ${headline(event)}`, body: shortWithOptOut(sender.templates.short(event, sender.brand)), html: null, listUnsubscribe: null };
  }
  const category = routeOf(event).category as PreferenceCategory;
  const unsubscribeUrl = sender.unsubscribeUrl({ customerId: event.customerId, category, address: delivery.address });
  const message = sender.templates.email(event, { brand: sender.brand, unsubscribeUrl });
  return { ...delivery, subject: message.subject, body: message.text, html: message.html, listUnsubscribe: unsubscribeUrl };
}
