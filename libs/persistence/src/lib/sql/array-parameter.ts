/**
 * An array parameter for PostgreSQL in its text form (`{"a","b\"c",NULL,7}`), written by V8's
 * native `JSON.stringify`: node-postgres escapes each element with two regular expressions, a
 * tenth of a notice run's CPU. A JSON array of strings, numbers, booleans and nulls is such a
 * literal once its brackets become braces: both quote every string and escape `"` and `\` with a
 * backslash, and the literal reads an unquoted `null` as NULL. They differ only where JSON writes
 * an escape the literal would not read back (control characters, lone surrogates) or a value
 * JSON cannot hold (a non-finite number, anything else): such arrays go to node-postgres as they are.
 */
export function arrayParameter(values: readonly unknown[]): string | readonly unknown[] {
  for (const value of values) {
    if (typeof value === 'string' ? JSON_ESCAPED.test(value) : !(value === null || typeof value === 'boolean' || Number.isFinite(value))) return values;
  }
  return `{${JSON.stringify(values).slice(1, -1)}}`;
}

/** What `JSON.stringify` writes as an escape that an array literal reads differently: control characters, and any surrogate (a lone one is escaped). */
// eslint-disable-next-line no-control-regex
const JSON_ESCAPED = /[\u0000-\u001f\ud800-\udfff]/;
