/**
 * Characters XML 1.0 cannot carry, even escaped: C0 controls other than tab, LF and CR,
 * U+FFFE, U+FFFF, and UTF-16 surrogates that are not part of a pair.
 */
export const XML_UNSAFE_CHAR =
  // eslint-disable-next-line no-control-regex -- matching control characters is the point
  /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** Why `text` cannot be carried by XML, or null when it can. */
export function xmlUnsafeReason(text: string): string | null {
  const match = XML_UNSAFE_CHAR.exec(text);
  if (match === null) return null;
  const code = match[0].charCodeAt(0);
  const hex = `U+${code.toString(16).toUpperCase().padStart(4, '0')}`;
  const what = code >= 0xd800 && code <= 0xdfff ? 'a lone surrogate' : 'a control character';
  return `contains ${what} (${hex}) at position ${match.index}, which XML cannot carry`;
}
