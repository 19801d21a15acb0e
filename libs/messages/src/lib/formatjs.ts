/*
 * formatjs's packages ship ES modules only; this CommonJS build reaches them through a dynamic
 * import, once per process, before the catalogs are built (`loadMessages`).
 */
type MessageFormatModule = typeof import('intl-messageformat', { with: { 'resolution-mode': 'import' } });
type LocaleMatcherModule = typeof import('@formatjs/intl-localematcher', { with: { 'resolution-mode': 'import' } });
type ParserModule = typeof import('@formatjs/icu-messageformat-parser', { with: { 'resolution-mode': 'import' } });

/** ICU MessageFormat (intl-messageformat and its parser) and CLDR's locale matching. */
export interface Formatjs {
  IntlMessageFormat: MessageFormatModule['IntlMessageFormat'];
  match: LocaleMatcherModule['match'];
  parser: ParserModule;
}

export type { MessageFormatElement, PluralElement } from '@formatjs/icu-messageformat-parser' with { 'resolution-mode': 'import' };

let loading: Promise<Formatjs> | null = null;

export const loadFormatjs = (): Promise<Formatjs> =>
  (loading ??= Promise.all([import('intl-messageformat'), import('@formatjs/intl-localematcher'), import('@formatjs/icu-messageformat-parser')]).then(
    ([messageFormat, localeMatcher, parser]) => ({ IntlMessageFormat: messageFormat.IntlMessageFormat, match: localeMatcher.match, parser }),
  ));
