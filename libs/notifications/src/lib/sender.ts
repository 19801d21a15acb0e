import { ROUTES } from '@curbside/contract';
import type { UnsubscribeTokens } from './consent/unsubscribe-tokens';
import type { Sender } from './render';
import { HOUSE_TEMPLATES, type MessageTemplates } from './templates';

/** Who the messages are from and where residents reach the API (CONTRACT §10). */
export interface SenderOptions {
  brandName: string;
  publicBaseUrl: string;
  /** A brand's own messages; the house's by default. */
  templates?: MessageTemplates;
}

/** The public address of an unsubscribe link: `{PUBLIC_BASE_URL}/unsubscribe/{token}`. */
export const unsubscribeUrl = (publicBaseUrl: string, token: string): string => `${publicBaseUrl}${ROUTES.unsubscribe.path.replace('{token}', token)}`;

/** The sender of a batch of messages: the hauler's name, and unsubscribe links made with the stored key. */
export async function senderOf({ brandName, publicBaseUrl, templates = HOUSE_TEMPLATES }: SenderOptions, tokens: UnsubscribeTokens): Promise<Sender> {
  const issue = await tokens.issuer();
  return { brand: brandName, templates, unsubscribeUrl: (grant) => unsubscribeUrl(publicBaseUrl, issue(grant)) };
}
