import { readdirSync, readFileSync, readlinkSync } from 'node:fs';
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

/**
 * Whether process `pid` is the one listening on TCP `port`, from Linux's /proc: the listening sockets of that port
 * (`/proc/net/tcp`, `tcp6`) among the process's open files. A test that starts a program on a port picked ahead
 * checks this with the program's readiness, so that another suite's server that took the port meanwhile is not
 * taken for the program. True where /proc cannot tell (another system): the check is then readiness alone.
 */
export function listensOn(pid: number, port: number): boolean {
  let tables: string[];
  try {
    tables = ['/proc/net/tcp', '/proc/net/tcp6'].map((table) => readFileSync(table, 'utf8'));
  } catch {
    return true;
  }
  const listening = new Set<string>();
  for (const line of tables.join('\n').split('\n')) {
    // sl local_address rem_address st tx:rx tr:when retrnsmt uid timeout inode
    const fields = line.trim().split(/\s+/);
    if (fields.length < 10 || fields[3] !== LISTEN) continue;
    if (parseInt(fields[1].slice(fields[1].lastIndexOf(':') + 1), 16) === port) listening.add(`socket:[${fields[9]}]`);
  }
  if (listening.size === 0) return false;
  let descriptors: string[];
  try {
    descriptors = readdirSync(`/proc/${pid}/fd`);
  } catch {
    return false; // the process has exited
  }
  return descriptors.some((fd) => {
    try {
      return listening.has(readlinkSync(`/proc/${pid}/fd/${fd}`));
    } catch {
      return false; // closed while we looked
    }
  });
}

/** A listening socket's state in /proc/net/tcp. */
const LISTEN = '0A';
