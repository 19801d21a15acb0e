import { parseXml } from '@curbside/codecs';

/**
 * What CONTRACT §4 says parsing the XML back gives: the JSON body with every value wrapped
 * in an array, and empty arrays absent.
 */
export function wrapLikeXml(value: unknown): unknown {
  if (Array.isArray(value)) return value.map((item) => wrapLikeXml(item));
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value)
      .filter(([, member]) => !(Array.isArray(member) && member.length === 0))
      .map(([key, member]) => [key, Array.isArray(member) ? member.map(wrapLikeXml) : [wrapLikeXml(member)]]);
    return Object.fromEntries(entries);
  }
  return value;
}

/** The root element's content of an XML body, parsed with xml2js (`explicitArray: true`). */
export const parseXmlBody = (text: string): Promise<unknown> => parseXml(text);
