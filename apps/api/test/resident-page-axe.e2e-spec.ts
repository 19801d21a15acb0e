/** @slow axe-core in Chromium on every page and state, in three languages, on each database: Jest starts it first (jest.sequencer.js). */
import { AxeBuilder } from '@axe-core/playwright';
import { Logger } from '@nestjs/common';
import { testDatabases } from '@curbside/testing';
import { describeInBrowser } from './support/browser';
import { openResidentPageInBrowser, type ResidentPageInBrowser } from './support/resident-page-browser';

/*
 * A resident's page (CONTRACT §12) in headless Chromium, on both databases: axe-core's WCAG 2.0/2.1/2.2
 * A and AA rules on every page and state in en, es and ar at 320 CSS pixels wide, where nothing may
 * scroll sideways. Clock: Monday, Nov 30 2026 (fixture: see resident-page.e2e-spec.ts). The resident's
 * way through the page is resident-page-browser.e2e-spec.ts.
 */

if (!process.env['DEBUG']) Logger.overrideLogger(false);

const WCAG = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];
const NARROW = { width: 320, height: 900 };

describe.each(testDatabases())('a resident page in headless Chromium on $name', (database) => {
  describeInBrowser('resident page')('', () => {
    let session: ResidentPageInBrowser;

    beforeAll(async () => {
      session = await openResidentPageInBrowser(database);
    });
    afterAll(() => session?.close());

    const expectAccessible = async (state: string) => {
      const { page } = session;
      // Legacy mode runs axe in the page itself: the default opens a blank page for every analysis to gather the results
      // of cross-origin frames, which the resident's page has none of (its CSP allows no frame), and that page was half
      // of this suite's time.
      const { violations } = await new AxeBuilder({ page }).withTags(WCAG).setLegacyMode(true).analyze();
      expect({ state, violations: violations.map((v) => ({ id: v.id, nodes: v.nodes.map((n) => n.target.join(' ')) })) }).toEqual({ state, violations: [] });
      // A string, evaluated in the page: this suite's TypeScript knows no DOM.
      const sideways = await page.evaluate<number>('document.documentElement.scrollWidth - document.documentElement.clientWidth');
      expect({ state, sideways }).toEqual({ state, sideways: 0 });
    };

    it.each(['en', 'es', 'ar'])('has no axe violation on any page or state in %s, and nothing scrolls sideways at 320 pixels', async (language) => {
      const { t, page, fromNewAddress, openLink } = session;
      await page.setViewportSize(NARROW);
      await fromNewAddress(language);
      // A customer with a missed pickup left to report in each language (1000002 gives one to en and one to es).
      await openLink(language === 'ar' ? '1000001' : '1000002');
      const q = `?lang=${language}`;
      await page.goto(`${t.url}/my${q}`);
      expect(await page.getAttribute('html', 'lang')).toBe(language);
      await expectAccessible('the page');

      const submit = (form: string) => page.locator(`form[action^="/my/${form}"] button[type="submit"]`).click();
      // A refused form is answered at the form's own address: waiting for that address (and its load) waits for the
      // answer, where waiting for the load state alone could return at once, still on the page that was loaded.
      const refused = (form: string) => Promise.all([page.waitForURL((url) => url.pathname.startsWith(`/my/${form}`)), submit(form)]);
      await refused('missed-pickup');
      expect(await page.title()).toMatch(/^(Error|خطأ): /);
      await expectAccessible('the missed-pickup form with an error');

      await page.locator('#extra-pickup-comments').fill('x'.repeat(1001));
      await refused('extra-pickup');
      expect(await page.locator('#extra-pickup-comments').getAttribute('aria-invalid')).toBe('true');
      await expectAccessible('the extra-pickup form with an error');

      await page.locator('#language option').first().evaluate((option) => option.setAttribute('value', 'fr'));
      await page.locator('#language').selectOption({ index: 0 });
      await refused('language');
      expect(await page.locator('#language').getAttribute('aria-invalid')).toBe('true');
      await expectAccessible('the language form with an error');

      await page.locator('#missed-pickup-choice').check();
      await Promise.all([page.waitForURL(/change=missed-pickup/), submit('missed-pickup')]);
      await expectAccessible('the missed-pickup confirmation');
      await page.goto(`${t.url}/my${q}`);
      await page.locator('#extra-pickup-choice').selectOption({ index: { en: 0, es: 1, ar: 2 }[language] ?? 0 });
      await Promise.all([page.waitForURL(/change=extra-pickup/), submit('extra-pickup')]);
      await expectAccessible('the extra-pickup confirmation');
      await page.goto(`${t.url}/my${q}`);
      await Promise.all([page.waitForURL(/change=reminders/), submit('reminders')]);
      await expectAccessible('the reminders confirmation');
      await page.goto(`${t.url}/my${q}`);
      await page.locator('#language').selectOption(language);
      await Promise.all([page.waitForURL(/change=language/), submit('language')]);
      await expectAccessible('the language confirmation');

      await page.goto(`${t.url}/my${q}`);
      await page.locator('form[action^="/my/reminders"] input[name="form_token"]').evaluate((input) => input.setAttribute('value', 'forged'));
      await refused('reminders');
      expect(await page.title()).not.toBe('');
      await expectAccessible('the 403 page');

      const gone = await page.goto(`${t.url}/my/this-link-does-not-work`);
      expect(gone?.status()).toBe(404);
      expect(await page.getAttribute('html', 'lang')).toBe(language);
      await expectAccessible('the 404 page');
    });
  });
});
