import { WriteLockBusy } from './transactions';

/** What a socket says when it cannot reach, or loses, the PostgreSQL server. */
const CONNECTION_ERRORS = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'EHOSTUNREACH', 'ENETUNREACH', 'ENOTFOUND', 'EAI_AGAIN']);
/** SQLSTATEs of a server that cannot take work now: shutting down, starting up, out of connections. */
const UNAVAILABLE_STATES = new Set(['57P01', '57P02', '57P03', '53300']);
/** node-postgres reports a connection lost, or never made, in a message of its own, with no code. */
const PG_CONNECTION_LOST = /^Connection terminated|is not queryable|timeout exceeded when trying to connect/;

/**
 * Whether `error` says the database cannot be used now rather than that the work is wrong: the
 * PostgreSQL server unreachable, its connection lost, the server shutting down or starting up;
 * the SQLite file locked by another process for longer than a writer waits. Retrying later may
 * succeed; nothing of the failed work was committed.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  // Duck-typed: errors of Node's sockets may come from another realm than this module's Error.
  let current = error as { code?: unknown; message?: unknown; driverError?: unknown; cause?: unknown } | null | undefined;
  for (let depth = 0; typeof current === 'object' && current !== null && depth < 5; depth++) {
    if (current instanceof WriteLockBusy) return true;
    const { code, message } = current;
    if (typeof code === 'string') {
      if (CONNECTION_ERRORS.has(code) || UNAVAILABLE_STATES.has(code) || code.startsWith('08') || code.startsWith('SQLITE_BUSY')) return true;
    } else if (typeof message === 'string' && PG_CONNECTION_LOST.test(message)) {
      return true;
    }
    current = (current.driverError ?? current.cause) as typeof current;
  }
  return false;
}
