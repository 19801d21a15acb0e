import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { CustomerImport } from '@curbside/application';
import { join, resolve } from 'node:path';
import { emptyBundle, type CustomerBundle, type NewEvent, type ServiceTicket } from '@curbside/domain';
import { EventRepository, inTransaction, openDatabase } from '@curbside/persistence';
import { freePort, listensOn, programEnv, startSmtpSink, type SmtpSink, type TestDatabase, type TestDatabaseKind } from '@curbside/testing';
import type { DataSource } from 'typeorm';

const WORKSPACE = resolve(__dirname, '../../../..');
/** The built programs: the test target builds them before this suite runs. */
const NOTIFIER = join(WORKSPACE, 'dist/apps/notifier/main.js');
const CLI = join(WORKSPACE, 'dist/apps/admin-cli/main.js');
const API = join(WORKSPACE, 'dist/apps/api/main.js');

/**
 * Quick rounds, though not the quickest: only a round that found nothing rests NOTIFIER_POLL_MS (one with work starts
 * the next at once), and an idle notifier cost 5.7 % of a core at 20 ms against 2.7 % at 100 ms, besides the
 * database's answers. Leases far longer than a send takes even on a busy machine: a lease that runs out while its
 * email is on the wire lets the next round send that email again, and these suites count each email once. A suite
 * that kills a notifier adds `KILLABLE`'s short leases.
 */
export const FAST = {
  NOTIFIER_POLL_MS: '100',
  NOTIFIER_LEASE_SECONDS: '60',
  NOTIFIER_BACKOFF_BASE_MS: '100',
  NOTIFIER_BATCH_SIZE: '20',
  NOTIFIER_CONCURRENCY: '10',
  NOTIFIER_CUSTOMER_HOURLY_CAP: '100000',
  LOG_LEVEL: 'warn',
  // The webhook receivers of these suites listen on loopback.
  WEBHOOKS_ALLOW_LOOPBACK: 'true',
};

/** Short leases, so that what a SIGKILLed notifier held comes back within seconds (a resend is then allowed for). */
export const KILLABLE = { NOTIFIER_LEASE_SECONDS: '2' };

/** What each test of a process suite starts from: a database of its own (open here too), an SMTP server, the programs' env. */
export interface ProcessWorld {
  database: TestDatabase;
  dataSource: DataSource;
  smtp: SmtpSink;
  /** FAST, the database and the SMTP server, and the suite's `env`. */
  env: Record<string, string>;
}

/** A fresh `ProcessWorld` for each test of the enclosing `describe` (made before, removed after it); read it in the test. */
export function freshWorldEachTest(kind: TestDatabaseKind, env: Record<string, string> = {}): ProcessWorld {
  const world = {} as ProcessWorld;
  beforeEach(async () => {
    world.database = await kind.create();
    world.dataSource = await openDatabase(world.database.url);
    world.smtp = await startSmtpSink();
    world.env = { ...FAST, DATABASE_URL: world.database.url, SMTP_URL: world.smtp.url, ...env };
  });
  afterEach(async () => {
    await world.dataSource.destroy();
    await world.smtp.close();
    await world.database.drop();
  });
  return world;
}

export interface RunningProcess {
  child: ChildProcess;
  /** Resolves with the exit code (null when killed by a signal). */
  exited: Promise<number | null>;
  output(): string;
}

function start(program: string, env: Record<string, string>): RunningProcess {
  const child = spawn(process.execPath, [program], {
    cwd: WORKSPACE,
    env: { ...programEnv(), ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk) => (output += chunk));
  child.stderr?.on('data', (chunk) => (output += chunk));
  const exited = new Promise<number | null>((done) => child.once('exit', (code) => done(code)));
  return { child, exited, output: () => output };
}

/** Runs the real notifier process to its end (one that cannot start exits at once). */
export function runNotifier(env: Record<string, string>) {
  const result = spawnSync(process.execPath, [NOTIFIER], { cwd: WORKSPACE, encoding: 'utf8', env: { ...programEnv(), QUIET_HOURS: 'off', ...env }, timeout: 30_000 });
  return { status: result.status, stderr: result.stderr };
}

/** Starts the real notifier process; resolves once its health endpoint says ready. */
export async function startNotifier(env: Record<string, string>): Promise<RunningProcess & { healthUrl: string }> {
  // Texts and calls wait out QUIET_HOURS (21:00-08:00 by default): a suite run at night must not wait with them.
  const { process: notifier, port } = await startOnFreePort('notifier', NOTIFIER, '/health/ready', (port) => ({
    LOG_LEVEL: 'warn',
    QUIET_HOURS: 'off',
    ...env,
    NOTIFIER_HEALTH_PORT: String(port),
  }));
  return { ...notifier, healthUrl: `http://127.0.0.1:${port}/health/ready` };
}

/**
 * Starts the real API; resolves once it answers /health/ready. Idle connections stay open for two minutes
 * rather than KEEP_ALIVE_TIMEOUT_SECONDS' few: `runCli` blocks the test's event loop for seconds, and its
 * fetch would then reuse a connection the API closed meanwhile.
 */
export async function startApi(env: Record<string, string>): Promise<RunningProcess & { url: string }> {
  const { process: api, port } = await startOnFreePort('API', API, '/health/ready', (port) => ({
    LOG_LEVEL: 'error',
    KEEP_ALIVE_TIMEOUT_SECONDS: '120',
    ...env,
    PORT: String(port),
  }));
  return { ...api, url: `http://127.0.0.1:${port}` };
}

/**
 * Starts `program` on a port picked ahead and waits until `readyPath` answers there from that very process: these
 * suites run the programs at LOG_LEVEL warn, so no start line says which port a program took, and another suite's
 * server may take the picked port first. The program then cannot listen and exits; it is started again on another.
 */
async function startOnFreePort(
  name: string,
  program: string,
  readyPath: string,
  envFor: (port: number) => Record<string, string>,
): Promise<{ process: RunningProcess; port: number }> {
  for (let attempt = 1; ; attempt++) {
    const port = await freePort();
    const started = start(program, envFor(port));
    const exited = () => started.child.exitCode !== null || started.child.signalCode !== null;
    // Bounded: whatever holds the port may never answer.
    const ready = () => fetch(`http://127.0.0.1:${port}${readyPath}`, { signal: AbortSignal.timeout(2_000) }).then((response) => response.ok, () => false);
    await waitFor(async () => exited() || ((await ready()) && listensOn(started.child.pid as number, port)), 60_000);
    if (!exited()) return { process: started, port };
    // Its last words may still be in the pipes when it has exited.
    await Promise.all([started.child.stdout, started.child.stderr].map((stream) => (stream && !stream.readableEnded ? once(stream, 'end') : undefined)));
    if (attempt === 3 || !started.output().includes('EADDRINUSE')) throw new Error(`${name} exited (${started.child.exitCode}): ${started.output()}`);
  }
}

export async function stop(process: RunningProcess, signal: NodeJS.Signals = 'SIGTERM'): Promise<number | null> {
  if (process.child.exitCode === null && process.child.signalCode === null) process.child.kill(signal);
  return process.exited;
}

/** Runs the real CLI as an operator would. */
export function runCli(env: Record<string, string>, args: string[]) {
  const result = spawnSync(process.execPath, [CLI, ...args], { cwd: WORKSPACE, encoding: 'utf8', env: { ...programEnv(), ...env } });
  return { status: result.status, stdout: result.stdout, stderr: result.stderr, json: <T>() => JSON.parse(result.stdout) as T };
}

export async function waitFor(condition: () => Promise<boolean>, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

const audit = { createdBy: null, createdAt: null, modifiedBy: null, modifiedAt: null };

/** A customer whose service email (Service Notification) is `email`, with the given tickets. */
export function customerWithEmail(id: string, email: string, tickets: ServiceTicket[] = []): CustomerBundle {
  const selection = { type: 'SEMAIL' as const, value: email, optIn: true, audit };
  const channel = { name: 'Email' as const, optIn: true, selections: [selection], options: [] };
  return { ...emptyBundle(id), tickets, preferences: [{ category: 'Service Notification', enabled: true, channels: [channel] }] };
}

export function openTicket(id: string): ServiceTicket {
  return {
    id,
    status: 'OPEN',
    loadType: null,
    loadDescription: null,
    createdAt: '2026-11-02T08:00:00.000',
    createdBy: 'csr',
    closedAt: null,
    closedBy: null,
    dispatchedAt: null,
    generated: null,
    complaint: null,
    comments: null,
    completionCode: null,
    completedDescription: null,
    requestedBy: null,
    loggedAt: null,
    services: [],
  };
}

/** `customers` customers with one service email each, and `perCustomer` ticket.created events each. */
export async function seedEvents(dataSource: DataSource, customers: number, perCustomer: number): Promise<void> {
  const repository = new CustomerImport(dataSource);
  const events: NewEvent[] = [];
  for (let c = 0; c < customers; c++) {
    const id = String(5_000_000 + c);
    await repository.importBundle(customerWithEmail(id, `c${id}@example.com`));
    for (let n = 0; n < perCustomer; n++) events.push({ customerId: id, type: 'ticket.created', payload: { ticketId: String(n), status: 'OPEN' } });
  }
  await inTransaction(dataSource, (manager) => new EventRepository(dataSource).append(manager, events));
}

/** The emails the notifier recorded as sent by the system (an email activity each). */
export const SYSTEM_EMAILS = `SELECT COUNT(*) AS "count" FROM "email_activities" WHERE "sent_by" = 'SYSTEM'`;

export const countRows = async (dataSource: DataSource, sql: string): Promise<number> => Number((await dataSource.query(sql))[0].count);

/** Rows into `table`, a few hundred a statement (raw: seeding thousands of customers must take a second, not a minute). */
async function insertMany(dataSource: DataSource, table: string, columns: string[], rows: unknown[][]): Promise<void> {
  const postgres = dataSource.options.type === 'postgres';
  for (let start = 0; start < rows.length; start += 500) {
    const part = rows.slice(start, start + 500);
    let n = 0;
    const values = part.map(() => `(${columns.map(() => (postgres ? `$${++n}` : '?')).join(', ')})`).join(', ');
    await dataSource.query(`INSERT INTO "${table}" (${columns.map((c) => `"${c}"`).join(', ')}) VALUES ${values}`, part.flat());
  }
}

/**
 * `count` customers (ids from 7,000,000) with a service picked up every day, so that whatever
 * day it is, tomorrow has a pickup; every `emailEvery`-th one has an opted-in service email
 * (`n<id>@example.com`), the others an opted-out one. The ids of the reachable customers.
 */
export async function seedDailyCustomers(dataSource: DataSource, count: number, emailEvery: number): Promise<string[]> {
  const ids = Array.from({ length: count }, (_, i) => String(7_000_000 + i));
  const reachable = ids.filter((_, i) => i % emailEvery === 0);
  const days = 'MONDAY,TUESDAY,WEDNESDAY,THURSDAY,FRIDAY,SATURDAY,SUNDAY';
  const category = 'Service Notification';
  await insertMany(dataSource, 'customers', ['id', 'currency'], ids.map((id) => [id, 'USD']));
  await insertMany(dataSource, 'services', ['customer_id', 'id', 'status', 'name', 'schedule_days', 'schedule_every_weeks', 'schedule_starts_on'],
    ids.map((id) => [id, `${id}1`, 'Active', 'Daily cart', days, 1, '2026-01-05']));
  await insertMany(dataSource, 'preference_categories', ['customer_id', 'category', 'position', 'enabled'], ids.map((id) => [id, category, 0, 1]));
  await insertMany(dataSource, 'preference_channels', ['customer_id', 'category', 'channel', 'position', 'opt_in'], ids.map((id) => [id, category, 'Email', 0, 1]));
  await insertMany(dataSource, 'preference_selections', ['customer_id', 'category', 'channel', 'type', 'position', 'value', 'opt_in'],
    ids.map((id, i) => [id, category, 'Email', 'SEMAIL', 0, `n${id}@example.com`, i % emailEvery === 0 ? 1 : 0]));
  return reachable;
}
