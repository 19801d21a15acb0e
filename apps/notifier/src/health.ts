import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * The readiness signal for orchestrators: `GET /health/live` (the process is up) and
 * `GET /health/ready` (200 while the notifier runs and its database answers, 503 otherwise).
 */
export async function startHealthServer(port: number, isReady: () => Promise<boolean>): Promise<Server> {
  const server = createServer((request, response) => {
    const reply = (status: number, body: object) => {
      response.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
    };
    if (request.method !== 'GET') return reply(405, { status: 'method not allowed' });
    if (request.url === '/health/live') return reply(200, { status: 'up' });
    if (request.url !== '/health/ready') return reply(404, { status: 'not found' });
    isReady().then(
      (ready) => reply(ready ? 200 : 503, { status: ready ? 'ready' : 'not ready' }),
      () => reply(503, { status: 'not ready' }),
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '0.0.0.0', () => resolve());
  });
  return server;
}

export const portOf = (server: Server): number => (server.address() as AddressInfo).port;
