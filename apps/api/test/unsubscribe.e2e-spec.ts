import { Logger } from '@nestjs/common';
import { CustomerImport, UpdatePreferences } from '@curbside/application';
import { emptyBundle, type PreferenceCategory, type SelectionUpdate } from '@curbside/domain';
import { drain } from '@curbside/notifications/testing';
import { UnsubscribeTokens, type Notifier, type UnsubscribeGrant } from '@curbside/notifications';
import { CustomerRepository, EventRepository, inTransaction, PreferenceRepository } from '@curbside/persistence';
import { startSmtpSink, driverIndependentDatabases, type SmtpSink } from '@curbside/testing';
import type { Page } from 'playwright-core';
import { DataSource } from 'typeorm';
import { expectProblem, startTestApp, TestApp } from './support';
import { notifierOf } from './support/notifier';
import { describeInBrowser, launchBrowser } from './support/browser';

/*
 * CONTRACT §10, one-click unsubscribe (RFC 8058): the link every email to a resident carries,
 * through the real API (and, end to end, a real notifier and SMTP server), on both databases.
 */

if (!process.env['DEBUG']) Logger.overrideLogger(false);

const CUSTOMER = '7700001';
const NOTICES: PreferenceCategory = 'Service Notification';
const select = (category: PreferenceCategory, channel: SelectionUpdate['channel'], type: SelectionUpdate['type'], value: string): SelectionUpdate => ({
  category,
  channel,
  type,
  value,
  optIn: true,
});

/** A customer with the same address under two categories, a billing address and a text. */
async function seedCustomer(t: TestApp, customerId: string): Promise<void> {
  await t.app.get(CustomerImport).importBundle(emptyBundle(customerId));
  await t.app.get(UpdatePreferences).execute(
    customerId,
    [
      select(NOTICES, 'Email', 'SEMAIL', 'Resident@Example.com'),
      select(NOTICES, 'Email', 'BEMAIL', 'billing@example.com'),
      select(NOTICES, 'Text', 'SMOBILE', '555-010-0100'),
      select('Service Exception', 'Email', 'SEMAIL', 'resident@example.com'),
    ],
    'portal',
  );
}

/** Each selection as `category/channel/type=value:Y|N by modifiedBy`. */
async function selectionsOf(t: TestApp, customerId: string): Promise<string[]> {
  const preferences = await t.app.get(PreferenceRepository).list(customerId);
  return preferences.flatMap((p) =>
    p.channels.flatMap((c) => c.selections.map((s) => `${p.category}/${c.name}/${s.type}=${s.value}:${s.optIn ? 'Y' : 'N'} by ${s.audit.modifiedBy}`)),
  );
}

const eventsOf = async (t: TestApp, customerId: string): Promise<string[]> =>
  (await t.app.get(DataSource).query(`SELECT "type", "payload" FROM "events" WHERE "customer_id" = '${customerId}' ORDER BY "id"`)).map(
    (row: { type: string; payload: string }) => `${row.type} ${row.payload}`,
  );

const versionOf = async (t: TestApp, customerId: string): Promise<number> => (await t.app.get(CustomerRepository).findVersioned(customerId))?.dataVersion ?? -1;

const issue = (t: TestApp, grant: UnsubscribeGrant): Promise<string> => t.app.get(UnsubscribeTokens).issue(grant);

const ALL_LANGUAGES = 'en,es,zh-Hans,zh-Hant,vi,tl,ko,ar';

/** The customer's stored language (CONTRACT §11), as the language operation or the import leaves it. */
const setLanguage = (t: TestApp, customerId: string, language: string | null): Promise<unknown> =>
  t.app.get(DataSource).query(`UPDATE "customers" SET "language" = ${language === null ? 'NULL' : `'${language}'`} WHERE "id" = '${customerId}'`);

describe.each(driverIndependentDatabases())('unsubscribe links on $name', (database) => {
  let t: TestApp;
  let token: string;

  beforeAll(async () => {
    t = await startTestApp(database, { customers: [CUSTOMER], env: { BRAND_NAME: 'Prairie Hauling', LANGUAGES: ALL_LANGUAGES } });
    await seedCustomer(t, CUSTOMER);
    token = await issue(t, { customerId: CUSTOMER, category: NOTICES, address: 'resident@example.com' });
  });
  afterAll(() => t.close());

  it('makes opaque tokens: no customer id, no address in them, a new one each time', async () => {
    expect(token).toMatch(/^[\w-]{40,}$/);
    const decoded = Buffer.from(token, 'base64url').toString('latin1');
    expect(decoded).not.toContain(CUSTOMER);
    expect(decoded).not.toContain('example.com');
    expect(await issue(t, { customerId: CUSTOMER, category: NOTICES, address: 'resident@example.com' })).not.toBe(token);
  });

  it('GET shows a page with a button that posts to the same URL, in the hauler\u2019s name, and changes nothing', async () => {
    const before = [await selectionsOf(t, CUSTOMER), await eventsOf(t, CUSTOMER), await versionOf(t, CUSTOMER)];
    const response = await t.http().get(`/unsubscribe/${token}`).expect(200);
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.text).toContain('<html lang="en" dir="ltr">');
    expect(response.headers['content-language']).toBe('en');
    expect(response.headers['vary']).toMatch(/Accept-Language/);
    expect(response.text).toContain('<title>Unsubscribe from Prairie Hauling emails \u2013 Prairie Hauling</title>');
    expect(response.text).toContain(`<form method="post" action="${token}?lang=en">`);
    expect(response.text).toContain('<button type="submit">Unsubscribe</button>');
    expect(response.text).toContain('\u201cService Notification\u201d emails that Prairie Hauling sends to r\u2022\u2022\u2022@example.com');
    expect(response.text).not.toContain('resident@example.com');
    expect([await selectionsOf(t, CUSTOMER), await eventsOf(t, CUSTOMER), await versionOf(t, CUSTOMER)]).toEqual(before);
  });

  it('POST (one click) opts that address out of that category only, with its event and the version bump; a repeat changes nothing more', async () => {
    const [events, version] = [(await eventsOf(t, CUSTOMER)).length, await versionOf(t, CUSTOMER)];
    const response = await t
      .http()
      .post(`/unsubscribe/${token}`)
      .type('form')
      .send('List-Unsubscribe=One-Click')
      .expect(200);
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(response.text).toContain('Prairie Hauling will no longer send \u201cService Notification\u201d emails to r\u2022\u2022\u2022@example.com.');
    expect(await selectionsOf(t, CUSTOMER)).toEqual([
      'Service Notification/Email/SEMAIL=Resident@Example.com:N by UNSUBSCRIBE',
      'Service Notification/Email/BEMAIL=billing@example.com:Y by portal',
      'Service Notification/Text/SMOBILE=555-010-0100:Y by portal',
      'Service Exception/Email/SEMAIL=resident@example.com:Y by portal',
    ]);
    expect((await eventsOf(t, CUSTOMER)).slice(events)).toEqual(['preferences.changed {"modifiedBy":"UNSUBSCRIBE"}']);
    expect(await versionOf(t, CUSTOMER)).toBe(version + 1);

    // Again, empty, and as RFC 8058 §3.2's example sends it (multipart/form-data): the same page, nothing more written.
    const again = await t.http().post(`/unsubscribe/${token}`).expect(200);
    expect(again.text).toBe(response.text);
    const multipart = await t.http().post(`/unsubscribe/${token}`).field('List-Unsubscribe', 'One-Click').expect(200);
    expect(multipart.text).toBe(response.text);
    expect(await eventsOf(t, CUSTOMER)).toHaveLength(events + 1);
    expect(await versionOf(t, CUSTOMER)).toBe(version + 1);
  });

  it('takes a multipart body nowhere else: a 415 problem', async () => {
    const refused = await t.http().post('/oauth/token').field('grant_type', 'client_credentials').expect(415);
    expectProblem(refused, 415, 'UNSUPPORTED_MEDIA_TYPE');
  });

  it('a PUT of op 10 opts the address in again', async () => {
    await t.api
      .put(`/api/v1/customers/${CUSTOMER}/communication-preferences`)
      .send({
        preferences: [{ category: NOTICES, channels: [{ name: 'Email', selections: [{ value: 'Resident@Example.com', type: 'SEMAIL', is_opt_in: 'Y' }] }] }],
        audit_info: { modified_by: 'resident' },
      })
      .expect(200);
    expect(await selectionsOf(t, CUSTOMER)).toContain('Service Notification/Email/SEMAIL=Resident@Example.com:Y by resident');
  });

  it.each([
    ['one character changed', (good: string) => `${good.slice(0, 20)}${good[20] === 'A' ? 'B' : 'A'}${good.slice(21)}`],
    ['its last character changed', (good: string) => `${good.slice(0, -1)}${good.endsWith('A') ? 'B' : 'A'}`],
    ['cut short', (good: string) => good.slice(0, -4)],
    ['made up', () => 'AQ'.padEnd(80, 'x')],
    ['an access token', () => 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJ4In0.c2ln'],
  ])('a token %s is a 404 problem on GET and POST, and nothing changes', async (_name, alter) => {
    const before = [await selectionsOf(t, CUSTOMER), await eventsOf(t, CUSTOMER), await versionOf(t, CUSTOMER)];
    const bad = alter(token);
    expectProblem(await t.http().get(`/unsubscribe/${bad}`).expect(404), 404, 'NOT_FOUND');
    const posted = await t.http().post(`/unsubscribe/${bad}`).type('form').send('List-Unsubscribe=One-Click').expect(404);
    expectProblem(posted, 404, 'NOT_FOUND');
    expect(posted.headers['content-type']).toBe('application/problem+json; charset=utf-8');
    expect([await selectionsOf(t, CUSTOMER), await eventsOf(t, CUSTOMER), await versionOf(t, CUSTOMER)]).toEqual(before);
  });

  describe('in the resident\u2019s language (CONTRACT §11)', () => {
    afterEach(() => setLanguage(t, CUSTOMER, null));

    it.each([
      ['es-MX,es;q=0.9,en;q=0.5', 'es'],
      ['zh-TW', 'zh-Hant'],
      ['zh-HK', 'zh-Hant'],
      ['zh-CN', 'zh-Hans'],
      ['fil-PH', 'tl'],
      ['fr-FR, ko;q=0.3', 'ko'],
      ['fr-FR', 'en'],
    ])('Accept-Language %j answers %s, with Vary: Accept-Language', async (accept, language) => {
      const response = await t.http().get(`/unsubscribe/${token}`).set('Accept-Language', accept).expect(200);
      expect(response.headers['content-language']).toBe(language);
      expect(response.headers['vary']).toMatch(/Accept-Language/);
      expect(response.text).toContain(`<html lang="${language}" dir="ltr">`);
    });

    it('the customer\u2019s language before the header, lang before both; an unoffered lang is ignored', async () => {
      await setLanguage(t, CUSTOMER, 'vi');
      const vi = await t.http().get(`/unsubscribe/${token}`).set('Accept-Language', 'es').expect(200);
      expect(vi.headers['content-language']).toBe('vi');
      expect(vi.headers['vary'] ?? '').not.toMatch(/Accept-Language/);
      expect(vi.text).toContain('<h1>Hủy đăng ký email của Prairie Hauling</h1>');
      const ko = await t.http().get(`/unsubscribe/${token}?lang=KO`).set('Accept-Language', 'es').expect(200);
      expect(ko.headers['content-language']).toBe('ko');
      expect((await t.http().get(`/unsubscribe/${token}?lang=fr`).expect(200)).headers['content-language']).toBe('vi');
    });

    it('documents lang on the page and the one-click POST in OpenAPI', async () => {
      const { body: document } = await t.http().get('/docs/openapi.json').expect(200);
      for (const method of ['get', 'post']) {
        const parameters = document.paths['/unsubscribe/{token}'][method].parameters as { in: string; name: string; description: string }[];
        const lang = parameters.find((parameter) => parameter.in === 'query' && parameter.name === 'lang');
        expect({ method, lang }).toMatchObject({ method, lang: { in: 'query', name: 'lang', required: false, schema: { type: 'string' } } });
        expect(lang?.description).toMatch(/BCP 47.*not offered.*ignored.*the customer's language.*Accept-Language/);
      }
    });

    it('writes the pages right to left in ar, isolating the brand, the category and the address', async () => {
      const response = await t.http().get(`/unsubscribe/${token}?lang=ar`).expect(200);
      expect(response.headers['content-language']).toBe('ar');
      expect(response.text).toContain('<html lang="ar" dir="rtl">');
      expect(response.text).toContain('<h1>إلغاء الاشتراك في رسائل <bdi>Prairie Hauling</bdi></h1>');
      expect(response.text).toContain('«<bdi>Service Notification</bdi>»');
      expect(response.text).toContain('<bdi>r\u2022\u2022\u2022@example.com</bdi>');
      expect(response.text).toContain(`action="${token}?lang=ar"`);
    });
  });

  it('a token of a customer that is gone is a 404', async () => {
    const gone = await issue(t, { customerId: '7799999', category: NOTICES, address: 'resident@example.com' });
    expectProblem(await t.http().post(`/unsubscribe/${gone}`).expect(404), 404, 'NOT_FOUND');
  });

  describe('end to end: an email from the notifier, and the link it carries', () => {
    let smtp: SmtpSink;
    let notifier: Notifier;
    const customer = '7700002';

    beforeAll(async () => {
      smtp = await startSmtpSink();
      await seedCustomer(t, customer);
      notifier = notifierOf(t, { smtpUrl: smtp.url, brandName: 'Prairie Hauling' });
    });
    afterAll(async () => {
      await notifier.stop();
      await smtp.close();
    });

    const ticketCreated = (ticketId: string) =>
      inTransaction(t.app.get(DataSource), (manager) =>
        t.app.get(EventRepository).append(manager, [{ customerId: customer, type: 'ticket.created', payload: { ticketId, status: 'OPEN' } }]),
      );

    it('every email to a resident carries List-Unsubscribe and its one-click POST, and shows the same URL in both parts', async () => {
      await ticketCreated('61001');
      await drain(notifier);
      expect(smtp.received.map((m) => m.to.join().toLowerCase())).toEqual(['resident@example.com']);
      const [mail] = smtp.received;
      // The display name is the hauler's (nodemailer quotes it only where RFC 5322 needs quotes).
      expect(mail?.headers['from']).toMatch(/^"?Prairie Hauling"? <no-reply@curbside\.invalid>$/);
      expect(mail?.subject).toBe('Prairie Hauling: Service ticket 61001 was created (status OPEN)');
      const link = /^<(.+)>$/.exec(mail?.headers['list-unsubscribe'] ?? '')?.[1] ?? '';
      expect(link).toMatch(new RegExp(`^${t.url}/unsubscribe/[\\w-]+$`));
      expect(mail?.headers['list-unsubscribe-post']).toBe('List-Unsubscribe=One-Click');
      expect(mail?.text).toContain(`Unsubscribe from these emails: ${link}\n`);
      expect(mail?.html).toContain(`<a href="${link}">${link}</a>`);

      // The mailbox provider's one click, as RFC 8058 §3.2 sends it.
      await t.http().post(new URL(link).pathname).type('form').send('List-Unsubscribe=One-Click').expect(200);
      await ticketCreated('61002');
      await drain(notifier);
      expect(smtp.received.filter((m) => m.subject.includes('61002'))).toEqual([]);
      const activity = await t.app.get(DataSource).query(`SELECT "body" FROM "email_activities" WHERE "customer_id" = '${customer}'`);
      expect(activity).toHaveLength(1);
      expect(activity[0].body).toBe(mail?.text);
    });
  });
});

describeInBrowser('unsubscribe page')('the unsubscribe page in headless Chromium', () => {
  let t: TestApp;
  let browser: Awaited<ReturnType<typeof launchBrowser>>;
  let page: Page;

  beforeAll(async () => {
    t = await startTestApp(driverIndependentDatabases()[0], { customers: [CUSTOMER], env: { BRAND_NAME: 'Prairie Hauling', LANGUAGES: ALL_LANGUAGES } });
    await seedCustomer(t, CUSTOMER);
    browser = await launchBrowser();
    page = browser.context.pages()[0] ?? (await browser.context.newPage());
    page.setDefaultTimeout(15000);
  });
  afterAll(async () => {
    await browser?.close();
    await t?.close();
  });

  it('shows an ar resident the pages right to left, and the button unsubscribes in Arabic (CONTRACT §11)', async () => {
    await setLanguage(t, CUSTOMER, 'ar');
    const token = await issue(t, { customerId: CUSTOMER, category: 'Service Notification', address: 'resident@example.com' });
    await page.goto(`${t.url}/unsubscribe/${token}`);
    const root = page.locator('html');
    expect([await root.getAttribute('lang'), await root.getAttribute('dir'), await page.evaluate('getComputedStyle(document.body).direction')]).toEqual(['ar', 'rtl', 'rtl']);
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('إلغاء الاشتراك في رسائل Prairie Hauling');
    await Promise.all([page.waitForURL(`${t.url}/unsubscribe/${token}?lang=ar`), page.getByRole('button', { name: 'إلغاء الاشتراك' }).click()]);
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('تم إلغاء اشتراكك');
    expect(await root.getAttribute('dir')).toBe('rtl');
    expect(await page.getByRole('status').textContent()).toBe('لن يرسل Prairie Hauling بعد الآن رسائل «Service Notification» إلى r\u2022\u2022\u2022@example.com.');
    expect(await selectionsOf(t, CUSTOMER)).toContain('Service Notification/Email/SEMAIL=Resident@Example.com:N by UNSUBSCRIBE');
    await setLanguage(t, CUSTOMER, null);
  });

  it('opens the link, shows what it stops, and one press of the button unsubscribes', async () => {
    const token = await issue(t, { customerId: CUSTOMER, category: 'Service Exception', address: 'resident@example.com' });
    await page.goto(`${t.url}/unsubscribe/${token}`);
    expect(await page.title()).toBe('Unsubscribe from Prairie Hauling emails \u2013 Prairie Hauling');
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Unsubscribe from Prairie Hauling emails');
    expect(await page.getByRole('main').textContent()).toContain('\u201cService Exception\u201d emails that Prairie Hauling sends to r\u2022\u2022\u2022@example.com');
    expect(await selectionsOf(t, CUSTOMER)).toContain('Service Exception/Email/SEMAIL=resident@example.com:Y by portal');

    await Promise.all([page.waitForURL(`${t.url}/unsubscribe/${token}?lang=en`), page.getByRole('button', { name: 'Unsubscribe' }).click()]);
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('You are unsubscribed');
    expect(await page.getByRole('status').textContent()).toBe('Prairie Hauling will no longer send \u201cService Exception\u201d emails to r\u2022\u2022\u2022@example.com.');
    expect(await selectionsOf(t, CUSTOMER)).toContain('Service Exception/Email/SEMAIL=resident@example.com:N by UNSUBSCRIBE');
  });
});
