import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

const WORKSPACE = resolve(__dirname, '../../..');
/** The built CLI: `npm test` builds it before this suite runs. */
const CLI = join(WORKSPACE, 'dist/apps/admin-cli/main.js');
const API = join(WORKSPACE, 'dist/apps/api/main.js');

export interface CliResult {
  status: number | null;
  stdout: string;
  stderr: string;
  /** stdout parsed as JSON (for `--json` commands). */
  json<T = unknown>(): T;
}

/** Runs the real CLI as an operator would, against `databaseUrl`. */
export function runCli(databaseUrl: string, args: string[], env: Record<string, string> = {}): CliResult {
  const result = spawnSync(process.execPath, [CLI, ...args], {
    cwd: WORKSPACE,
    encoding: 'utf8',
    env: { PATH: process.env.PATH, DATABASE_URL: databaseUrl, ...env },
  });
  return {
    status: result.status,
    stdout: result.stdout,
    stderr: result.stderr,
    json: <T>() => JSON.parse(result.stdout) as T,
  };
}

/** Writes `content` as JSON into a fresh temp file and returns its path. */
export function writeTempJson(content: unknown): string {
  const file = join(mkdtempSync(join(tmpdir(), 'curbside-cli-')), 'import.json');
  writeFileSync(file, JSON.stringify(content, null, 2));
  return file;
}

/** Starts the real API process on `port`; resolves once it answers /health/ready. */
export async function startApi(databaseUrl: string, port: number): Promise<{ url: string; stop(): Promise<void> }> {
  const child = spawn(process.execPath, [API], {
    cwd: WORKSPACE,
    env: { PATH: process.env.PATH, DATABASE_URL: databaseUrl, PORT: String(port), LOG_LEVEL: 'error' },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr.on('data', (chunk) => (stderr += chunk));
  const url = `http://127.0.0.1:${port}`;
  const stop = () =>
    new Promise<void>((done) => {
      if (child.exitCode !== null) return done();
      child.once('exit', () => done());
      child.kill('SIGTERM');
    });
  // Up to 30 s: on a loaded 2-core machine the API's first start (Nest, the OpenAPI document, the database) can take over 10 s.
  for (let attempt = 0; attempt < 300; attempt++) {
    if (child.exitCode !== null) throw new Error(`API exited (${child.exitCode}): ${stderr}`);
    const ready = await fetch(`${url}/health/ready`).then((r) => r.ok, () => false);
    if (ready) return { url, stop };
    await new Promise((r) => setTimeout(r, 100));
  }
  await stop();
  throw new Error(`API did not become ready: ${stderr}`);
}
