import { createServer } from 'node:net';

/** A free TCP port on the loopback interface. */
export const freePort = () =>
  new Promise<number>((done) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => done(port));
    });
  });

/**
 * The port a Curbside program says it took, from its start line ("listening on http://localhost:<port>" for the API,
 * "health on http://localhost:<port>/…" for the notifier; both at LOG_LEVEL info), or null before it has said so.
 * A test that starts a program waits for this, not only for a port to answer: a port picked ahead can be taken
 * meanwhile by another suite's server, whose readiness would pass for the program's.
 */
export function announcedPort(output: string): number | null {
  const found = /(?:listening|health) on http:\/\/localhost:(\d+)/.exec(output);
  return found === null ? null : Number(found[1]);
}
