/** @slow Chromium on each database: Jest starts it first (jest.sequencer.js). */
import { mkdirSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Logger } from '@nestjs/common';
import { drain } from '@curbside/notifications/testing';
import type { Notifier } from '@curbside/notifications';
import { EventRepository, inTransaction } from '@curbside/persistence';
import { startSmtpSink, testDatabases, type SmtpSink } from '@curbside/testing';
import { DataSource } from 'typeorm';
import { describeInBrowser } from './support/browser';
import { notifierOf } from './support/notifier';
import { openResidentPageInBrowser, type ResidentPageInBrowser } from './support/resident-page-browser';

/*
 * A resident's page (CONTRACT §12) in headless Chromium, on both databases: from the link in a
 * reminder caught by a real SMTP server to a missed pickup reported and a reminder turned off, as
 * the API and the outbox then show them; the missed-pickup form completed with the keyboard alone.
 * Clock: Monday, Nov 30 2026 (fixture: see resident-page.e2e-spec.ts). With CURBSIDE_SCREENSHOTS=1
 * it writes docs/images/resident-page-{en,ar}.png. The page's accessibility in every state is
 * resident-page-axe.e2e-spec.ts (a file of its own, so that Jest's two workers share the browser's work).
 */

if (!process.env['DEBUG']) Logger.overrideLogger(false);

/** The id of the element that has the keyboard's focus, evaluated in the page. */
const FOCUSED_ID = "document.activeElement ? document.activeElement.id : ''";

describe.each(testDatabases())('a resident page in headless Chromium on $name', (database) => {
  describeInBrowser('resident page')('', () => {
    let session: ResidentPageInBrowser;
    let smtp: SmtpSink;
    let notifier: Notifier;

    beforeAll(async () => {
      session = await openResidentPageInBrowser(database);
      smtp = await startSmtpSink();
      notifier = notifierOf(session.t, { smtpUrl: smtp.url, languages: { offered: ['en', 'es', 'ar'], messagesDir: null } });
    });
    afterAll(async () => {
      await notifier?.stop();
      await smtp?.close();
      await session?.close();
    });

    // First, while every form still offers something to ask for.
    it('photographs the page in en and ar for the docs', async () => {
      const { t, page, fromNewAddress, openLink } = session;
      await page.setViewportSize({ width: 760, height: 900 });
      const folder = process.env['CURBSIDE_SCREENSHOTS'] ? path.resolve(__dirname, '../../../docs/images') : mkdtempSync(path.join(tmpdir(), 'curbside-shots-'));
      mkdirSync(folder, { recursive: true });
      try {
        for (const language of ['en', 'ar']) {
          await fromNewAddress(language);
          await openLink('1000001');
          await page.goto(`${t.url}/my?lang=${language}`);
          const file = path.join(folder, `resident-page-${language}.png`);
          await page.screenshot({ path: file, fullPage: true });
          expect(statSync(file).size).toBeGreaterThan(10_000);
        }
      } finally {
        if (!process.env['CURBSIDE_SCREENSHOTS']) rmSync(folder, { recursive: true, force: true });
      }
    });

    it('a resident opens the link of a reminder, reports a missed pickup, sees the ticket, turns a reminder off; the API and the outbox show both by RESIDENT', async () => {
      const { t, page, fromNewAddress } = session;
      const reminder = { customerId: '1000001', type: 'pickup.reminder' as const, payload: { date: '2026-12-03', pickups: JSON.stringify([{ serviceId: '10001', service: 'Trash', scheduledDate: '2026-12-03', date: '2026-12-03', holidays: [] }]) } };
      await inTransaction(t.app.get(DataSource), (manager) => t.app.get(EventRepository).append(manager, [reminder]));
      await drain(notifier);
      const mail = smtp.received.find((received) => received.to.join().toLowerCase().includes('@example.com'));
      const link = /Your pickups, reminders and requests: (\S+)/.exec(mail?.text ?? '')?.[1] ?? '';
      expect(link).toMatch(new RegExp(`^${t.url}/my/[\\w-]{43}$`));
      expect(mail?.html).toContain(`<a href="${link}">${link}</a>`);

      await fromNewAddress();
      await page.goto(link);
      expect(page.url()).toBe(`${t.url}/my`);
      const missed = page.getByRole('region', { name: 'Report a missed pickup' });
      await missed.getByRole('radio', { name: /Friday, November 27/ }).check();
      await missed.getByLabel('Anything the crew should know (optional)').fill('The cart was out by 6');
      await Promise.all([page.waitForURL(/\/my\/done\?/), missed.getByRole('button', { name: 'Report missed pickup' }).click()]);
      const ticketId = /ticket number is (\d+)/.exec((await page.getByRole('status').textContent()) ?? '')?.[1] ?? '';
      expect(ticketId).toMatch(/^\d+$/);

      await page.getByRole('link', { name: 'Back to your page' }).click();
      const email = page.getByRole('group', { name: 'Pickup reminders and service updates by email to m\u2022\u2022\u2022@example.com' });
      await email.getByRole('radio', { name: 'Off' }).check();
      await Promise.all([page.waitForURL(/change=reminders/), page.getByRole('button', { name: 'Save reminder settings' }).click()]);
      expect(await page.getByRole('status').textContent()).toContain('Your reminder settings are saved.');

      const ticket = await t.api.get(`/api/v1/customers/1000001/tickets/${ticketId}`).expect(200);
      expect(ticket.body.tickets[0]).toMatchObject({ created_by: 'RESIDENT', load_type: 'MIS', comments: 'The cart was out by 6' });
      const preferences = await t.api.get('/api/v1/customers/1000001/communication-preferences').expect(200);
      expect(JSON.stringify(preferences.body)).toMatch(/"type":"SEMAIL","is_opt_in":"N","audit_info":\{[^}]*"modified_by":"RESIDENT"/);
      const outbox = await t.app.get(EventRepository).list('1000001');
      expect(outbox).toEqual(
        expect.arrayContaining([
          expect.objectContaining({ type: 'ticket.created', payload: expect.objectContaining({ ticketId }) }),
          expect.objectContaining({ type: 'preferences.changed', payload: expect.objectContaining({ modifiedBy: 'RESIDENT' }) }),
        ]),
      );
    });

    it('completes the missed-pickup form with the keyboard alone', async () => {
      const { page, fromNewAddress, openLink } = session;
      await fromNewAddress();
      await openLink('1000001');
      let focused = '';
      for (let presses = 0; presses < 80 && !focused.startsWith('missed-pickup-choice'); presses += 1) {
        await page.keyboard.press('Tab');
        focused = await page.evaluate<string>(FOCUSED_ID);
      }
      expect(focused).toMatch(/^missed-pickup-choice/);
      await page.keyboard.press('Space');
      await page.keyboard.press('Tab');
      expect(await page.evaluate<string>(FOCUSED_ID)).toBe('missed-pickup-comments');
      await page.keyboard.type('Reported with the keyboard');
      await page.keyboard.press('Tab');
      await Promise.all([page.waitForURL(/\/my\/done\?change=missed-pickup&ticket=\d+/), page.keyboard.press('Enter')]);
      expect(await page.getByRole('status').textContent()).toMatch(/ticket number is \d+/);
    });

  });
});
