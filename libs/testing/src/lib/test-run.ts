import { randomBytes } from 'node:crypto';
import { rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from 'pg';
import { testServerUrl } from './servers';

/*
 * One Jest run of a project: its id, set by the global setup before the workers start (they
 * inherit it), names the migrated templates its workers make; the global teardown removes them.
 */
const RUN = 'CURBSIDE_TEST_RUN';

const runId = (): string | null => process.env[RUN] ?? null;

/** The folder of this run's SQLite templates, or null outside a run with the global setup. */
export function templateFolder(): string | null {
  const id = runId();
  return id === null ? null : join(tmpdir(), `curbside-templates-${id}`);
}

/** This worker's template: a file name on SQLite, a database name on PostgreSQL. */
export function templateName(): string {
  return `curbside_template_${runId()}_${process.env['JEST_WORKER_ID'] ?? '1'}`;
}

/** Jest's global setup: a new run id. */
export async function startTestRun(): Promise<void> {
  process.env[RUN] = randomBytes(4).toString('hex');
}

/** Jest's global teardown: every template of this run, on both drivers. */
export async function endTestRun(): Promise<void> {
  const folder = templateFolder();
  if (folder === null) return;
  await rm(folder, { recursive: true, force: true });
  const serverUrl = testServerUrl('PostgreSQL');
  if (serverUrl === undefined) return;
  const client = new Client({ connectionString: serverUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ name: string }>('SELECT datname AS name FROM pg_database WHERE datname LIKE $1', [`curbside_template_${runId()}_%`]);
    for (const { name } of rows) await client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
  } finally {
    await client.end();
  }
}
