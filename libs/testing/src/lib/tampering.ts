/**
 * The token with one part altered: one bit of that part's first byte flipped, so the part always decodes to another
 * value. Replacing a part's last characters does not always: they may already be those characters, and the last
 * character of a base64url part carries padding bits a lenient decoder ignores.
 *
 * @param token dot-separated base64url parts: a JWS (header.payload.signature) or a compact JWE (five parts)
 * @param part the index of the part to alter; negative counts from the end (-1, the default: the signature or tag)
 */
export function tampered(token: string, part = -1): string {
  const parts = token.split('.');
  const index = part < 0 ? parts.length + part : part;
  if (index < 0 || index >= parts.length || parts[index] === '') throw new Error(`the token has no part ${part} to alter`);
  const bytes = Buffer.from(parts[index], 'base64url');
  bytes[0] ^= 1;
  parts[index] = bytes.toString('base64url');
  return parts.join('.');
}
