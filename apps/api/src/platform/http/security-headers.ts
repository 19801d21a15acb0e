import type { IncomingMessage, ServerResponse } from 'node:http';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import helmet from 'helmet';
import { RESIDENT_PAGE_PATH } from '@curbside/contract';
import { isApiRoute, TRACKING_HEADER } from './request-tracking';

/** The API serves data, never documents: nothing may load or frame it. */
const API_CSP = "default-src 'none'; frame-ancestors 'none'";
/** Swagger UI at /docs loads its own scripts, styles and images, inline styles included. */
const DOCS_CSP =
  "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; " +
  "object-src 'none'; base-uri 'self'; frame-ancestors 'none'";

/**
 * A resident's page (CONTRACT §12): its own stylesheet and forms to itself, no script at all; never
 * kept by a cache or a history's referrer, never indexed, never framed.
 */
const RESIDENT_PAGE_HEADERS: Record<string, string> = {
  'Content-Security-Policy': "default-src 'none'; style-src 'self'; img-src 'self'; form-action 'self'; base-uri 'none'; frame-ancestors 'none'",
  'Cache-Control': 'no-store',
  'Referrer-Policy': 'no-referrer',
  'X-Robots-Tag': 'noindex',
};

/** `/my` and what is under it. */
export const isResidentPage = (url: string): boolean => url === RESIDENT_PAGE_PATH || url.startsWith(`${RESIDENT_PAGE_PATH}/`) || url.startsWith(`${RESIDENT_PAGE_PATH}?`);

/** For the few responses written before any hook runs (edge-errors.ts): the same promises. */
export const ERROR_SECURITY_HEADERS: Record<string, string> = {
  'X-Content-Type-Options': 'nosniff',
  'Content-Security-Policy': API_CSP,
  'Cache-Control': 'no-store',
};

/**
 * helmet's headers (its defaults; the CSP is ours, per part), worked out once: with these options
 * they do not depend on the request, so running helmet's middleware chain on every request (as
 * @fastify/helmet does, with two hooks and a promise) would only compute the same set again.
 */
const HELMET_HEADERS = helmetHeaders();

function helmetHeaders(): Record<string, string> {
  const headers: Record<string, string> = {};
  const response = {
    setHeader: (name: string, value: string) => void (headers[name] = value),
    removeHeader: (name: string) => void delete headers[name],
  };
  helmet({ contentSecurityPolicy: false })({} as IncomingMessage, response as unknown as ServerResponse, () => undefined);
  return headers;
}

/**
 * CONTRACT §7 headers: helmet's on every response (`X-Content-Type-Options: nosniff` among
 * them, no `X-Powered-By`); the CSP of each part; `Cache-Control: private, no-cache` under
 * `/api` (caches revalidate); CORS only for the origins in CORS_ORIGINS.
 */
export function applySecurityHeaders(app: NestFastifyApplication, corsOrigins: string[]): void {
  const fastify = app.getHttpAdapter().getInstance();
  // A callback hook, not an async one: no promise per request on this hot path.
  fastify.addHook('onRequest', (request, reply, done) => {
    void reply.headers(HELMET_HEADERS);
    const docs = request.url === '/docs' || request.url.startsWith('/docs/');
    void reply.header('Content-Security-Policy', docs ? DOCS_CSP : API_CSP);
    if (isApiRoute(request.url)) void reply.header('Cache-Control', 'private, no-cache');
    else if (isResidentPage(request.url)) void reply.headers(RESIDENT_PAGE_HEADERS);
    done();
  });
  if (corsOrigins.length > 0) {
    app.enableCors({
      origin: corsOrigins,
      allowedHeaders: ['Authorization', 'ClientId', TRACKING_HEADER, 'Content-Type', 'If-Match', 'If-None-Match'],
      exposedHeaders: [TRACKING_HEADER, 'ETag', 'Link', 'Retry-After', 'RateLimit-Limit', 'RateLimit-Remaining', 'RateLimit-Reset'],
      maxAge: 600,
    });
  }
}
