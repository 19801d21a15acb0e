/*
 * formatjs's packages ship ES modules only. This CommonJS build requires them as Node (20.19 and
 * later) requires ES modules, so the catalogs can be built synchronously where a caller needs
 * them at once (the OpenAPI document's calendar example); TypeScript is told their types by
 * `resolution-mode`.
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

let loaded: Formatjs | null = null;

export function formatjs(): Formatjs {
  loaded ??= {
    IntlMessageFormat: (require('intl-messageformat') as MessageFormatModule).IntlMessageFormat,
    match: (require('@formatjs/intl-localematcher') as LocaleMatcherModule).match,
    parser: require('@formatjs/icu-messageformat-parser') as ParserModule,
  };
  return loaded;
}
