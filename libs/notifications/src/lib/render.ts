import { routeOf, type Delivery, type DeliveryWithMessage, type NewEvent, type PreferenceCategory } from '@curbside/domain';
import type { MessageRenderer } from '@curbside/application';
import type { UnsubscribeTokens } from './consent/unsubscribe-tokens';
import { senderOf, type Sender, type SenderOptions } from './sender';
import { headline, shortWithOptOut } from './templates';

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

/**
 * The delivery use case's `MessageRenderer`: each batch's messages in the brand's templates (the
 * house's by default), with unsubscribe links made with the key stored at that moment.
 */
export class TemplateRenderer implements MessageRenderer {
  constructor(
    private readonly options: SenderOptions,
    private readonly tokens: UnsubscribeTokens,
  ) {}

  async forBatch(): Promise<(delivery: Delivery, event: NewEvent) => DeliveryWithMessage> {
    const sender = await senderOf(this.options, this.tokens);
    return (delivery, event) => withMessage(delivery, event, sender);
  }
}
