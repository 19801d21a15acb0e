import { SegmentedMessage } from 'sms-segments-calculator';

/*
 * Texts as carriers bill them (CONTRACT §11): GSM 03.38 when every character is in its basic set or
 * extension table (whose characters count two), UCS-2 otherwise; segments as carriers count them
 * (sms-segments-calculator: 160/153 GSM-7 characters, 70/67 UTF-16 units).
 */

export type TextEncoding = 'GSM-7' | 'UCS-2';

/** How a text travels: its encoding and the segments a carrier bills. */
export interface TextShape {
  encoding: TextEncoding;
  segments: number;
}

/** A text as sent, with its shape. */
export interface ShapedText extends TextShape {
  text: string;
}

/** Typographic quotes, dashes and the ellipsis, and their plain forms: one of them alone would make a text UCS-2. */
const PLAIN_FORMS: Record<string, string> = {
  '\u2018': "'",
  '\u2019': "'",
  '\u201a': "'",
  '\u201b': "'",
  '\u2032': "'",
  '\u201c': '"',
  '\u201d': '"',
  '\u201e': '"',
  '\u201f': '"',
  '\u2033': '"',
  '\u00ab': '"',
  '\u00bb': '"',
  '\u2010': '-',
  '\u2011': '-',
  '\u2012': '-',
  '\u2013': '-',
  '\u2014': '-',
  '\u2015': '-',
  '\u2212': '-',
  '\u2026': '...',
  '\u00a0': ' ',
};
const TYPOGRAPHIC = new RegExp(`[${Object.keys(PLAIN_FORMS).join('')}]`, 'g');

/** `text` with its typographic quotes, dashes and ellipsis in their plain forms. */
export const plainForms = (text: string): string => text.replace(TYPOGRAPHIC, (char) => PLAIN_FORMS[char] ?? char);

/** The encoding and segment count of `text` as it is (no replacement). */
export function textShape(text: string): TextShape {
  const message = new SegmentedMessage(text, 'auto', false);
  return { encoding: message.encodingName, segments: message.segmentsCount };
}

/** At most this many segments (CONTRACT §11): an English text one, any other two. */
export const maxSegments = (language: string): number => (isEnglish(language) ? 1 : 2);

const isEnglish = (language: string): boolean => language.split('-')[0].toLowerCase() === 'en';

/** The mark of a shortened first line (three plain dots: the ellipsis character is not GSM-7). */
export const SHORTENED = '...';

/**
 * The text a resident receives (CONTRACT §11): the first line with its details when they fit, else
 * without them, else the first line shortened with `...`, then `ending` (the language's own,
 * naming STOP), within the language's segment budget. An English text stays GSM-7: a character
 * outside GSM 03.38 (a name stored so) is written `?`.
 */
export function fitText(language: string, line: string, lineWithDetails: string | null, ending: string): ShapedText {
  const budget = maxSegments(language);
  const prepare = (text: string): string => (isEnglish(language) ? gsmOnly(plainForms(text)) : plainForms(text));
  const tail = prepare(ending);
  const fits = (head: string): ShapedText | null => {
    const text = `${head}${tail}`;
    const shape = textShape(text);
    return shape.segments <= budget ? { text, ...shape } : null;
  };
  const full = lineWithDetails === null ? null : fits(prepare(lineWithDetails));
  if (full) return full;
  const head = prepare(line);
  return fits(head) ?? shortened(head, fits);
}

/** The longest start of `head` (whole characters as readers see them, trailing space dropped) that fits with `...`. */
function shortened(head: string, fits: (head: string) => ShapedText | null): ShapedText {
  const points = graphemes(head);
  let low = 0;
  let high = points.length;
  while (low < high) {
    const middle = Math.ceil((low + high) / 2);
    if (fits(`${points.slice(0, middle).join('').trimEnd()}${SHORTENED}`)) low = middle;
    else high = middle - 1;
  }
  return fits(`${points.slice(0, low).join('').trimEnd()}${SHORTENED}`) ?? fits(SHORTENED) ?? { text: SHORTENED, ...textShape(SHORTENED) };
}

/** `text` with every character outside GSM 03.38 written `?`. */
function gsmOnly(text: string): string {
  const outside = new Set(new SegmentedMessage(text, 'auto', false).getNonGsmCharacters());
  return outside.size === 0 ? text : graphemes(text).map((char) => (outside.has(char) ? '?' : char)).join('');
}

const graphemeSegmenter = new Intl.Segmenter(undefined, { granularity: 'grapheme' });
const graphemes = (text: string): string[] => Array.from(graphemeSegmenter.segment(text), ({ segment }) => segment);
