import type { PreferenceCategory } from '@curbside/domain';
import { escapeHtml, isolateHtml, type Messages, type Writer } from '@curbside/messages';

/*
 * The unsubscribe pages (CONTRACT §10): plain, accessible HTML in the hauler's name and the
 * resident's language (§11). No script, no style, nothing loaded from elsewhere: the API's
 * Content-Security-Policy (`default-src 'none'`) holds for them too.
 */

/** What a page says the link stops: the hauler, the category and the address (masked: links get forwarded). */
export interface UnsubscribeSubject {
  brand: string;
  category: PreferenceCategory;
  address: string;
}

/** A page as answered: its HTML and the language it is written in (`Content-Language`). */
export interface Page {
  html: string;
  language: string;
}

/** The page a link opens: what it would stop, and one button that posts to the same URL (in the same language). Changes nothing. */
export function confirmPage(messages: Messages, language: string, { brand, category, address }: UnsubscribeSubject, token: string): Page {
  return page(messages, language, brand, (w) => ({
    heading: w.text('unsubscribe.confirm.title', { brand }),
    headingHtml: w.html('unsubscribe.confirm.title', { brand }),
    body: `<p>${w.html('unsubscribe.confirm.question', { category, brand, address: maskedAddress(address) })}</p>
<form method="post" action="${escapeHtml(token)}?lang=${w.language}">
<input type="hidden" name="List-Unsubscribe" value="One-Click">
<button type="submit">${w.html('unsubscribe.confirm.button')}</button>
</form>
<p>${w.html('unsubscribe.confirm.others')}</p>`,
  }));
}

/** The page after the unsubscribe (the same again for a repeat). */
export function donePage(messages: Messages, language: string, { brand, category, address }: UnsubscribeSubject): Page {
  return page(messages, language, brand, (w) => ({
    heading: w.text('unsubscribe.done.title'),
    headingHtml: w.html('unsubscribe.done.title'),
    body: `<p role="status">${w.html('unsubscribe.done.status', { brand, category, address: maskedAddress(address) })}</p>
<p>${w.html('unsubscribe.done.again')}</p>`,
  }));
}

interface PageText {
  heading: string;
  headingHtml: string;
  body: string;
}

/** The page wholly in one language (CONTRACT §11), its root naming the language and its direction. */
function page(messages: Messages, language: string, brand: string, write: (writer: Writer) => PageText): Page {
  const { result, language: used } = messages.whole(language, write);
  const html = `<!doctype html>
<html lang="${used}" dir="${messages.dir(used)}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(result.heading)} \u2013 ${escapeHtml(brand)}</title>
</head>
<body>
<header><p>${isolateHtml(used, escapeHtml(brand))}</p></header>
<main>
<h1>${result.headingHtml}</h1>
${result.body}
</main>
</body>
</html>
`;
  return { html, language: used };
}

/** `r\u2022\u2022\u2022@example.com`: enough for the reader to know it, not enough to harvest. */
export function maskedAddress(address: string): string {
  const at = address.lastIndexOf('@');
  if (at <= 0) return '\u2022\u2022\u2022';
  return `${address[0]}\u2022\u2022\u2022${address.slice(at)}`;
}
