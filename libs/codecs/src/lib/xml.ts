import type * as Xml2js from 'xml2js';
import { XML_UNSAFE_CHAR } from './xml-chars';

export const XML_DECLARATION = '<?xml version="1.0" encoding="UTF-8"?>';

/**
 * What text must not carry as is: markup characters, CR (XML readers turn a literal CR into LF),
 * and characters XML 1.0 cannot carry at all (C0 controls but tab/LF/CR, U+FFFE, U+FFFF, lone
 * surrogates), which are replaced by U+FFFD so the document stays well-formed.
 */
const NEEDS_ESCAPING = new RegExp(`[&<>\\r]|${XML_UNSAFE_CHAR.source}`, 'g');

/**
 * A superset of NEEDS_ESCAPING (every surrogate, paired or not) as one character class: most values
 * have none of these, and a class test costs a fraction of the full pattern's replace.
 */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const MAY_NEED_ESCAPING = /[&<>\r\u0000-\u0008\u000B\u000C\u000E-\u001F\uD800-\uDFFF\uFFFE\uFFFF]/;

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '\r': '&#xD;' };

/** Text as `toXml` writes it inside an element. */
export const escapeText = (text: string): string =>
  MAY_NEED_ESCAPING.test(text) ? text.replace(NEEDS_ESCAPING, (char) => ESCAPES[char] ?? '\uFFFD') : text;

/** The opening and closing tags of an element name, made once: member names are few, elements many. */
const TAGS = new Map<string, { open: string; close: string }>();
const TAGS_KEPT = 1_000;

function tagsOf(name: string): { open: string; close: string } {
  let tags = TAGS.get(name);
  if (tags === undefined) {
    tags = { open: `<${name}>`, close: `</${name}>` };
    if (TAGS.size < TAGS_KEPT) TAGS.set(name, tags);
  }
  return tags;
}

/*
 * Two concatenations an element, each with a tag already made: a 1,000-row list's text is tens of
 * thousands of elements, and the strings made on the way are most of what it allocates.
 */
function writeElement(name: string, value: unknown): string {
  if (value === undefined) return '';
  if (Array.isArray(value)) {
    let items = '';
    for (const item of value) items += writeElement(name, item);
    return items;
  }
  const { open, close } = tagsOf(name);
  if (value !== null && typeof value === 'object') {
    let children = '';
    for (const member in value) children += writeElement(member, (value as Record<string, unknown>)[member]);
    return open + children + close;
  }
  return open + (value === null ? '' : escapeText(String(value))) + close;
}

/**
 * Renders a response body as XML (CONTRACT §4): the declaration, then one `root` element; each
 * object member is a child element of the same name, an array is its member name repeated once
 * per item (an empty array writes nothing), every value is escaped element text. As in JSON,
 * undefined members are left out; null writes an empty element.
 *
 * A hand-written writer, chosen by measurement over xml2js's Builder and fast-xml-parser's
 * XMLBuilder (see docs/benchmarks.md, "XML writer").
 */
export function toXml(body: object, root = 'response'): string {
  return XML_DECLARATION + writeElement(root, body);
}

// Loaded by the first XML read: xml2js, with the xmlbuilder and sax it loads, is 38 modules that a process reading
// no XML never needs (the API writes XML with `toXml`; it reads none).
let xml2js: typeof Xml2js | undefined;

/**
 * Reads XML written by `toXml` (or a client mirroring it) the way CONTRACT §4 describes: the
 * root element's content, every child value wrapped in an array, text kept exactly. An empty
 * root reads as `{}`. Rejects malformed XML.
 */
export async function parseXml(xml: string): Promise<unknown> {
  xml2js ??= require('xml2js') as typeof Xml2js;
  const parsed: unknown = await xml2js.parseStringPromise(xml, {
    explicitArray: true,
    explicitRoot: false,
    ignoreAttrs: true,
    trim: false,
    normalize: false,
    emptyTag: '',
  });
  return parsed === '' ? {} : parsed;
}
