/** At most this many characters of a request's value appear in a problem (any member, and its headers). */
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

/**
 * A member that is itself a request's value (a problem's `instance`, an `errors[].field` naming
 * a member the request made up): as it is when it fits in MAX_QUOTED_CHARACTERS, so that a
 * client can still read it as a path or a member name, and otherwise cut and quoted as `quoted`
 * shows a value inside `detail`.
 */
export function bounded(value: string): string {
  return [...value].length <= MAX_QUOTED_CHARACTERS ? value : quoted(value);
}
