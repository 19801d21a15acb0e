import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const made = new Set<string>();

/**
 * A fresh folder in the temp directory, removed with everything in it after the test file's last test,
 * whether its tests passed or not: a run of `npm test` leaves the temp directory as it found it.
 */
export function tempFolder(prefix: string): string {
  const folder = mkdtempSync(join(tmpdir(), `curbside-${prefix}-`));
  made.add(folder);
  return folder;
}

/** Removes every folder `tempFolder` made so far (run by Jest after each test file). */
export function removeTempFolders(): void {
  for (const folder of made) rmSync(folder, { recursive: true, force: true, maxRetries: 3 });
  made.clear();
}

if (typeof afterAll === 'function') afterAll(removeTempFolders);
