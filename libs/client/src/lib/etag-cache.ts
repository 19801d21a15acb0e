import type { Middleware } from 'openapi-fetch';

interface CachedResponse {
  etag: string;
  body: string;
  headers: [string, string][];
}

/**
 * ETag-aware caching of GET responses (CONTRACT §7): a repeated GET sends `If-None-Match` with the
 * ETag of the last answer, and a `304 Not Modified` is answered from the cached body, as a 200.
 * Keyed by URL (which names the customer) and Accept (JSON and XML are cached apart); bounded to
 * the most recent `capacity` of them.
 */
export function etagCache(capacity = 500): Middleware {
  const entries = new Map<string, CachedResponse>();
  return {
    onRequest({ request }) {
      const cached = request.method === 'GET' ? entries.get(keyOf(request)) : undefined;
      if (cached !== undefined && !request.headers.has('If-None-Match')) request.headers.set('If-None-Match', cached.etag);
      return request;
    },
    async onResponse({ request, response }) {
      if (request.method !== 'GET') return response;
      const key = keyOf(request);
      const cached = entries.get(key);
      if (response.status === 304 && cached !== undefined) {
        return new Response(cached.body, { status: 200, headers: [...cached.headers] });
      }
      const etag = response.headers.get('ETag');
      if (response.status !== 200 || etag === null) return response;
      entries.delete(key);
      entries.set(key, { etag, body: await response.clone().text(), headers: [...response.headers] });
      if (entries.size > capacity) entries.delete(entries.keys().next().value as string);
      return response;
    },
  };
}

const keyOf = (request: Request): string => `${request.headers.get('Accept') ?? ''} ${request.url}`;
