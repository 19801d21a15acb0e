import { routeOf, type Delivery, type DeliveryWithMessage, type NewEvent, type PreferenceCategory } from '@curbside/domain';
import type { MessageRenderer, ResidentLinks } from '@curbside/application';
import type { UnsubscribeTokens } from './consent/unsubscribe-tokens';
import { residentPageUrl, senderOf, type Sender, type SenderOptions } from './sender';
import { headline, shortWithOptOut } from './templates';

/**
 * A customer's delivery with its message rendered from its event, as it is sent: an email with
 * its unsubscribe link (in the footer and as `List-Unsubscribe`) and its link to the resident's
 * page (`pageUrl`, CONTRACT §12), or a text or call.
 */
export function withMessage(delivery: Delivery, event: NewEvent, sender: Sender, pageUrl: string | null = null): DeliveryWithMessage {
  if (delivery.channel !== 'Email') {
    return { ...delivery, subject: `${sender.brand}: ${headline(event)}`, body: shortWithOptOut(sender.templates.short(event, sender.brand)), html: null, listUnsubscribe: null };
  }
  const category = routeOf(event).category as PreferenceCategory;
  const unsubscribeUrl = sender.unsubscribeUrl({ customerId: event.customerId, category, address: delivery.address });
  const message = sender.templates.email(event, { brand: sender.brand, unsubscribeUrl, pageUrl });
  return { ...delivery, subject: message.subject, body: message.text, html: message.html, listUnsubscribe: unsubscribeUrl };
}

/** How long a page link works when the options do not say (RESIDENT_LINK_DAYS' default, CONTRACT §12). */
const RESIDENT_LINK_DAYS = 90;

/**
 * The delivery use case's `MessageRenderer`: each batch's messages in the brand's templates (the
 * house's by default), with unsubscribe links made with the key stored at that moment and, with
 * `pageLinks`, a fresh link to the resident's page in every email (CONTRACT §12).
 */
export class TemplateRenderer implements MessageRenderer {
  constructor(
    private readonly options: SenderOptions,
    private readonly tokens: UnsubscribeTokens,
    private readonly pageLinks: ResidentLinks | null = null,
  ) {}

  async forBatch(): Promise<(delivery: Delivery, event: NewEvent) => Promise<DeliveryWithMessage>> {
    const sender = await senderOf(this.options, this.tokens);
    return async (delivery, event) => withMessage(delivery, event, sender, await this.pageUrl(delivery));
  }

  /** A new page link for an email's customer; none for texts, calls and webhooks. */
  private async pageUrl(delivery: Delivery): Promise<string | null> {
    if (delivery.channel !== 'Email' || this.pageLinks === null) return null;
    const link = await this.pageLinks.issue(delivery.customerId, new Date(), this.options.residentLinkDays ?? RESIDENT_LINK_DAYS);
    return link === null ? null : residentPageUrl(this.options.publicBaseUrl, link.token);
  }
}
