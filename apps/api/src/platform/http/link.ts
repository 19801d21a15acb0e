import type { FastifyReply } from 'fastify';

/**
 * Adds one link to the response's `Link` header (RFC 8288), keeping those already there: a page
 * of a deprecated list has both `rel="next"` and `rel="successor-version"`.
 */
export function addLink(reply: FastifyReply, target: string, rel: string): void {
  const link = `<${target}>; rel="${rel}"`;
  const existing = reply.getHeader('link');
  void reply.header('Link', typeof existing === 'string' && existing !== '' ? `${existing}, ${link}` : link);
}
