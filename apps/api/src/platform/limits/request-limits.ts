import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ApiErrorCode, ApiException } from '../errors/api.exception';

/** Request bodies above this size are refused with 413. */
export const BODY_LIMIT_BYTES = 64 * 1024;
/** Longer URLs are refused with 414. */
export const MAX_URL_LENGTH = 8 * 1024;
/** Request line and headers above this size are refused with 431, as a problem. */
export const MAX_HEADER_BYTES = 16 * 1024;
/**
 * Node's own parser limit, above ours so that our limit answers with a negotiated problem;
 * only beyond this does the parser refuse (and the problem is plain JSON).
 */
export const PARSER_MAX_HEADER_BYTES = 64 * 1024;
/** JSON bodies nested deeper are refused with 400 before anything walks them recursively. */
export const MAX_JSON_DEPTH = 32;

/** The size limits of a request, checked before routing work, and the depth of its JSON body. */
export function enforceRequestLimits(fastify: FastifyInstance): void {
  // A callback hook, not an async one: no promise per request on this hot path.
  fastify.addHook('onRequest', (request, _reply, done) => {
    if (request.url.length > MAX_URL_LENGTH) return done(new ApiException(ApiErrorCode.URI_TOO_LONG));
    if (headerBytes(request) > MAX_HEADER_BYTES) return done(new ApiException(ApiErrorCode.HEADERS_TOO_LARGE));
    const repeated = repeatedHeader(request);
    if (repeated !== null) return done(new ApiException(ApiErrorCode.BAD_REQUEST, `The ${repeated} header must be sent once.`));
    done();
  });
  fastify.addHook('preValidation', async (request) => {
    if (depthExceeds(request.body, MAX_JSON_DEPTH)) throw new ApiException(ApiErrorCode.BODY_TOO_DEEP);
  });
}

/**
 * Headers a request may carry once: with two `Host` headers (RFC 9112 §3.2 says 400) or two
 * `Authorization` headers, a proxy in front may read the one the API does not (Node keeps the first).
 */
const SINGLE_HEADERS: ReadonlyMap<string, string> = new Map([
  ['host', 'Host'],
  ['authorization', 'Authorization'],
]);

/** The name of a header sent more than once that may be sent once; null when none is. */
function repeatedHeader(request: FastifyRequest): string | null {
  const { rawHeaders } = request.raw;
  const seen = new Set<string>();
  for (let i = 0; i < rawHeaders.length; i += 2) {
    const name = rawHeaders[i].toLowerCase();
    if (!SINGLE_HEADERS.has(name)) continue;
    if (seen.has(name)) return SINGLE_HEADERS.get(name) ?? name;
    seen.add(name);
  }
  return null;
}

function headerBytes(request: FastifyRequest): number {
  const { rawHeaders } = request.raw;
  let bytes = request.method.length + request.url.length + 12; // "GET /url HTTP/1.1\r\n"
  for (const field of rawHeaders) bytes += field.length + 2;
  return bytes;
}

/** True when `value` nests arrays or objects more than `limit` levels deep; iterative, so any depth is safe. */
export function depthExceeds(value: unknown, limit: number): boolean {
  const pending: Array<[unknown, number]> = [[value, 0]];
  while (pending.length > 0) {
    const [current, depth] = pending.pop() as [unknown, number];
    if (current === null || typeof current !== 'object') continue;
    if (depth >= limit) return true;
    for (const child of Object.values(current)) pending.push([child, depth + 1]);
  }
  return false;
}
