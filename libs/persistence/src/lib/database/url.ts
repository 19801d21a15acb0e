export type DatabaseLocation = { kind: 'sqlite'; path: string } | { kind: 'postgres'; url: string };

const EXPECTED = 'expected sqlite:<path> or postgres://user:pass@host:port/db';

/** Reads DATABASE_URL. Errors say what is wrong without echoing credentials. */
export function parseDatabaseUrl(url: string): DatabaseLocation {
  const value = url.trim();
  if (value.startsWith('sqlite:')) {
    const path = value.slice('sqlite:'.length);
    if (path === '') throw new Error(`DATABASE_URL names no SQLite file (${EXPECTED})`);
    return { kind: 'sqlite', path };
  }
  if (/^postgres(ql)?:\/\//.test(value)) {
    let parsed: URL;
    try {
      parsed = new URL(value);
    } catch {
      throw new Error(`DATABASE_URL is not a valid PostgreSQL URL (${EXPECTED})`);
    }
    if (parsed.hostname === '') throw new Error(`DATABASE_URL names no PostgreSQL host (${EXPECTED})`);
    if (parsed.pathname.length <= 1) throw new Error(`DATABASE_URL names no PostgreSQL database (${EXPECTED})`);
    return { kind: 'postgres', url: value };
  }
  const scheme = /^([a-z][a-z0-9+.-]*):/i.exec(value)?.[1];
  throw new Error(
    scheme
      ? `DATABASE_URL has unsupported scheme "${scheme}:" (${EXPECTED})`
      : `DATABASE_URL is not a database URL (${EXPECTED})`,
  );
}
