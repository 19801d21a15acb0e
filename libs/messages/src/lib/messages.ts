import { builtInCatalogs, type CatalogFile, folderCatalogs } from './catalog-files';
import { type Formatjs, formatjs } from './formatjs';
import { isolateHtml, isolateText, isRightToLeft, Localized, Markup } from './isolation';
import { type PageLanguage, pageLanguage, type PageLanguageRequest } from './page-language';

/** What the catalogs need to know of the configuration (CONTRACT §11). */
export interface MessagesOptions {
  /** `LANGUAGES`: the offered tags, canonical, the hauler's default first. */
  languages: readonly string[];
  /** `MESSAGES_DIR`: a folder of `<tag>.json` catalogs that override or add; null: the built-in ones only. */
  messagesDir?: string | null;
}

/** The language every message can fall back to last: the built-in catalogs are complete in it. */
export const LAST_RESORT_LANGUAGE = 'en';

/** A value a message is filled with: a string or number (never translated; isolated in a right-to-left language) or text already in the language. */
export type MessageValue = string | number | Localized | Markup;
export type MessageValues = Record<string, MessageValue>;

/** A formatted message and the language it is actually written in (after any fallback). */
export interface Formatted {
  text: string;
  language: string;
}

/** The catalogs of a configuration, built at once (a bad `MESSAGES_DIR` file throws, naming it). */
export function messagesFor(options: MessagesOptions): Messages {
  return new Messages(options);
}

/** `messagesFor`, for callers that build their catalogs in an async factory. */
export async function loadMessages(options: MessagesOptions): Promise<Messages> {
  return messagesFor(options);
}

/**
 * The message catalogs of one configuration (CONTRACT §11): the built-in ones, each overridden key
 * by key by `MESSAGES_DIR`'s file of the same tag, plus the languages only that folder has.
 * Formatting is ICU MessageFormat (intl-messageformat) with CLDR's plurals, dates by `Intl`, with
 * Latin digits in every language.
 */
export class Messages {
  readonly offered: readonly string[];
  readonly defaultLanguage: string;
  private readonly catalogs = new Map<string, Map<string, string>>();
  private readonly files = new Map<string, CatalogFile[]>();
  private readonly compiled = new Map<string, InstanceType<Formatjs['IntlMessageFormat']>>();
  private readonly dateFormats = new Map<string, Intl.DateTimeFormat>();
  private readonly formatjs: Formatjs = formatjs();

  constructor(options: MessagesOptions) {
    this.offered = options.languages.length > 0 ? options.languages : [LAST_RESORT_LANGUAGE];
    this.defaultLanguage = this.offered[0];
    for (const file of [...builtInCatalogs(), ...(options.messagesDir ? folderCatalogs(options.messagesDir) : [])]) {
      const tag = this.knownTag(file.tag) ?? file.tag;
      const messages = this.catalogs.get(tag) ?? new Map<string, string>();
      for (const [key, message] of Object.entries(file.messages)) messages.set(key, message);
      this.catalogs.set(tag, messages);
      this.files.set(tag, [...(this.files.get(tag) ?? []), file]);
    }
  }

  /** Every tag a catalog exists for (built in or in `MESSAGES_DIR`). */
  get languages(): string[] {
    return [...this.catalogs.keys()];
  }

  /** Every message key of the `en` catalog: the messages each language needs. */
  get keys(): string[] {
    return [...(this.catalogs.get(LAST_RESORT_LANGUAGE)?.keys() ?? [])];
  }

  /** The catalog files a language's messages came from, built-in first. */
  filesOf(language: string): readonly CatalogFile[] {
    return this.files.get(language) ?? [];
  }

  /** Every catalog's inbound stop words (CONTRACT §11), upper case: a text that is one of them stops texts like STOP. */
  stopWords(): string[] {
    const words = [...this.files.values()].flat().flatMap((file) => file.meta.stopWords ?? []);
    return [...new Set(words.map((word) => word.trim().toUpperCase()))];
  }

  /** The message a language's catalog has under `key`, if any (no fallback). */
  message(language: string, key: string): string | undefined {
    return this.catalogs.get(language)?.get(key);
  }

  /** The offered tag `tag` names, without regard to case; undefined when it is not offered. */
  offeredTag(tag: string | null | undefined): string | undefined {
    if (!tag) return undefined;
    const wanted = tag.toLowerCase();
    return this.offered.find((language) => language.toLowerCase() === wanted);
  }

  /** Which language a customer's messages are written in: theirs when offered, else the hauler's default (CONTRACT §11). */
  languageOf(customerLanguage: string | null | undefined): string {
    return this.offeredTag(customerLanguage) ?? this.defaultLanguage;
  }

  /**
   * The language a whole message is written in: `language` when its catalog has every key the
   * message needs, else the hauler's default, else `en` (CONTRACT §11: never a mix of languages).
   */
  languageFor(language: string, keys: readonly string[]): string {
    const candidates = [language, this.defaultLanguage, LAST_RESORT_LANGUAGE];
    return candidates.find((candidate) => keys.every((key) => this.message(candidate, key) !== undefined)) ?? LAST_RESORT_LANGUAGE;
  }

  /**
   * One message, filled with `values`, as plain text: in a right-to-left language each value
   * that is not already in the language (ids, names, addresses, URLs) is isolated (U+2068 … U+2069).
   * A key the language lacks falls back as `languageFor` says.
   */
  format(language: string, key: string, values: MessageValues = {}): Formatted {
    const used = this.languageFor(language, [key]);
    return { text: this.fill(used, key, values, (text) => isolateText(used, text), false), language: used };
  }

  /**
   * A message made of several catalog messages, wholly in one language (CONTRACT §11): `write`
   * is given a `Writer` in `language`; when any message it asks for is missing there, the whole
   * is written again in the hauler's default, then in `en`. Returns what `write` returned and the
   * language used (what a delivery records).
   */
  whole<T>(language: string, write: (writer: Writer) => T): { result: T; language: string } {
    const candidates = [...new Set([this.offeredTag(language) ?? language, this.defaultLanguage, LAST_RESORT_LANGUAGE])];
    for (const candidate of candidates) {
      const writer = new Writer(this, candidate);
      const result = write(writer);
      if (!writer.fellBack || candidate === LAST_RESORT_LANGUAGE) return { result, language: candidate };
    }
    throw new Error('unreachable: en is the last candidate');
  }

  /** As `format`, as HTML: literal text and values escaped, values isolated with `<bdi>` in a right-to-left language. */
  formatHtml(language: string, key: string, values: MessageValues = {}): Formatted {
    const used = this.languageFor(language, [key]);
    return { text: this.fill(used, key, values, (text) => isolateHtml(used, text), true), language: used };
  }

  /** The language a page is written in (CONTRACT §11), among the offered languages. */
  pageLanguage(request: PageLanguageRequest): PageLanguage {
    return pageLanguage(request, this.offered, this.defaultLanguage, this.formatjs.match);
  }

  /** `rtl` for a language written right to left (CONTRACT §11: `ar`), else `ltr`. */
  dir(language: string): 'ltr' | 'rtl' {
    return isRightToLeft(language) ? 'rtl' : 'ltr';
  }

  /** A day (`yyyy-MM-dd`) as the language writes it (CONTRACT §11): weekday, month and day, Latin digits. */
  date(language: string, day: string): Localized {
    return new Localized(this.dateFormat(language, { weekday: 'long', month: 'long', day: 'numeric' }).format(utcNoon(day)));
  }

  /** The weekday of a day (`yyyy-MM-dd`) as a word of the language. */
  weekday(language: string, day: string): Localized {
    return new Localized(this.dateFormat(language, { weekday: 'long' }).format(utcNoon(day)));
  }

  /** Names joined as the language joins a list ("A, B and C"); each name as stored isolated in a right-to-left language, words of the language not. */
  list(language: string, names: readonly (string | Localized)[]): Localized {
    const items = names.map((name) => (name instanceof Localized ? name.text : isolateText(language, name)));
    return new Localized(new Intl.ListFormat(language, { type: 'conjunction' }).format(items));
  }

  /** A writer for a text made of `keys` (CONTRACT §11: wholly in `language` when its catalog has them all, else in the fallback). */
  writer(language: string, keys: readonly string[]): Writer {
    return new Writer(this, this.languageFor(this.offeredTag(language) ?? language, keys));
  }

  private fill(language: string, key: string, values: MessageValues, isolate: (text: string) => string, html: boolean): string {
    const escape = html ? escapeHtml : (text: string) => text;
    const marked = new Map<string, string>();
    const filled: Record<string, string | number | { mark: string }> = {};
    for (const [name, value] of Object.entries(values)) {
      if (typeof value === 'number') filled[name] = value;
      else {
        // Rich values come back from intl-messageformat as parts, so the pattern's own text can be escaped apart from them.
        const mark = String(marked.size);
        marked.set(mark, value instanceof Markup ? (html ? value.html : value.text) : value instanceof Localized ? escape(value.text) : isolate(escape(String(value))));
        filled[name] = { mark };
      }
    }
    const parts = this.compiledMessage(language, key).format(filled);
    const list = Array.isArray(parts) ? parts : [parts];
    return list.map((part) => (typeof part === 'object' && part !== null && 'mark' in part ? (marked.get((part as { mark: string }).mark) ?? '') : escape(String(part)))).join('');
  }

  private compiledMessage(language: string, key: string): InstanceType<Formatjs['IntlMessageFormat']> {
    const id = `${language}\u0000${key}`;
    let compiled = this.compiled.get(id);
    if (compiled === undefined) {
      compiled = new this.formatjs.IntlMessageFormat(this.message(language, key) ?? '', latinDigits(language), undefined, { ignoreTag: true });
      this.compiled.set(id, compiled);
    }
    return compiled;
  }

  private dateFormat(language: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
    const id = `${language}\u0000${JSON.stringify(options)}`;
    let format = this.dateFormats.get(id);
    if (format === undefined) {
      // A day has no time of day: noon UTC is that day in UTC, whatever TIME_ZONE says.
      format = new Intl.DateTimeFormat(latinDigits(language), { ...options, timeZone: 'UTC' });
      this.dateFormats.set(id, format);
    }
    return format;
  }

  /** The catalog's tag for `tag`, compared without regard to case. */
  private knownTag(tag: string): string | undefined {
    return [...this.catalogs.keys()].find((known) => known.toLowerCase() === tag.toLowerCase());
  }
}

/** The locale with Latin digits (CONTRACT §11): `ar` would otherwise write Arabic-Indic ones. */
const latinDigits = (language: string): string => `${language}-u-nu-latn`;

const utcNoon = (day: string): Date => new Date(`${day}T12:00:00Z`);

/** Text made safe for HTML content and attribute values. */
export const escapeHtml = (text: string): string =>
  text.replace(/[&<>"']/g, (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[char] ?? char);

/** Writes the messages of one language for `Messages.whole`, noting whether any was missing. */
export class Writer {
  /** True once a message was missing in this language (the whole is then written in another). */
  fellBack = false;

  constructor(
    readonly messages: Messages,
    readonly language: string,
  ) {}

  text(key: string, values: MessageValues = {}): string {
    return this.noted(this.messages.format(this.language, key, values));
  }

  html(key: string, values: MessageValues = {}): string {
    return this.noted(this.messages.formatHtml(this.language, key, values));
  }

  date(day: string): Localized {
    return this.messages.date(this.language, day);
  }

  weekday(day: string): Localized {
    return this.messages.weekday(this.language, day);
  }

  list(names: readonly (string | Localized)[]): Localized {
    return this.messages.list(this.language, names);
  }

  get dir(): 'ltr' | 'rtl' {
    return this.messages.dir(this.language);
  }

  /** A never-translated run (a brand, an id) isolated for plain text in this language. */
  isolated(text: string): string {
    return isolateText(this.language, text);
  }

  private noted({ text, language }: Formatted): string {
    if (language !== this.language) this.fellBack = true;
    return text;
  }
}
