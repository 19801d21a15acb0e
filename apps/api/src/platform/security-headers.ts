import fastifyHelmet from '@fastify/helmet';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { isApiRoute, TRACKING_HEADER } from './request-tracking';

/** The API serves data, never documents: nothing may load or frame it. */
const API_CSP = "default-src 'none'; frame-ancestors 'none'";
/** Swagger UI at /docs loads its own scripts, styles and images, inline styles included. */
const DOCS_CSP =
  "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; " +
  "object-src 'none'; base-uri 'self'; frame-ancestors 'none'";

/** For the few responses written before any hook runs (edge-errors.ts): the same promises. */
export const ERROR_SECURITY_HEADERS: Record<string, string> = {
  'X-Content-Type-Options': 'nosniff',
  'Content-Security-Policy': API_CSP,
  'Cache-Control': 'no-store',
};

/**
 * CONTRACT §7 headers: helmet's on every response (`X-Content-Type-Options: nosniff` among
 * them, no `X-Powered-By`); the CSP of each part; `Cache-Control: private, no-cache` under
 * `/api` (caches revalidate); CORS only for the origins in CORS_ORIGINS.
 */
export async function applySecurityHeaders(app: NestFastifyApplication, corsOrigins: string[]): Promise<void> {
  await app.register(fastifyHelmet, { global: true, contentSecurityPolicy: false });
  const fastify = app.getHttpAdapter().getInstance();
  // A callback hook, not an async one: no promise per request on this hot path.
  fastify.addHook('onRequest', (request, reply, done) => {
    const docs = request.url === '/docs' || request.url.startsWith('/docs/');
    void reply.header('Content-Security-Policy', docs ? DOCS_CSP : API_CSP);
    if (isApiRoute(request.url)) void reply.header('Cache-Control', 'private, no-cache');
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
