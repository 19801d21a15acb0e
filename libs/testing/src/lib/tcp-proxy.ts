import { createServer, connect, type Server, type Socket } from 'node:net';

/** A TCP proxy to a server, whose connections a test can cut, as if the server had stopped. */
export interface TcpProxy {
  /** The port it listens on, 127.0.0.1. */
  port: number;
  /** `url` with its host and port replaced by the proxy's. */
  via(url: string): string;
  /** Drops every connection and refuses new ones (ECONNREFUSED), as a stopped server does. */
  cut(): Promise<void>;
  /** Takes connections again, on the same port. */
  restore(): Promise<void>;
  close(): Promise<void>;
}

/**
 * Starts a proxy to `target` (a URL whose host and port it forwards to). For outage tests that
 * must not stop a server other suites share: give the code under test `proxy.via(url)`.
 */
export async function startTcpProxy(target: string): Promise<TcpProxy> {
  const { hostname, port: targetPort } = new URL(target);
  const open = new Set<Socket>();
  const track = (socket: Socket): void => {
    open.add(socket);
    socket.on('close', () => open.delete(socket));
  };
  const server: Server = createServer((client) => {
    const upstream = connect(Number(targetPort || 5432), hostname);
    for (const [from, to] of [[client, upstream], [upstream, client]]) {
      track(from);
      from.pipe(to);
      // Either side ending or failing ends the other: a cut connection is cut both ways.
      from.on('error', () => to.destroy());
      from.on('close', () => to.destroy());
    }
  });
  const listen = (port: number): Promise<void> =>
    new Promise((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, '127.0.0.1', () => {
        server.off('error', reject);
        resolve();
      });
    });
  const stop = (): Promise<void> =>
    new Promise((resolve) => {
      if (!server.listening) return resolve();
      server.close(() => resolve());
      for (const socket of open) socket.destroy();
    });
  await listen(0);
  const port = (server.address() as { port: number }).port;
  return {
    port,
    via: (url) => {
      const proxied = new URL(url);
      proxied.hostname = '127.0.0.1';
      proxied.port = String(port);
      return proxied.toString();
    },
    cut: stop,
    restore: () => listen(port),
    close: stop,
  };
}
