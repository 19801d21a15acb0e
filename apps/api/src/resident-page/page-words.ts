import type { Localized, Messages, MessageValues, PageLanguage } from '@curbside/messages';

/*
 * The resident's page in its reader's language (CONTRACT §11, §12): its words are the `my.*`
 * messages of the catalogs (@curbside/messages), which a hauler overrides in MESSAGES_DIR like any.
 */

/** A page message's key, without the catalogs' `my.` prefix. */
export type WordKey = string;

/** The words of one page in one language. */
export interface Words {
  lang: string;
  dir: 'ltr' | 'rtl';
  /** A message as HTML: its words escaped, values escaped (and isolated in a right-to-left language). */
  html(key: WordKey, values?: MessageValues): string;
  /** A message as plain text (a title, an option). */
  text(key: WordKey, values?: MessageValues): string;
  /** A day (`yyyy-MM-dd`) as the language writes it, Latin digits: a value already in the language. */
  day(date: string): Localized;
}

/** The page's languages and words, over the configuration's catalogs. */
export class PageWords {
  constructor(private readonly messages: Messages) {}

  get offered(): readonly string[] {
    return this.messages.offered;
  }

  /** CONTRACT §11's page rule: `lang`, else the customer's, else Accept-Language, else the default. */
  language(request: { query?: unknown; customerLanguage?: string | null; acceptLanguage?: string }): PageLanguage {
    return this.messages.pageLanguage({ query: typeof request.query === 'string' ? request.query : null, customerLanguage: request.customerLanguage, acceptLanguage: request.acceptLanguage });
  }

  in(lang: string): Words {
    const messages = this.messages;
    return {
      lang,
      dir: messages.dir(lang),
      html: (key, values) => messages.formatHtml(lang, `my.${key}`, values).text,
      text: (key, values) => messages.format(lang, `my.${key}`, values).text,
      day: (date) => messages.date(lang, date),
    };
  }
}

/** A language's own name for itself (`español`, `العربية`), for the chooser. */
export const languageName = (tag: string): string => new Intl.DisplayNames([tag], { type: 'language' }).of(tag) ?? tag;
