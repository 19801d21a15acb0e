import type { PreferenceCategory } from '@curbside/domain';
import { escapeHtml } from '@curbside/notifications';

/*
 * The unsubscribe pages (CONTRACT §10): plain, accessible HTML in the hauler's name. No
 * script, no style, nothing loaded from elsewhere: the API's Content-Security-Policy
 * (`default-src 'none'`) holds for them too.
 */

/** What a page says the link stops: the hauler, the category and the address (masked: links get forwarded). */
export interface UnsubscribeSubject {
  brand: string;
  category: PreferenceCategory;
  address: string;
}

/** The page a link opens: what it would stop, and one button that posts to the same URL. Changes nothing. */
export function confirmPage({ brand, category, address }: UnsubscribeSubject, token: string): string {
  return page(
    brand,
    `Unsubscribe from ${brand} emails`,
    `<p>Stop the \u201c${escapeHtml(category)}\u201d emails that ${escapeHtml(brand)} sends to ${escapeHtml(maskedAddress(address))}?</p>
<form method="post" action="${escapeHtml(token)}">
<input type="hidden" name="List-Unsubscribe" value="One-Click">
<button type="submit">Unsubscribe</button>
</form>
<p>Other notifications, and texts, are not affected.</p>`,
  );
}

/** The page after the unsubscribe (the same again for a repeat). */
export function donePage({ brand, category, address }: UnsubscribeSubject): string {
  return page(
    brand,
    'You are unsubscribed',
    `<p role="status">${escapeHtml(brand)} will no longer send \u201c${escapeHtml(category)}\u201d emails to ${escapeHtml(maskedAddress(address))}.</p>
<p>To receive them again, turn them back on in your communication preferences.</p>`,
  );
}

function page(brand: string, heading: string, body: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(heading)} \u2013 ${escapeHtml(brand)}</title>
</head>
<body>
<header><p>${escapeHtml(brand)}</p></header>
<main>
<h1>${escapeHtml(heading)}</h1>
${body}
</main>
</body>
</html>
`;
}

/** `r\u2022\u2022\u2022@example.com`: enough for the reader to know it, not enough to harvest. */
export function maskedAddress(address: string): string {
  const at = address.lastIndexOf('@');
  if (at <= 0) return '\u2022\u2022\u2022';
  return `${address[0]}\u2022\u2022\u2022${address.slice(at)}`;
}
