import type { LocalDateTime } from './values';

/**
 * Languages as CONTRACT §11 names them: BCP 47 tags in their canonical form, matched without regard
 * to case. The canonical form is `Intl.getCanonicalLocales`' with one exception: CLDR's alias turns
 * `tl` into `fil`, and the contract keeps `tl` (the tag haulers and their residents know), so `fil`
 * becomes `tl` instead.
 */

/** A BCP 47 language tag in its canonical form, e.g. `es`, `zh-Hant`, `tl`. */
export type LanguageTag = string;

/** The tag the hauler offers when none is given: CONTRACT §11's default `LANGUAGES`. */
export const FALLBACK_LANGUAGE: LanguageTag = 'en';

/** The canonical form of `tag` (`ES` → `es`, `zh-hant` → `zh-Hant`, `fil` → `tl`); undefined when it is no well-formed tag. */
export function canonicalTag(tag: string): LanguageTag | undefined {
  let canonical: string;
  try {
    [canonical] = Intl.getCanonicalLocales(tag.trim());
  } catch {
    return undefined;
  }
  return canonical?.replace(/^fil(?=-|$)/, 'tl');
}

/** The offered language `tag` names (compared in canonical form, without regard to case); undefined when the hauler does not offer it. */
export function canonicalLanguage(tag: string, offered: readonly LanguageTag[]): LanguageTag | undefined {
  const wanted = canonicalTag(tag)?.toLowerCase();
  return wanted === undefined ? undefined : offered.find((language) => language.toLowerCase() === wanted);
}

/** A customer's language and who last set it, as `GET …/language` answers it (CONTRACT §11). */
export interface CustomerLanguage {
  /** Null until one is set. */
  language: LanguageTag | null;
  modifiedBy: string | null;
  modifiedAt: LocalDateTime | null;
}
