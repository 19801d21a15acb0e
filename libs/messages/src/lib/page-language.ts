import Negotiator from 'negotiator';
/** CLDR's best match of requested languages among offered ones (formatjs's `match`), as the page-language rule uses it. */
export type Match = (requested: readonly string[], available: readonly string[], defaultLanguage: string, options?: { algorithm: 'lookup' | 'best fit' }) => string;

/** What a page request says about its reader's language. */
export interface PageLanguageRequest {
  /** The page URL's `lang` query parameter. */
  query?: string | null;
  /** The stored language of the customer the page's token names. */
  customerLanguage?: string | null;
  /** The request's `Accept-Language` header. */
  acceptLanguage?: string | null;
}

export interface PageLanguage {
  language: string;
  /** True when the answer depended on `Accept-Language` (the page then answers `Vary: Accept-Language`). */
  fromAcceptLanguage: boolean;
}

/**
 * The language a page is written in (CONTRACT §11): `lang` when it names an offered language;
 * else the customer's; else the best match of `Accept-Language` among the offered ones, by BCP 47
 * lookup with CLDR's likely subtags (`es-MX` → `es`, `zh-TW` → `zh-Hant`, `fil-PH` → `tl`); else
 * the default. Once the header is consulted the answer depends on it, so it is marked even when
 * nothing in it matched.
 */
export function pageLanguage(request: PageLanguageRequest, offered: readonly string[], defaultLanguage: string, match: Match): PageLanguage {
  const named = offeredTag(request.query, offered) ?? offeredTag(request.customerLanguage, offered);
  if (named !== undefined) return { language: named, fromAcceptLanguage: false };
  return { language: acceptedLanguage(request.acceptLanguage, offered, match) ?? defaultLanguage, fromAcceptLanguage: true };
}

/** The offered language an `Accept-Language` header prefers, or undefined when it names none of them. */
export function acceptedLanguage(header: string | null | undefined, offered: readonly string[], match: Match): string | undefined {
  if (!header) return undefined;
  const requested = new Negotiator({ headers: { 'accept-language': header } }).languages().filter((tag) => tag !== '*');
  for (const tag of requested) {
    // One tag at a time, in the reader's order: the matcher's default answer would hide "no match".
    const found = matchOne(tag, offered, match);
    if (found !== undefined) return found;
  }
  return undefined;
}

/** The matcher's answer when nothing matches: BCP 47's "undetermined", which no hauler offers. */
const NO_MATCH = 'und';

function matchOne(tag: string, offered: readonly string[], match: Match): string | undefined {
  try {
    const found = match([tag], [...offered], NO_MATCH, { algorithm: 'best fit' });
    return found === NO_MATCH ? undefined : offered.find((language) => language.toLowerCase() === found.toLowerCase());
  } catch {
    // A malformed tag in a header names no language.
    return undefined;
  }
}

/** The offered tag `tag` names, without regard to case (`fil` names `tl`). */
function offeredTag(tag: string | null | undefined, offered: readonly string[]): string | undefined {
  if (!tag) return undefined;
  const wanted = tag.trim().toLowerCase().replace(/^fil(?=-|$)/, 'tl');
  return offered.find((language) => language.toLowerCase() === wanted);
}
