import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { createServer, type Server } from 'node:net';
import { freePort, listensOn } from './ports';

describe('listensOn', () => {
  const listen = async (server: Server): Promise<number> => {
    server.listen(0, '127.0.0.1');
    await once(server, 'listening');
    return (server.address() as { port: number }).port;
  };

  it('knows the process listening on a port from another that is not, and a port nobody listens on', async () => {
    const server = createServer();
    const port = await listen(server);
    try {
      expect(listensOn(process.pid, port)).toBe(true);
      // Another process: the port is taken, but not by it.
      const other = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 30000)'], { stdio: 'ignore' });
      try {
        expect(listensOn(other.pid as number, port)).toBe(false);
      } finally {
        other.kill();
      }
    } finally {
      server.close();
    }
    expect(listensOn(process.pid, await freePort())).toBe(false);
  });

  it('says false for a process that has exited', async () => {
    const server = createServer();
    const port = await listen(server);
    try {
      const gone = spawn(process.execPath, ['-e', '0'], { stdio: 'ignore' });
      await once(gone, 'exit');
      expect(listensOn(gone.pid as number, port)).toBe(false);
    } finally {
      server.close();
    }
  });
});
