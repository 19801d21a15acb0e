import { RESIDENT_PAGE_PATH, ROUTES } from '@curbside/contract';
import type { UnsubscribeGrant, UnsubscribeTokens } from './consent/unsubscribe-tokens';
import { HOUSE_TEMPLATES, type MessageTemplates } from './templates';

/** Who the messages are from and where residents reach the API (CONTRACT §10). */
export interface SenderOptions {
  brandName: string;
  publicBaseUrl: string;
  /** A brand's own messages; the house's by default. */
  templates?: MessageTemplates;
  /** How long the page link in each email works (RESIDENT_LINK_DAYS, CONTRACT §12); 90 days by default. */
  residentLinkDays?: number;
}

/** Whose messages these are and how each email's reader stops them (CONTRACT §10). */
export interface Sender {
  brand: string;
  /** The brand's messages (the house's unless it has its own). */
  templates: MessageTemplates;
  /** The one-click unsubscribe URL of one customer's emails of one category to one address. */
  unsubscribeUrl(grant: UnsubscribeGrant): string;
}

/** The public address of an unsubscribe link: `{PUBLIC_BASE_URL}/unsubscribe/{token}`. */
export const unsubscribeUrl = (publicBaseUrl: string, token: string): string => `${publicBaseUrl}${ROUTES.unsubscribe.path.replace('{token}', token)}`;

/** The link to a resident's page (CONTRACT §12), as an email or an agent gives it: `{PUBLIC_BASE_URL}/my/{token}`. */
export const residentPageUrl = (publicBaseUrl: string, token: string): string => `${publicBaseUrl}${RESIDENT_PAGE_PATH}/${token}`;

/** The sender of a batch of messages: the hauler's name, and unsubscribe links made with the stored key. */
export async function senderOf({ brandName, publicBaseUrl, templates = HOUSE_TEMPLATES }: SenderOptions, tokens: UnsubscribeTokens): Promise<Sender> {
  const issue = await tokens.issuer();
  return { brand: brandName, templates, unsubscribeUrl: (grant) => unsubscribeUrl(publicBaseUrl, issue(grant)) };
}
