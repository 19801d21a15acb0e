import Fastify from 'fastify';
import { addLink } from './link';

describe('addLink', () => {
  it('keeps the links already on the response', async () => {
    const fastify = Fastify();
    fastify.get('/one', async (_request, reply) => {
      addLink(reply, '/api/v1/x?cursor=abc', 'next');
      return 'ok';
    });
    fastify.get('/two', async (_request, reply) => {
      addLink(reply, '/api/v2/x', 'successor-version');
      addLink(reply, '/api/v1/x?cursor=abc', 'next');
      return 'ok';
    });
    expect((await fastify.inject('/one')).headers.link).toBe('</api/v1/x?cursor=abc>; rel="next"');
    expect((await fastify.inject('/two')).headers.link).toBe('</api/v2/x>; rel="successor-version", </api/v1/x?cursor=abc>; rel="next"');
    await fastify.close();
  });
});
