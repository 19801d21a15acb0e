/** At most this many characters of a request's value appear in a problem (`detail`, `error.errors[].message`). */
export const MAX_QUOTED_CHARACTERS = 40;

/**
 * A request's value as a problem shows it: in double quotes, marked as a value, and cut to
 * MAX_QUOTED_CHARACTERS with `…`, so that no answer reflects more of any input than that.
 */
export function quoted(value: string): string {
  const characters = [...value];
  if (characters.length <= MAX_QUOTED_CHARACTERS) return `"${value}"`;
  return `"${characters.slice(0, MAX_QUOTED_CHARACTERS).join('')}…"`;
}
