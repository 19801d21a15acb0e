import { RESIDENT_PAGE_PATH, ROUTES } from '@curbside/contract';
import { loadMessages, type Messages, type MessagesOptions } from '@curbside/messages';
import type { UnsubscribeGrant, UnsubscribeTokens } from './consent/unsubscribe-tokens';
import { HOUSE_TEMPLATES, type MessageTemplates } from './templates';

/** Who the messages are from, where residents reach the API (CONTRACT §10), and the languages they are written in (§11). */
export interface SenderOptions {
  brandName: string;
  publicBaseUrl: string;
  /** `LANGUAGES` and `MESSAGES_DIR`; absent: English only, the built-in catalogs. */
  languages?: { offered: readonly string[]; messagesDir: string | null };
  /** A brand's own messages; the house's by default. */
  templates?: MessageTemplates;
  /** How long the page link in each email works (RESIDENT_LINK_DAYS, CONTRACT §12); 90 days by default. */
  residentLinkDays?: number;
}

/** Whose messages these are, how each email's reader stops them (CONTRACT §10), and the catalogs they are written from (§11). */
export interface Sender {
  brand: string;
  /** The brand's messages (the house's unless it has its own). */
  templates: MessageTemplates;
  messages: Messages;
  /** The one-click unsubscribe URL of one customer's emails of one category to one address. */
  unsubscribeUrl(grant: UnsubscribeGrant): string;
}

/** The public address of an unsubscribe link: `{PUBLIC_BASE_URL}/unsubscribe/{token}`. */
export const unsubscribeUrl = (publicBaseUrl: string, token: string): string => `${publicBaseUrl}${ROUTES.unsubscribe.path.replace('{token}', token)}`;

/** The catalogs of each options object, built once (they read MESSAGES_DIR). */
const catalogs = new WeakMap<SenderOptions, Promise<Messages>>();

export function messagesOf(options: SenderOptions): Promise<Messages> {
  let messages = catalogs.get(options);
  if (messages === undefined) {
    const settings: MessagesOptions = { languages: options.languages?.offered ?? ['en'], messagesDir: options.languages?.messagesDir ?? null };
    catalogs.set(options, (messages = loadMessages(settings)));
  }
  return messages;
}

/** The link to a resident's page (CONTRACT §12), as an email or an agent gives it: `{PUBLIC_BASE_URL}/my/{token}`. */
export const residentPageUrl = (publicBaseUrl: string, token: string): string => `${publicBaseUrl}${RESIDENT_PAGE_PATH}/${token}`;

/** The sender of a batch of messages: the hauler's name, its catalogs, and unsubscribe links made with the stored key. */
export async function senderOf(options: SenderOptions, tokens: UnsubscribeTokens): Promise<Sender> {
  const { brandName, publicBaseUrl, templates = HOUSE_TEMPLATES } = options;
  const [issue, messages] = await Promise.all([tokens.issuer(), messagesOf(options)]);
  return { brand: brandName, templates, messages, unsubscribeUrl: (grant) => unsubscribeUrl(publicBaseUrl, issue(grant)) };
}
