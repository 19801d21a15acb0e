import { routeOf, type Delivery, type DeliveryWithMessage, type Id, type NewEvent, type PreferenceCategory } from '@curbside/domain';
import type { MessageRenderer, ResidentLinks } from '@curbside/application';
import { fitText, plainForms } from '@curbside/messages';
import type { UnsubscribeTokens } from './consent/unsubscribe-tokens';
import { residentPageUrl, senderOf, type Sender, type SenderOptions } from './sender';
import type { Letterhead, ShortText } from './templates';

/** Reads the stored language of each of a batch's customers (CONTRACT §11); a customer without one is absent or null. */
export type CustomerLanguages = (customerIds: readonly Id[]) => Promise<ReadonlyMap<Id, string | null>>;

/**
 * A customer's delivery with its message rendered from its event, as it is sent, in the
 * customer's language (CONTRACT §11): an email with its unsubscribe link (in the footer and as
 * `List-Unsubscribe`) and its link to the resident's page (`pageUrl`, CONTRACT §12), a text
 * fitted to its segments, or a call's script.
 */
export function withMessage(delivery: Delivery, event: NewEvent, sender: Sender, customerLanguage: string | null = null, pageUrl: string | null = null): DeliveryWithMessage {
  const language = sender.messages.languageOf(customerLanguage);
  const letterhead: Letterhead = { brand: sender.brand, unsubscribeUrl: null, language, messages: sender.messages };
  if (delivery.channel !== 'Email') return { ...delivery, ...spoken(delivery, sender.templates.short(event, sender.brand, letterhead), sender, language) };
  const category = routeOf(event).category as PreferenceCategory;
  const unsubscribeUrl = sender.unsubscribeUrl({ customerId: event.customerId, category, address: delivery.address });
  const message = sender.templates.email(event, { ...letterhead, unsubscribeUrl, pageUrl });
  return {
    ...delivery,
    subject: message.subject,
    body: message.text,
    html: message.html,
    listUnsubscribe: unsubscribeUrl,
    language: message.language ?? language,
    encoding: null,
    segments: null,
  };
}

/** What rendering adds to a delivery. */
type RenderedMessage = Pick<DeliveryWithMessage, 'subject' | 'body' | 'html' | 'listUnsubscribe' | 'language' | 'encoding' | 'segments'>;

/** A brand template's text may end with the English opt-out line of old: the language's own ending replaces it. */
const OLD_ENDING = /\s*Reply STOP to opt out\.\s*$/;

/**
 * A text (CONTRACT §11): the line with its details when they fit, else the line shortened, then
 * the language's ending naming STOP, within its segments; a call says the whole line and the ending.
 */
function spoken(delivery: Delivery, short: string | ShortText, sender: Sender, language: string): RenderedMessage {
  const text: ShortText = typeof short === 'string' ? { line: short.replace(OLD_ENDING, ''), withDetails: null } : short;
  const used = text.language ?? language;
  const ending = ` ${sender.messages.format(used, 'text.ending').text}`;
  const common = { subject: text.subject ?? text.line, html: null, listUnsubscribe: null, language: used };
  if (delivery.channel !== 'Text') return { ...common, body: plainForms(`${text.withDetails ?? text.line}${ending}`), encoding: null, segments: null };
  const fitted = fitText(used, text.line, text.withDetails, ending);
  return { ...common, body: fitted.text, encoding: fitted.encoding, segments: fitted.segments };
}

/** How long a page link works when the options do not say (RESIDENT_LINK_DAYS' default, CONTRACT §12). */
const RESIDENT_LINK_DAYS = 90;

/**
 * The delivery use case's `MessageRenderer`: each batch's messages in the brand's templates (the
 * house's by default) and each customer's language, with unsubscribe links made with the key
 * stored at that moment and, with `pageLinks`, a fresh link to the resident's page in every
 * email (CONTRACT §12).
 */
export class TemplateRenderer implements MessageRenderer {
  constructor(
    private readonly options: SenderOptions,
    private readonly tokens: UnsubscribeTokens,
    private readonly customerLanguages: CustomerLanguages = async () => new Map(),
    private readonly pageLinks: ResidentLinks | null = null,
  ) {}

  async forBatch(deliveries: readonly Delivery[] = []): Promise<(delivery: Delivery, event: NewEvent) => Promise<DeliveryWithMessage>> {
    const [sender, languages] = await Promise.all([senderOf(this.options, this.tokens), this.customerLanguages([...new Set(deliveries.map((d) => d.customerId))])]);
    return async (delivery, event) => withMessage(delivery, event, sender, languages.get(delivery.customerId) ?? null, await this.pageUrl(delivery));
  }

  /** A new page link for an email's customer; none for texts, calls and webhooks. */
  private async pageUrl(delivery: Delivery): Promise<string | null> {
    if (delivery.channel !== 'Email' || this.pageLinks === null) return null;
    const link = await this.pageLinks.issue(delivery.customerId, new Date(), this.options.residentLinkDays ?? RESIDENT_LINK_DAYS);
    return link === null ? null : residentPageUrl(this.options.publicBaseUrl, link.token);
  }
}
