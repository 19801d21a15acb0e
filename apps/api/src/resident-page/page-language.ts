import { escapeHtml } from '@curbside/notifications';
import ar from './messages/ar.json';
import en from './messages/en.json';
import es from './messages/es.json';
import ko from './messages/ko.json';
import tl from './messages/tl.json';
import vi from './messages/vi.json';
import zhHans from './messages/zh-Hans.json';
import zhHant from './messages/zh-Hant.json';

/*
 * The resident's page in its reader's language (CONTRACT §11, §12): which language a page is
 * written in, and its words from the page's catalogs (one per built-in language, ICU-style
 * `{name}` placeholders; not yet reviewed by native speakers, see messages/README.md).
 */

export type MessageKey = keyof typeof en;

const CATALOGS: Record<string, Record<MessageKey, string>> = { en, es, 'zh-Hans': zhHans, 'zh-Hant': zhHant, vi, tl, ko, ar };


/** CLDR's likely subtags for the tags whose plain truncation would miss (`zh-TW` is Traditional, `fil` is `tl`). */
const LIKELY: Record<string, string> = {
  zh: 'zh-Hans',
  'zh-cn': 'zh-Hans',
  'zh-sg': 'zh-Hans',
  'zh-tw': 'zh-Hant',
  'zh-hk': 'zh-Hant',
  'zh-mo': 'zh-Hant',
  fil: 'tl',
};

/** The offered tag a requested one names, by BCP 47 lookup (truncating subtags) with the likely subtags above; null if none. */
export function matchLanguage(requested: string, offered: readonly string[]): string | null {
  const subtags = requested.trim().toLowerCase().split(/[-_]/).filter(Boolean);
  for (let length = subtags.length; length > 0; length -= 1) {
    const tag = subtags.slice(0, length).join('-');
    const found = offered.find((candidate) => candidate.toLowerCase() === (LIKELY[tag]?.toLowerCase() ?? tag));
    if (found !== undefined) return found;
  }
  return null;
}

/** Accept-Language's ranges, most wanted first (`q=0` ranges dropped). */
function acceptedRanges(header: string): string[] {
  return header
    .split(',')
    .map((part, index) => {
      const [range = '', ...parameters] = part.trim().split(';');
      const q = Number(/^\s*q=([0-9.]+)\s*$/.exec(parameters.join(';'))?.[1] ?? '1');
      return { range: range.trim(), q: Number.isFinite(q) ? q : 0, index };
    })
    .filter(({ range, q }) => range !== '' && range !== '*' && q > 0)
    .sort((a, b) => b.q - a.q || a.index - b.index)
    .map(({ range }) => range);
}

/** Where the page's language came from: `Vary: Accept-Language` when the header decided. */
export interface PageLanguage {
  tag: string;
  fromHeader: boolean;
}

/**
 * The page rule of CONTRACT §11: the `lang` parameter when it names an offered language; else
 * the customer's language (when offered); else the best match of Accept-Language; else the default.
 */
export function pageLanguage(
  offered: readonly string[],
  { query, customer, acceptLanguage }: { query?: unknown; customer?: string | null; acceptLanguage?: string },
): PageLanguage {
  const asked = typeof query === 'string' ? matchLanguage(query, offered) : null;
  if (asked !== null) return { tag: asked, fromHeader: false };
  const own = customer ? offered.find((tag) => tag.toLowerCase() === customer.toLowerCase()) : undefined;
  if (own !== undefined) return { tag: own, fromHeader: false };
  for (const range of acceptedRanges(acceptLanguage ?? '')) {
    const found = matchLanguage(range, offered);
    if (found !== null) return { tag: found, fromHeader: true };
  }
  return { tag: offered[0] ?? 'en', fromHeader: acceptLanguage !== undefined };
}

/** `rtl` for the languages written right to left. */
export const directionOf = (tag: string): 'ltr' | 'rtl' => (tag.split('-')[0] === 'ar' ? 'rtl' : 'ltr');

/** A language's own name for itself (`español`, `العربية`), for the chooser. */
export const languageName = (tag: string): string => new Intl.DisplayNames([tag], { type: 'language' }).of(tag) ?? tag;

/**
 * A message as HTML: its words escaped, each value escaped and isolated in `<bdi>` (CONTRACT §11:
 * ids, addresses, names and the brand keep their own direction inside right-to-left text).
 */
export function message(tag: string, key: MessageKey, values: Record<string, string | number> = {}): string {
  const pattern = CATALOGS[tag]?.[key] ?? en[key];
  return pattern
    .split(/(\{[a-zA-Z]+\})/)
    .map((part) => {
      const name = /^\{([a-zA-Z]+)\}$/.exec(part)?.[1];
      return name !== undefined && name in values ? `<bdi>${escapeHtml(String(values[name]))}</bdi>` : escapeHtml(part);
    })
    .join('');
}

/** A message as plain text (a page title): values as they are. */
export const plainMessage = (tag: string, key: MessageKey, values: Record<string, string | number> = {}): string =>
  (CATALOGS[tag]?.[key] ?? en[key]).replace(/\{([a-zA-Z]+)\}/g, (whole, name: string) => (name in values ? String(values[name]) : whole));

/** A day as the language writes it (weekday, month and day, Latin digits, CONTRACT §11). */
export function formatDay(tag: string, date: string): string {
  const format = new Intl.DateTimeFormat(`${tag}-u-nu-latn`, { weekday: 'long', month: 'long', day: 'numeric', timeZone: 'UTC' });
  return format.format(new Date(`${date}T12:00:00Z`));
}
