import { builtInCatalogs, type CatalogFile, folderCatalogs, folderTags, BUILT_IN_LANGUAGES } from './catalog-files';
import { type Formatjs, formatjs as loadFormatjs, type MessageFormatElement, type PluralElement } from './formatjs';
import { Localized } from './isolation';
import { Messages, type MessageValues } from './messages';
import { textShape, plainForms } from './texts';

/** One thing wrong with a catalog, as `messages check` prints it: `<file>: <key>: <problem>`. */
export interface CatalogProblem {
  file: string;
  key: string;
  problem: string;
}

/** Each offered language's coverage, as `messages list --json` prints it (CONTRACT §11). */
export interface LanguageCoverage {
  language: string;
  messages: number;
  of: number;
  fallback: string[];
}

/** Any text is at most this many segments (CONTRACT §11). */
const TEXT_SEGMENTS = 2;

/** The message keys a text is made of, besides its headline (an `event.*` key). */
const TEXT_LINE = 'message.line';
const TEXT_ENDING = 'text.ending';

/**
 * The longest value each placeholder takes in a text, as the data allows: ids as long as the
 * longest a hauler's systems issue, the longest enum value. Free text (an operator's alert, a
 * service's or holiday's name) is shortened at send time, so it is checked empty.
 */
const LONGEST: MessageValues = {
  ticketId: '1234567890',
  replaceTicketId: '1234567890',
  pickupId: '1234567890',
  caseId: '1234567890',
  invoiceId: '1234567890',
  customerId: '1234567890',
  status: 'PENDING',
  to: 'PENDING',
  from: 'PENDING',
  amount: '99999.99',
  message: '',
  holidayName: '',
  moves: '',
};

/** A year of days: the longest date of a language is among them. */
const A_YEAR = Array.from({ length: 366 }, (_, day) => new Date(Date.UTC(2028, 0, 1 + day)).toISOString().slice(0, 10));

/**
 * `messages check` (CONTRACT §11): the built-in catalogs, or a folder's. Every message parses as
 * ICU MessageFormat, names exactly `en`'s placeholders, has every plural category its language
 * needs, and every text fits two segments filled with the longest values; a built-in catalog has
 * every key of `en`, and no catalog has a key `en` lacks.
 */
export async function checkCatalogs(folder: string | null, brand: string): Promise<CatalogProblem[]> {
  const formatjs = loadFormatjs();
  const reference = new Map(Object.entries(builtInCatalogs()[0].messages));
  let files: CatalogFile[];
  try {
    files = folder === null ? builtInCatalogs() : folderCatalogs(folder);
  } catch (error) {
    return [{ file: folder ?? 'catalogs', key: '-', problem: (error as Error).message }];
  }
  const problems = files.flatMap((file) => [...fileProblems(file, reference, folder === null, formatjs.parser)]);
  if (problems.length > 0) return problems;
  return textProblems(new Messages({ languages: files.map((file) => file.tag), messagesDir: folder }), files, brand);
}

function* fileProblems(file: CatalogFile, reference: Map<string, string>, complete: boolean, parser: Parser): Generator<CatalogProblem> {
  const { parse } = parser;
  const at = (key: string, problem: string): CatalogProblem => ({ file: file.file, key, problem });
  if (complete) for (const key of reference.keys()) if (!(key in file.messages)) yield at(key, 'missing (every built-in catalog has every message of en)');
  const needed = new Intl.PluralRules(file.tag).resolvedOptions().pluralCategories;
  for (const [key, message] of Object.entries(file.messages)) {
    const model = reference.get(key);
    if (model === undefined) {
      yield at(key, 'not a message Curbside writes (en has no such key)');
      continue;
    }
    let ast: MessageFormatElement[];
    try {
      ast = parse(message, { ignoreTag: true });
    } catch (error) {
      yield at(key, `not ICU MessageFormat: ${(error as Error).message}`);
      continue;
    }
    const names = placeholders(ast, parser);
    const wanted = placeholders(parse(model, { ignoreTag: true }), parser);
    const missing = [...wanted].filter((name) => !names.has(name));
    const extra = [...names].filter((name) => !wanted.has(name));
    if (missing.length > 0) yield at(key, `lacks the placeholder${missing.length > 1 ? 's' : ''} {${missing.join('}, {')}} of en`);
    if (extra.length > 0) yield at(key, `has the placeholder${extra.length > 1 ? 's' : ''} {${extra.join('}, {')}}, which en does not`);
    for (const plural of plurals(ast, parser)) {
      const lacking = needed.filter((category) => !(category in plural.options));
      if (lacking.length > 0) yield at(key, `the plural of {${plural.value}} lacks the categor${lacking.length > 1 ? 'ies' : 'y'} ${lacking.join(', ')} of ${file.tag}`);
    }
  }
}

/** Every text of every event, in each file's language, filled with the longest values, within two segments. */
function textProblems(messages: Messages, files: readonly CatalogFile[], brand: string): CatalogProblem[] {
  const problems: CatalogProblem[] = [];
  for (const file of files) {
    const language = messages.languages.find((tag) => tag.toLowerCase() === file.tag.toLowerCase()) ?? file.tag;
    const longestDate = longest(A_YEAR.map((day) => messages.date(language, day)));
    const longestWeekday = longest(A_YEAR.slice(0, 7).map((day) => messages.weekday(language, day)));
    const values: MessageValues = { ...LONGEST, date: longestDate, day: longestDate, weekday: longestWeekday };
    for (const key of messages.keys.filter((name) => name.startsWith('event.') && !name.endsWith('.dayYouNamed'))) {
      const used = messages.languageFor(language, [key, TEXT_LINE, TEXT_ENDING]);
      const headline = messages.format(used, key, values).text;
      const line = messages.format(used, TEXT_LINE, { headline: new Localized(headline) }).text;
      const text = plainForms(`${brand}: ${line} ${messages.format(used, TEXT_ENDING).text}`);
      const shape = textShape(text);
      if (shape.segments > TEXT_SEGMENTS) {
        problems.push({ file: file.file, key, problem: `its text is ${shape.segments} ${shape.encoding} segments with the longest values (at most ${TEXT_SEGMENTS}): ${text}` });
      }
    }
  }
  return problems;
}

/** Each offered language: how many of `en`'s messages its catalog has, and which fall back (CONTRACT §11's `messages list`). */
export function languageCoverage(messages: Messages): LanguageCoverage[] {
  const keys = messages.keys;
  return messages.offered.map((language) => {
    const fallback = keys.filter((key) => messages.message(language, key) === undefined);
    return { language, messages: keys.length - fallback.length, of: keys.length, fallback };
  });
}

/**
 * The offered tags that are neither built in nor in `MESSAGES_DIR` (CONTRACT §11: such a tag stops
 * every process at start), compared without regard to case.
 */
export function unknownLanguages(languages: readonly string[], messagesDir: string | null | undefined): string[] {
  const known = new Set([...BUILT_IN_LANGUAGES, ...folderTags(messagesDir)].map((tag) => tag.toLowerCase()));
  return languages.filter((tag) => !known.has(tag.toLowerCase()));
}

type Parser = Formatjs['parser'];

/** The names of a message's arguments, in every branch. */
function placeholders(ast: readonly MessageFormatElement[], parser: Parser, names = new Set<string>()): Set<string> {
  for (const element of ast) {
    if (parser.isLiteralElement(element) || parser.isPoundElement(element)) continue;
    names.add(element.value);
    if (parser.isPluralElement(element) || parser.isSelectElement(element)) {
      for (const option of Object.values(element.options)) placeholders(option.value, parser, names);
    }
  }
  return names;
}

/** A message's cardinal plurals, nested ones too. */
function plurals(ast: readonly MessageFormatElement[], parser: Parser): PluralElement[] {
  return ast.flatMap((element) => {
    if (!parser.isPluralElement(element) && !parser.isSelectElement(element)) return [];
    const nested = Object.values(element.options).flatMap((option) => plurals(option.value, parser));
    return parser.isPluralElement(element) && element.pluralType === 'cardinal' ? [element, ...nested] : nested;
  });
}

const longest = (texts: readonly Localized[]): Localized => texts.reduce((a, b) => (b.text.length > a.text.length ? b : a));
