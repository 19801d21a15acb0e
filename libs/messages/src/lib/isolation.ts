/*
 * Runs that are never translated (ids, numbers, codes, names, addresses, BRAND_NAME, URLs) keep
 * their own direction inside a right-to-left message (CONTRACT §11): `<bdi>` in HTML, U+2068
 * FIRST STRONG ISOLATE … U+2069 POP DIRECTIONAL ISOLATE in plain text. In a left-to-right
 * language they are left as they are.
 */

/** Text already written in the message's language (a date, a list of names): filled in without isolating it again. */
export class Localized {
  constructor(readonly text: string) {}

  toString(): string {
    return this.text;
  }
}

/** HTML made by the caller (a link), filled into an HTML message as it is; in a plain-text message, its `text`. */
export class Markup {
  constructor(
    readonly html: string,
    readonly text: string,
  ) {}
}

const FIRST_STRONG_ISOLATE = '\u2068';
const POP_DIRECTIONAL_ISOLATE = '\u2069';

/** Whether `language` is written right to left. */
export const isRightToLeft = (language: string): boolean => RIGHT_TO_LEFT.has(language.split('-')[0].toLowerCase());

/** The languages written right to left (CONTRACT §11: `ar` among the built-in ones). */
const RIGHT_TO_LEFT = new Set(['ar', 'fa', 'he', 'ur', 'ps', 'yi', 'dv', 'ckb', 'sd', 'ug']);

/** `text` isolated for plain text in a right-to-left language; as it is otherwise. */
export const isolateText = (language: string, text: string): string =>
  isRightToLeft(language) && text !== '' ? `${FIRST_STRONG_ISOLATE}${text}${POP_DIRECTIONAL_ISOLATE}` : text;

/** `html` (already escaped) isolated with `<bdi>` in a right-to-left language; as it is otherwise. */
export const isolateHtml = (language: string, html: string): string => (isRightToLeft(language) && html !== '' ? `<bdi>${html}</bdi>` : html);
