import { spawn, spawnSync } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { loadConfig } from '@curbside/config';
import { buildDemoImportFile } from '@curbside/demo';
import { announcedPort, programEnv, tempFolder } from '@curbside/testing';
import { writeOutputTo, type TextSink } from '../../src/output';
import { reporter, runCommand } from '../../src/run-command';

const WORKSPACE = resolve(__dirname, '../../../..');
/** The built CLI: `npm test` builds it before this suite runs. */
const CLI = join(WORKSPACE, 'dist/apps/admin-cli/main.js');
const API = join(WORKSPACE, 'dist/apps/api/main.js');
/** `npm start` after its build: the demo sandbox, then the API in the same process. */
const START = join(WORKSPACE, 'tools/dev/start.js');

export interface CliResult {
  status: number | null;
  stdout: string;
  stderr: string;
  /** stdout parsed as JSON (for `--json` commands). */
  json<T = unknown>(): T;
}

/**
 * Runs `curbside <args>` against `databaseUrl` in this process, its environment only `env` (as the built CLI's
 * would be): the same output and exit code, without a Node.js process to start and load per command. For what
 * only a process shows (a failure to start, signals, what leaves on stdout and stderr), `runCliProcess`.
 */
export async function runCli(databaseUrl: string, args: string[], env: Record<string, string> = {}): Promise<CliResult> {
  const written = { stdout: '', stderr: '' };
  const sink = (stream: keyof typeof written): TextSink => ({ write: (text: string) => (written[stream] += text) });
  const report = reporter(Boolean(env.DEBUG));
  const { exit, exitCode } = process;
  const outputBefore = writeOutputTo({ stdout: sink('stdout'), stderr: sink('stderr') });
  let exited: number | undefined;
  // commander ends the process on --help and usage errors: through the CLI's errorHandler for the program's own,
  // by itself for a subcommand's (`clients --help`). Here the run ends there instead, with that exit code.
  process.exit = (code) => {
    exited = Number(code ?? process.exitCode ?? 0);
    throw new ExitCalled();
  };
  try {
    process.exitCode = undefined;
    await runCommand(loadConfig(cliEnv(databaseUrl, env)), ['node', 'curbside', ...args], {
      // What `process.exit` throws reaches commander's caller, which hands it to `report`: no failure of a command.
      report: (error) => (error instanceof ExitCalled ? undefined : report(error)),
      logTo: sink('stderr'),
    });
    return cliResult(exited ?? Number(process.exitCode ?? 0), written.stdout, written.stderr);
  } finally {
    writeOutputTo(outputBefore);
    Object.assign(process, { exit, exitCode });
  }
}

/** What `process.exit` throws while `runCli` runs a command: the run ends there, as the process would have. */
class ExitCalled extends Error {}

/** Runs the built CLI in a process of its own, as an operator would, against `databaseUrl`. */
export function runCliProcess(databaseUrl: string, args: string[], env: Record<string, string> = {}): CliResult {
  const result = spawnSync(process.execPath, [CLI, ...args], { cwd: WORKSPACE, encoding: 'utf8', env: cliEnv(databaseUrl, env) });
  return cliResult(result.status, result.stdout, result.stderr);
}

/** `runCliProcess` without blocking the test: for CLIs that run while the test does other things. */
export function spawnCli(databaseUrl: string, args: string[], env: Record<string, string> = {}): Promise<CliResult> {
  const child = spawn(process.execPath, [CLI, ...args], { cwd: WORKSPACE, env: cliEnv(databaseUrl, env) });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk) => (stdout += chunk));
  child.stderr.on('data', (chunk) => (stderr += chunk));
  return new Promise((done) => child.once('close', (status) => done(cliResult(status, stdout, stderr))));
}

const cliEnv = (databaseUrl: string, env: Record<string, string>) => ({ ...programEnv(), DATABASE_URL: databaseUrl, ...env });

const cliResult = (status: number | null, stdout: string, stderr: string): CliResult => ({
  status,
  stdout,
  stderr,
  json: <T>() => JSON.parse(stdout) as T,
});

/** Writes `content` as JSON into a fresh temp file (removed after the test file) and returns its path. */
export function writeTempJson(content: unknown): string {
  const file = join(tempFolder('cli'), 'import.json');
  writeFileSync(file, JSON.stringify(content, null, 2));
  return file;
}

export interface WireCustomer {
  id: string;
  currency: string;
  tickets: Array<Record<string, string>>;
  [resource: string]: unknown;
}
export type ImportFile = { customers: WireCustomer[]; holidays: Array<Record<string, string>> };

/** The demo import file; with `tickets`, the customers it names get that many service tickets each. */
export function demoImportFile(tickets: Record<string, number> = {}): ImportFile {
  const file = buildDemoImportFile(new Date(2026, 5, 15)) as ImportFile;
  for (const customer of file.customers) {
    const count = tickets[customer.id];
    if (count === undefined) continue;
    const [model] = customer.tickets;
    customer.tickets = Array.from({ length: count }, (_, n) => ({ ...model, id: String(7_000_000 + n) }));
  }
  return file;
}

/** For suites that spawn and load real processes: on a loaded 2-core machine they take far longer than on an idle one. */
export const PROCESS_TEST_TIMEOUT_MS = 180_000;

/** Registers a client granted every customer (CLI) and gets it an access token from the running API. */
export async function registerClient(databaseUrl: string, api: RunningApi): Promise<{ clientId: string; token: string }> {
  const client = (await runCli(databaseUrl, ['clients', 'create', '--name', 'test', '--all-customers', '--json'])).json<{ client_id: string; client_secret: string }>();
  const response = await fetch(`${api.url}/oauth/token`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ grant_type: 'client_credentials', client_id: client.client_id, client_secret: client.client_secret }),
  });
  const { access_token: token } = (await response.json()) as { access_token: string };
  return { clientId: client.client_id, token };
}

export interface RunningApi {
  url: string;
  port: number;
  process: ChildProcess;
  /** Resolves with the exit code (null when killed by a signal) once the process has exited. */
  exited: Promise<number | null>;
  /** What the process wrote to stdout and stderr so far. */
  stdout(): string;
  stderr(): string;
  /** SIGTERM, then waits for the exit. */
  stop(): Promise<void>;
}

/**
 * Starts the real API process on a port of its own; resolves once it answers /health/ready. It drains
 * for no time on SIGTERM unless `env` sets SHUTDOWN_DRAIN_MS. Idle connections stay open for two
 * minutes rather than KEEP_ALIVE_TIMEOUT_SECONDS' few: a CLI run (`runCliProcess`, or a long command
 * `runCli` runs here) holds the test's event loop for seconds, and its fetch would then reuse a
 * connection the API closed meanwhile.
 */
export function startApi(databaseUrl: string, env: Record<string, string> = {}): Promise<RunningApi> {
  return startServer(API, WORKSPACE, databaseUrl, 0, { KEEP_ALIVE_TIMEOUT_SECONDS: '120', ...env });
}

/** Runs `npm start`'s script (after the build) in `cwd`, where it keeps data/demo-client.json; resolves once the API is ready on `port` (its banner names it). */
export async function startDemo(databaseUrl: string, port: number, cwd: string): Promise<RunningApi> {
  const api = await startServer(START, cwd, databaseUrl, port, {});
  // The banner comes once the API answers; it ends the start's output.
  for (const deadline = Date.now() + 10_000; !api.stdout().includes(BANNER_END) && Date.now() < deadline; ) {
    await new Promise((r) => setTimeout(r, 50));
  }
  return api;
}

/** The last words of `npm start`'s banner. */
export const BANNER_END = 'Stop: Ctrl-C';

/**
 * Starts `script` with PORT=`port` (0: one the API picks); resolves once the API's start line names its port and
 * /health/ready answers there. Readiness alone is not proof: a port picked ahead can be taken meanwhile by another
 * suite's server.
 */
async function startServer(script: string, cwd: string, databaseUrl: string, port: number, env: Record<string, string>): Promise<RunningApi> {
  const child = spawn(process.execPath, [script], {
    cwd,
    env: { ...programEnv(), DATABASE_URL: databaseUrl, PORT: String(port), LOG_LEVEL: 'info', SHUTDOWN_DRAIN_MS: '0', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk) => (stdout += chunk));
  child.stderr.on('data', (chunk) => (stderr += chunk));
  const exited = new Promise<number | null>((done) => child.once('exit', (code) => done(code)));
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
    await exited;
  };
  // Bounded, but generous: a busy 2-core CI machine can take well over 10 s to boot the API.
  for (const deadline = Date.now() + 60_000; Date.now() < deadline; ) {
    if (child.exitCode !== null) throw new Error(`${script} exited (${child.exitCode}): ${stderr}`);
    const taken = announcedPort(stdout);
    if (taken !== null && port !== 0 && taken !== port) break;
    const url = `http://127.0.0.1:${taken}`;
    if (taken !== null && (await fetch(`${url}/health/ready`).then((r) => r.ok, () => false))) {
      return { url, port: taken, process: child, exited, stdout: () => stdout, stderr: () => stderr, stop };
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  await stop();
  throw new Error(`${script} did not become ready on its port: ${stderr}`);
}
