import type { TestDatabaseKind } from '@curbside/testing';
import { ResidentLinks } from '@curbside/application';
import type { Page } from 'playwright-core';
import { launchBrowser } from './browser';
import { startTestApp, type TestApp } from './test-app';

/** The resident page's clock in the browser suites: Monday, Nov 30 2026 (fixture: see resident-page.e2e-spec.ts). */
export const NOW = new Date('2026-11-30T15:00:00.000Z');

/** The API with the e2e fixture and one headless Chromium page on it, for a suite of the resident's page. */
export interface ResidentPageInBrowser {
  t: TestApp;
  page: Page;
  /** The next step comes from an address of its own: the page's limit (60 a minute per address) counts each alone. */
  fromNewAddress(language?: string): Promise<void>;
  /** Opens a fresh link to `customerId`'s page, as an email carries it. */
  openLink(customerId: string): Promise<void>;
  close(): Promise<void>;
}

/** Starts the API on `database` (customers 1000001 and 1000002; en, es and ar offered) and a browser at it. */
export async function openResidentPageInBrowser(database: TestDatabaseKind): Promise<ResidentPageInBrowser> {
  const t = await startTestApp(database, { customers: ['1000001', '1000002'], fixture: true, now: NOW, env: { TRUST_PROXY: '127.0.0.1', LANGUAGES: 'en,es,ar' } });
  let browser: Awaited<ReturnType<typeof launchBrowser>>;
  try {
    browser = await launchBrowser();
  } catch (error) {
    await t.close();
    throw error;
  }
  const page = browser.context.pages()[0] ?? (await browser.context.newPage());
  page.setDefaultTimeout(15000);
  let address = 0;
  return {
    t,
    page,
    fromNewAddress: (language = 'en') =>
      browser.context.setExtraHTTPHeaders({ 'X-Forwarded-For': `203.0.113.${(address += 1)}`, 'Accept-Language': language }),
    openLink: async (customerId) => {
      const link = await t.app.get(ResidentLinks).issue(customerId, NOW, 90);
      await page.goto(`${t.url}/my/${link?.token ?? 'none'}`);
    },
    close: async () => {
      await browser.close();
      await t.close();
    },
  };
}
