/** The target of the `rel="next"` link of a `Link` header (RFC 8288), resolved against `base`; null when there is none. */
export function nextLink(header: string | null, base: string): URL | null {
  if (header === null) return null;
  for (const link of header.split(/,(?=\s*<)/)) {
    const match = /^\s*<([^>]*)>(.*)$/.exec(link);
    if (match !== null && /;\s*rel="?([^";]*\s)?next(\s[^";]*)?"?/i.test(match[2])) return new URL(match[1], base);
  }
  return null;
}
