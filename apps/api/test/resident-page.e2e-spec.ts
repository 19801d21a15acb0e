import { ResidentLinks } from '@curbside/application';
import { EventRepository } from '@curbside/persistence';
import { testDatabases } from '@curbside/testing';
import request from 'supertest';
import { startTestApp, type TestApp } from './support';
import { fieldsOf, firstForm, pageClient, type PageClient } from './support/resident-page';

/*
 * CONTRACT §12 over HTTP, one test per rule, on the e2e fixture with the clock on Monday, Nov 30 2026 (TIME_ZONE UTC):
 * customer 1000001's service 10001 is picked up Mondays and Thursdays (Thanksgiving moved Thu Nov 26 to Fri Nov 27),
 * so a missed pickup may be reported for Nov 30 and Nov 27. Each test comes from an address of its own (behind the
 * trusted proxy), so the page's limit of 60 requests a minute per address counts each test alone.
 */
const NOW = new Date('2026-11-30T15:00:00.000Z');
const DAY_MS = 24 * 60 * 60 * 1000;
const CUSTOMER = '1000001';
const ticketsOf = (customerId: string) => `/api/v1/customers/${customerId}/tickets`;

describe.each(testDatabases())('a resident page (CONTRACT §12) on $name', (database) => {
  let t: TestApp;
  let links: ResidentLinks;
  let address = 0;
  /** A resident at an address of their own. */
  const resident = (): PageClient => pageClient(t.url, `198.51.100.${(address += 1)}`);
  const link = async (customerId = CUSTOMER, at = NOW, days = 90): Promise<string> => {
    const made = await links.issue(customerId, at, days);
    if (made === null) throw new Error(`no customer ${customerId}`);
    return made.token;
  };

  beforeAll(async () => {
    t = await startTestApp(database, { customers: [CUSTOMER, '1000002'], fixture: true, now: NOW, env: { TRUST_PROXY: '127.0.0.1', LANGUAGES: 'en,es,ar' } });
    links = t.app.get(ResidentLinks);
  });
  afterAll(() => t.close());

  describe('the link', () => {
    it('opens a session: 303 to /my, the cookie HttpOnly, SameSite=Lax, Path=/my, not Secure over http, for 30 days', async () => {
      const page = resident();
      const opened = await page.get(`/my/${await link()}`);
      expect(opened.status).toBe(303);
      expect(opened.headers['location']).toBe('/my');
      const cookie = page.setCookie(opened);
      expect(cookie.attributes).toEqual(expect.arrayContaining(['HttpOnly', 'SameSite=Lax', 'Path=/my', `Max-Age=${30 * 24 * 60 * 60}`]));
      expect(cookie.attributes).not.toContain('Secure');
      expect(cookie.value).toMatch(/^[A-Za-z0-9_-]{43}$/);
      const shown = await page.get('/my');
      expect(shown.status).toBe(200);
      expect(shown.text).toContain('<h1>Your pickups</h1>');
    });

    it('makes a session that never outlives its link', async () => {
      const page = resident();
      const opened = await page.get(`/my/${await link(CUSTOMER, new Date(NOW.getTime() - 85 * DAY_MS), 90)}`);
      expect(opened.status).toBe(303);
      expect(page.setCookie(opened).attributes).toContain(`Max-Age=${5 * 24 * 60 * 60}`);
    });

    it('answers one and the same 404 page for a tampered, unknown, expired, revoked or malformed link, and for /my without a working session', async () => {
      const good = await link();
      const tampered = `${good.slice(0, -1)}${good.endsWith('A') ? 'B' : 'A'}`;
      const expired = await link(CUSTOMER, new Date(NOW.getTime() - 91 * DAY_MS), 90);
      const revokedLink = await link('1000002');
      const revokedSession = resident();
      await revokedSession.open(await link('1000002'));
      await links.revoke('1000002');
      const answers = [
        await resident().get(`/my/${tampered}`),
        await resident().get(`/my/${'x'.repeat(43)}`),
        await resident().get(`/my/${expired}`),
        await resident().get(`/my/${revokedLink}`),
        await resident().get('/my/not-a-token'),
        await resident().get('/my'),
        await resident().get('/my/done?change=reminders'),
        await resident().withCookie('curbside_my=' + 'y'.repeat(43)).get('/my'),
        await revokedSession.get('/my'),
        await resident().post('/my/missed-pickup', {}),
      ];
      for (const answer of answers) {
        expect(answer.status).toBe(404);
        expect(answer.headers['set-cookie']).toBeUndefined();
        expect(answer.text).toBe(answers[0].text);
      }
      expect(answers[0].text).toContain('This link no longer works');
      expect(answers[0].text).toContain('The next email from Curbside brings a new one.');
    });

    it('writes the 404 page in the language Accept-Language asks for', async () => {
      const answer = await resident().withHeader('Accept-Language', 'es-MX,es;q=0.9').get('/my');
      expect(answer.status).toBe(404);
      expect(answer.headers['content-language']).toBe('es');
      expect(answer.headers['vary']).toContain('Accept-Language');
      expect(answer.text).toContain('<html lang="es" dir="ltr">');
      expect(answer.text).toContain('Este enlace ya no funciona');
    });

    it('is ended with every session by a revocation', async () => {
      const page = resident();
      const unused = await link();
      await page.open(await link());
      expect((await page.get('/my')).status).toBe(200);
      expect(await links.revoke(CUSTOMER)).toBeGreaterThanOrEqual(2);
      expect((await page.get('/my')).status).toBe(404);
      expect((await resident().get(`/my/${unused}`)).status).toBe(404);
    });
  });

  describe('every /my answer', () => {
    it("carries §12's headers: no-store, no referrer, noindex, a CSP without inline script that no one may frame", async () => {
      const page = resident();
      const answers = [await page.get(`/my/${await link()}`), await resident().get('/my')];
      await page.open(await link());
      answers.push(await page.get('/my'), await page.get('/my/style.css'), await page.post('/my/reminders', {}));
      for (const answer of answers) {
        expect(answer.headers['cache-control']).toBe('no-store');
        expect(answer.headers['referrer-policy']).toBe('no-referrer');
        expect(answer.headers['x-robots-tag']).toBe('noindex');
        const csp = answer.headers['content-security-policy'];
        expect(csp).toContain("frame-ancestors 'none'");
        expect(csp).toContain("default-src 'none'");
        expect(csp).not.toContain('script-src');
        expect(csp).not.toContain('unsafe-inline');
      }
    });

    it('is HTML in the language of §11: lang and dir, Content-Language, rtl for ar', async () => {
      const page = resident();
      await page.open(await link());
      const ar = await page.get('/my?lang=ar');
      expect(ar.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(ar.headers['content-language']).toBe('ar');
      expect(ar.text).toContain('<html lang="ar" dir="rtl">');
      expect(ar.text).not.toContain('<script');
      const byHeader = await page.withHeader('Accept-Language', 'es').get('/my');
      expect(byHeader.headers['content-language']).toBe('es');
      expect(byHeader.headers['vary']).toContain('Accept-Language');
    });

    it('shows the brand, the service address, 28 days of pickups with holiday moves, the calendar link, the reminders masked', async () => {
      const page = resident();
      await page.open(await link());
      const shown = (await page.get('/my')).text;
      expect(shown).toContain('<p class="brand-name">Curbside</p>');
      expect(shown).toMatch(/Service address:<\/span> <bdi>[^<]+<\/bdi>/);
      expect(shown).toContain('<h3><bdi>Hauling - 96 Gallon Cart for MSW Residential</bdi></h3>');
      expect(shown).toContain('Monday, November 30');
      expect(shown).toContain('Monday, December 28');
      expect(shown).not.toContain('<li>Thursday, December 31');
      expect(shown).toMatch(/href="http:\/\/localhost:3000\/feeds\/calendar\/[^"/]+\/pickups\.ics\?lang=en"/);
      expect(shown).toContain('m\u2022\u2022\u2022@example.com');
      expect(shown).toMatch(/\u2022\u2022\u2022-\u2022\u2022\u2022-\d{4}/);
      expect(shown).not.toMatch(/[a-z0-9.]+@example\.com/);
    });
  });

  describe('a form', () => {
    it('without the form token, or with another session\'s, answers 403 and changes nothing', async () => {
      const page = resident();
      await page.open(await link());
      const other = resident();
      await other.open(await link());
      const form = fieldsOf(firstForm((await page.get('/my')).text, '/my/missed-pickup'));
      const otherToken = fieldsOf(firstForm((await other.get('/my')).text, '/my/missed-pickup')).form_token;
      const events = await t.app.get(EventRepository).list(CUSTOMER);
      for (const body of [{ ...form, form_token: undefined }, { ...form, form_token: otherToken }, { ...form, form_token: 'forged' }]) {
        const answer = await page.post('/my/missed-pickup', { ...body, choice: '10001|2026-11-30' });
        expect(answer.status).toBe(403);
        expect(answer.text).toContain('Nothing was changed.');
      }
      expect(await t.app.get(EventRepository).list(CUSTOMER)).toEqual(events);
    });

    it('reports a missed pickup through §9 by RESIDENT: 303 to a confirmation naming the ticket, the same form again makes no second ticket', async () => {
      const page = resident();
      await page.open(await link());
      const form = { ...fieldsOf(firstForm((await page.get('/my')).text, '/my/missed-pickup')), choice: '10001|2026-11-27', comments: 'Cart was out by 6' };
      const first = await page.post('/my/missed-pickup', form);
      expect(first.status).toBe(303);
      const ticketId = /^\/my\/done\?change=missed-pickup&ticket=(\d+)$/.exec(first.headers['location'])?.[1];
      expect(ticketId).toBeDefined();
      const again = await page.post('/my/missed-pickup', form);
      expect(again.headers['location']).toBe(first.headers['location']);
      const done = await page.get(first.headers['location']);
      expect(done.status).toBe(200);
      expect(done.text).toContain(`Your ticket number is ${ticketId}.`);
      // In a right-to-left language the ticket id keeps its own direction.
      expect((await page.get(`${first.headers['location']}&lang=ar`)).text).toContain(`<bdi>${ticketId}</bdi>`);
      const ticket = await t.api.get(`${ticketsOf(CUSTOMER)}/${ticketId}`).expect(200);
      expect(ticket.body.tickets[0]).toMatchObject({ created_by: 'RESIDENT', load_type: 'MIS', comments: 'Cart was out by 6' });
      const created = (await t.app.get(EventRepository).list(CUSTOMER)).filter((event) => event.type === 'ticket.created' && event.payload.ticketId === ticketId);
      expect(created).toHaveLength(1);
      // The page no longer offers what §9 refuses now: the same day is gone from the form.
      expect(fieldsOf(firstForm((await page.get('/my')).text, '/my/missed-pickup'))).toBeDefined();
      expect((await page.get('/my')).text).not.toContain('value="10001|2026-11-27"');
    });

    it('answers a broken rule with 422: the page again, its title starting "Error", the error summary, the field marked; nothing written', async () => {
      const page = resident();
      await page.open(await link());
      const form = fieldsOf(firstForm((await page.get('/my')).text, '/my/missed-pickup'));
      const events = await t.app.get(EventRepository).list(CUSTOMER);
      for (const choice of [undefined, '10001|2026-11-26', 'nonsense']) {
        const answer = await page.post('/my/missed-pickup', { ...form, choice });
        expect(answer.status).toBe(422);
        expect(answer.text).toMatch(/<title>Error: /);
        expect(answer.text).toMatch(/<div class="error-summary" role="alert"[^>]*>/);
        expect(answer.text).toContain('<a href="#missed-pickup-choice">');
        expect(answer.text).toMatch(/id="missed-pickup-choice" value="[^"]+" aria-invalid="true" aria-describedby="missed-pickup-choice-error"/);
        expect(answer.text).toContain('<p class="error-message" id="missed-pickup-choice-error">');
      }
      const es = await page.post('/my/missed-pickup?lang=es', { ...form, choice: undefined });
      expect(es.text).toMatch(/<title>Error: Sus recolecciones/);
      const ar = await page.post('/my/missed-pickup?lang=ar', { ...form, choice: undefined });
      expect(ar.text).toMatch(/<title>خطأ: /);
      expect(await t.app.get(EventRepository).list(CUSTOMER)).toEqual(events);
    });

    it('turns a reminder off through op 10 by RESIDENT, with its event; sent again it changes nothing more; it never takes an address', async () => {
      const page = resident();
      await page.open(await link());
      const form = fieldsOf(firstForm((await page.get('/my')).text, '/my/reminders'));
      expect(form.r1).toBe('on');
      const events = t.app.get(EventRepository);
      const changedBefore = (await events.list(CUSTOMER)).filter((event) => event.type === 'preferences.changed').length;
      const body = { ...form, r1: 'off', value: 'attacker@example.net', r1_value: 'attacker@example.net' };
      const saved = await page.post('/my/reminders', body);
      expect(saved.status).toBe(303);
      expect(saved.headers['location']).toBe('/my/done?change=reminders');
      expect((await page.get(saved.headers['location'])).text).toContain('Your reminder settings are saved.');
      expect((await page.post('/my/reminders', body)).headers['location']).toBe('/my/done?change=reminders');
      const changed = (await events.list(CUSTOMER)).filter((event) => event.type === 'preferences.changed');
      expect(changed).toHaveLength(changedBefore + 1);
      const preferences = await t.api.get(`/api/v1/customers/${CUSTOMER}/communication-preferences`).expect(200);
      const selections = preferences.body.preferences.flatMap((p: { channels: { selections: { value: string }[] }[] }) => p.channels.flatMap((c) => c.selections));
      expect(selections.filter((s: { audit_info: { modified_by: string } }) => s.audit_info.modified_by === 'RESIDENT')).toEqual([
        expect.objectContaining({ type: 'SEMAIL', is_opt_in: 'N' }),
      ]);
      expect(JSON.stringify(selections)).not.toContain('attacker@example.net');
    });

    it("sets the language through §11's use case by RESIDENT; the page then follows it; a language not offered is a 422", async () => {
      const page = resident();
      await page.open(await link('1000002'));
      const form = fieldsOf(firstForm((await page.get('/my')).text, '/my/language'));
      const refused = await page.post('/my/language', { ...form, language: 'fr' });
      expect(refused.status).toBe(422);
      expect(refused.text).toContain('<a href="#language">');
      expect(refused.text).toContain('aria-invalid="true" aria-describedby="language-error"');
      const saved = await page.post('/my/language', { ...form, language: 'ES' });
      expect(saved.status).toBe(303);
      expect(saved.headers['location']).toBe('/my/done?change=language');
      expect((await page.get(saved.headers['location'])).text).toContain('Su idioma quedó guardado.');
      const shown = await page.withHeader('Accept-Language', 'ar').get('/my');
      expect(shown.headers['content-language']).toBe('es');
      const stored = await t.api.get('/api/v1/customers/1000002/language').expect(200);
      expect(stored.body).toMatchObject({ language: 'es', audit_info: { modified_by: 'RESIDENT' } });
    });

    it('offers no way to add or change an address or a number, show invoices, balances or cases, or change a service', async () => {
      const page = resident();
      await page.open(await link());
      const shown = (await page.get('/my')).text;
      const actions = [...shown.matchAll(/<form method="(\w+)" action="([^"]+)"/g)].map((match) => `${match[1]} ${match[2]}`);
      expect(actions).toEqual(['post /my/missed-pickup', 'post /my/extra-pickup', 'post /my/reminders', 'post /my/language']);
      for (const path of ['/my/contacts', '/my/invoices', '/my/services']) expect((await page.post(path, {})).status).toBe(404);
      expect(shown).not.toMatch(/invoice|balance|<input[^>]+type="(email|tel|text)"/i);
    });
  });

  describe('the load', () => {
    it('is at most 60 requests a minute from one address: then a 429 page with Retry-After', async () => {
      const page = resident();
      for (let sent = 0; sent < 60; sent += 1) expect((await page.get('/my')).status).toBe(404);
      const refused = await page.get('/my');
      expect(refused.status).toBe(429);
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
      expect(refused.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(refused.text).toContain('Too many requests');
      expect((await resident().get('/my')).status).toBe(404);
    });
  });

  it('leaves the OpenAPI document alone: /my is not an operation of the API', async () => {
    const document = await request(t.url).get('/docs/openapi.json').expect(200);
    expect(Object.keys(document.body.paths).filter((path) => path.startsWith('/my'))).toEqual([]);
  });
});
