import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium, type BrowserContext } from 'playwright-core';

/**
 * Headless Chromium for the suites that drive a page as a person would (Swagger UI, the
 * unsubscribe pages): Debian's `chromium` package (`.ci/run` installs it). Without it a suite
 * is skipped with a message, unless CURBSIDE_REQUIRE_BROWSER is set (as `.ci/run` does), where it fails instead.
 */
export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const CHROMIUM_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/** `describe`, or `describe.skip` with a warning naming `what` when there is no Chromium (and it is not required). */
export function describeInBrowser(what: string): jest.Describe {
  const missing = !existsSync(CHROMIUM) && !process.env.CURBSIDE_REQUIRE_BROWSER;
  if (missing) console.warn(`SKIPPED the ${what} browser test: no Chromium at ${CHROMIUM} (apt-get install -y chromium, or set CHROMIUM_PATH).`);
  return missing ? describe.skip : describe;
}

/** A headless Chromium with a profile of its own; `close()` removes the profile too. */
export async function launchBrowser(): Promise<{ context: BrowserContext; close(): Promise<void> }> {
  const profile = mkdtempSync(path.join(tmpdir(), 'curbside-chromium-'));
  const context = await chromium.launchPersistentContext(profile, { executablePath: CHROMIUM, headless: true, args: CHROMIUM_FLAGS });
  return {
    context,
    async close() {
      await context.close();
      rmSync(profile, { recursive: true, force: true });
    },
  };
}
