import { EventRepository } from '@curbside/persistence';
import { testDatabases } from '@curbside/testing';
import type { Response } from 'supertest';
import { documentedGets, DocumentedGet, expectProblem, startTestApp, TestApp } from './support';
import { fixtureCustomer, pathSamplesOf, WireRecord } from './support/fixtures';

/** CONTRACT §7: ETag and If-None-Match on every GET; If-Match on the PUTs (communication-preferences, contacts, language). */

const STRONG_TAG = /^"[A-Za-z0-9_-]+"$/;
const LANGUAGES = ['en', 'es', 'zh-Hans', 'zh-Hant', 'vi', 'tl', 'ko', 'ar'];
const CALENDAR_LINK = '/api/v1/customers/{customerId}/services/calendar';

/** The body without its tracking id: what must be the same for the same ETag. */
const untracked = ({ request_tracking_id: _tracking, ...rest }: WireRecord) => rest;

/** How an import may correct a free-text member without changing identities, dates or enumerations. */
const CORRECTIONS: Record<string, (value: string) => string | null> = {
  description: (value) => `${value} (corrected)`,
  load_description: (value) => `${value} (corrected)`,
  comments: (value) => `${value} (corrected)`,
  subject: (value) => `${value} (corrected)`,
  body: (value) => `${value} (corrected)`,
  value: (value) => (value.includes('@') ? `corrected.${value}` : null),
};

/** The customer's fixture with free text corrected throughout (enumerations such as channel names left alone). */
function corrected(customer: WireRecord): WireRecord {
  const correct = (value: unknown, key: string, inChannel: boolean): unknown => {
    if (Array.isArray(value)) return value.map((item) => correct(item, key, inChannel || key === 'channels'));
    if (value !== null && typeof value === 'object') {
      return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, correct(v, k, inChannel)]));
    }
    // 'null' is a null; capitals without lower case are an enumeration (an invoice line's description, a status).
    if (typeof value !== 'string' || value === 'null' || /^[^a-z]*[A-Z][^a-z]*$/.test(value)) return value;
    if (/^\d+\.\d+$/.test(value)) return `${value}1`; // an amount, a rate, a weight
    if (key === 'name') return inChannel ? value : `${value} (corrected)`;
    return CORRECTIONS[key]?.(value) ?? value;
  };
  return correct(customer, '', false) as WireRecord;
}

describe.each(testDatabases())('caching and concurrency (CONTRACT §7) on $name', (database) => {
  let t: TestApp;
  let routes: (customerId: string) => DocumentedGet[];

  beforeAll(async () => {
    // Hundreds of requests a minute: over the default rate limit, which is not what this suite tests.
    t = await startTestApp(database, {
      customers: ['1000001', '1000002', '2000001', '3000001'],
      fixture: true,
      env: { RATE_LIMIT_PER_MINUTE: '100000', LANGUAGES: LANGUAGES.join(',') },
    });
    const document = (await t.http().get('/docs/openapi.json').expect(200)).body;
    // The calendar link mints a new signed token on every GET: its body (and so its ETag) is never the same twice.
    routes = (customerId) => documentedGets(document, pathSamplesOf(customerId)).filter((route) => route.template !== CALENDAR_LINK);
  });
  afterAll(() => t.close());

  /** Runs `check` on every documented GET (all at once) and reports the routes it failed for, by path. */
  async function forEveryRoute(customerId: string, check: (route: DocumentedGet) => Promise<void>): Promise<void> {
    const failures = await Promise.all(
      routes(customerId).map((route) => check(route).then(() => [], (error: Error) => [`${route.path}: ${error.message}`])),
    );
    expect(failures.flat()).toEqual([]);
  }

  /**
   * The lost-update test of a PUT: 25 pairs after one another on each of four customers, the
   * customers at once (each pair is on one resource). A pair is two PUTs (labels `pair<n>a` and
   * `pair<n>b`) with the ETag just read: exactly one answers 200, the other 412, and the stored
   * state (`expectWritten`) and ETag are the winner's.
   */
  async function expectOneWinnerPerPair(
    read: (customerId: string) => Promise<Response>,
    put: (label: string, ifMatch: string, customerId: string) => Promise<Response>,
    expectWritten: (after: Response, label: string) => void,
  ): Promise<void> {
    const pair = async (customerId: string, n: number): Promise<string> => {
      const { headers } = await read(customerId);
      const [a, b] = await Promise.all([put(`pair${n}a`, headers.etag, customerId), put(`pair${n}b`, headers.etag, customerId)]);
      const [winner, loser] = a.status === 200 ? [a, b] : [b, a];
      expectProblem(loser, 412, 'PRECONDITION_FAILED');
      const after = await read(customerId);
      expectWritten(after, `pair${n}${winner === a ? 'a' : 'b'}`);
      expect(after.headers.etag).toBe(winner.headers.etag);
      return [a.status, b.status].sort().join(' ');
    };
    const outcomes = await Promise.all(
      ['1000001', '1000002', '2000001', '3000001'].map(async (customerId, c) => {
        const results: string[] = [];
        for (let n = 0; n < 25; n++) results.push(await pair(customerId, c * 25 + n));
        return results;
      }),
    );
    expect(outcomes.flat()).toEqual(Array.from({ length: 100 }, () => '200 412'));
  }

  /** A PUT (`put`, labelled `fresh` then `stale`) with an ETag that was current before another PUT: 412, and nothing written. */
  async function expectStaleRefused(
    read: () => Promise<Response>,
    put: (label: string, ifMatch: string) => Promise<Response>,
    changeEvents: () => Promise<number>,
  ): Promise<void> {
    const { headers: stale } = await read();
    expect((await put('fresh', stale.etag)).status).toBe(200);
    const before = await read();
    const eventsBefore = await changeEvents();
    const refused = await put('stale', stale.etag);
    expectProblem(refused, 412, 'PRECONDITION_FAILED');
    expect(refused.headers.etag).toBeUndefined();
    const after = await read();
    expect(untracked(after.body)).toEqual(untracked(before.body));
    expect(after.headers.etag).toBe(before.headers.etag);
    expect(await changeEvents()).toBe(eventsBefore);
  }

  describe('ETag and If-None-Match on every GET', () => {
    it('finds the GET routes in the OpenAPI document (every operation of the interface, and the ticket_type variants)', () => {
      const templates = new Set(routes('1000001').map((route) => route.template));
      expect(templates.size).toBeGreaterThanOrEqual(11);
      expect(routes('1000001').map((route) => route.path)).toEqual(
        expect.arrayContaining(['/api/v1/customers/1000001/tickets?ticket_type=disposal', '/api/v2/customers/1000001/invoices']),
      );
    });

    it('answers a strong ETag that is the same for the same body, whatever the tracking id', async () => {
      await forEveryRoute('1000001', async ({ path }) => {
        const first = await t.api.get(path).set('Request-Tracking-Id', 'first').expect(200);
        const second = await t.api.get(path).set('Request-Tracking-Id', 'second').expect(200);
        expect(first.headers.etag).toMatch(STRONG_TAG);
        expect(second.headers.etag).toBe(first.headers.etag);
        expect(untracked(second.body)).toEqual(untracked(first.body));
      });
    });

    it('gives JSON and XML different ETags, each stable', async () => {
      await forEveryRoute('1000001', async ({ path }) => {
        const json = await t.api.get(path).expect(200);
        const xml = await t.api.get(path).set('Accept', 'application/xml').set('Request-Tracking-Id', 'x1').expect(200);
        const xmlAgain = await t.api.get(path).set('Accept', 'application/xml').set('Request-Tracking-Id', 'x2').expect(200);
        expect(xml.headers.etag).toMatch(STRONG_TAG);
        expect(xml.headers.etag).not.toBe(json.headers.etag);
        expect(xmlAgain.headers.etag).toBe(xml.headers.etag);
      });
    });

    it('answers 304 with the ETag and no body when If-None-Match matches (one tag, a list, a weak tag, *)', async () => {
      await forEveryRoute('1000001', async ({ path }) => {
        for (const accept of ['application/json', 'application/xml']) {
          const { headers } = await t.api.get(path).set('Accept', accept).expect(200);
          for (const ifNoneMatch of [headers.etag, `"other", ${headers.etag}`, `W/${headers.etag}`, '*']) {
            const response: Response = await t.api.get(path).set('Accept', accept).set('If-None-Match', ifNoneMatch);
            expect(response.status).toBe(304);
            expect(response.headers.etag).toBe(headers.etag);
            expect(response.text ?? '').toBe('');
            expect(response.headers['content-length']).toBeUndefined();
          }
        }
      });
    });

    it('answers 200 with the body when If-None-Match does not match (another tag, the other format\u2019s tag)', async () => {
      await forEveryRoute('1000001', async ({ path }) => {
        const json = await t.api.get(path).expect(200);
        const other = await t.api.get(path).set('If-None-Match', '"not-this-one"').expect(200);
        expect(other.headers.etag).toBe(json.headers.etag);
        expect(untracked(other.body)).toEqual(untracked(json.body));
        const xml = await t.api.get(path).set('Accept', 'application/xml').set('If-None-Match', json.headers.etag).expect(200);
        expect(xml.text).toContain('<response>');
      });
    });

    it('changes the ETag of every GET whose body an import changes, and only those', async () => {
      const before = new Map<string, Response>();
      await forEveryRoute('2000001', async ({ path }) => void before.set(path, await t.api.get(path).expect(200)));
      await t.importFile({ customers: [corrected(fixtureCustomer('2000001'))] });
      const changed: string[] = [];
      await forEveryRoute('2000001', async ({ template, path }) => {
        const after = await t.api.get(path).expect(200);
        const previous = before.get(path) as Response;
        if (JSON.stringify(untracked(after.body)) === JSON.stringify(untracked(previous.body))) {
          // A view without corrected text (or without records of this customer) keeps its tag.
          expect(after.headers.etag).toBe(previous.headers.etag);
          return;
        }
        changed.push(template);
        expect(after.headers.etag).not.toBe(previous.headers.etag);
        await t.api.get(path).set('If-None-Match', previous.headers.etag).expect(200);
      });
      expect(changed).toEqual(
        expect.arrayContaining([
          '/api/v1/customers/{customerId}/tickets',
          '/api/v1/customers/{customerId}/tickets/{ticketId}',
          '/api/v2/customers/{customerId}/invoices',
          '/api/v1/customers/{customerId}/cases',
          '/api/v1/customers/{customerId}/communication-preferences',
          '/api/v1/customers/{customerId}/activities/email',
        ]),
      );
    });

    it('gives no ETag to errors', async () => {
      const missing = await t.api.get('/api/v1/customers/1000001/tickets/999999999').expect(404);
      expect(missing.headers.etag).toBeUndefined();
      const invalid = await t.api.get('/api/v1/customers/1000001/cases?fromDate=yesterday').expect(400);
      expect(invalid.headers.etag).toBeUndefined();
    });
  });

  describe('If-Match on PUT communication-preferences', () => {
    const CUSTOMER = '1000002';
    const pathOf = (customerId: string) => `/api/v1/customers/${customerId}/communication-preferences`;
    const path = pathOf(CUSTOMER);
    const body = (value: string, modifiedBy: string) => ({
      preferences: [
        {
          category: 'Service Notification',
          channels: [{ name: 'Email', selections: [{ value, type: 'SEMAIL', is_opt_in: 'Y' }] }],
        },
      ],
      audit_info: { modified_by: modifiedBy },
    });
    const emailSelection = (response: Response): WireRecord =>
      response.body.preferences
        .find((p: WireRecord) => p.category === 'Service Notification')
        .channels.find((c: WireRecord) => c.name === 'Email')
        .selections.find((s: WireRecord) => s.type === 'SEMAIL');
    const read = (customerId = CUSTOMER) => t.api.get(pathOf(customerId)).expect(200);
    const put = (value: string, modifiedBy: string, ifMatch?: string, customerId = CUSTOMER) => {
      const request = t.api.put(pathOf(customerId)).send(body(value, modifiedBy));
      return ifMatch === undefined ? request : request.set('If-Match', ifMatch);
    };
    const changeEvents = async () => (await t.app.get(EventRepository).list(CUSTOMER)).length;

    it('lets exactly one of two concurrent PUTs with the same ETag through, 100 times, and keeps the winner\u2019s state', async () => {
      await expectOneWinnerPerPair(
        read,
        (label, ifMatch, customerId) => put(`${label}@example.com`, label, ifMatch, customerId),
        (after, label) => expect(emailSelection(after)).toMatchObject({ value: `${label}@example.com`, audit_info: { modified_by: label } }),
      );
    });

    it('refuses a stale If-Match with 412 and writes nothing', async () => {
      await expectStaleRefused(() => read(), (label, ifMatch) => put(`${label}@example.com`, label, ifMatch), changeEvents);
    });

    it('compares strongly: a weak tag or the XML tag never matches; * does', async () => {
      const { headers } = await read();
      const xml = await t.api.get(path).set('Accept', 'application/xml').expect(200);
      expectProblem(await put('weak@example.com', 'weak', `W/${headers.etag}`), 412, 'PRECONDITION_FAILED');
      expectProblem(await put('xml@example.com', 'xml', xml.headers.etag), 412, 'PRECONDITION_FAILED');
      await put('star@example.com', 'star', '*').expect(200);
      await put('listed@example.com', 'listed', `"other", ${(await read()).headers.etag}`).expect(200);
    });

    it('accepts a PUT without If-Match (published clients send none) and answers the new ETag', async () => {
      const response = await put('no-condition@example.com', 'plain').expect(200);
      expect(response.body).toMatchObject({ status: 'Success' });
      const after = await read();
      expect(emailSelection(after).value).toBe('no-condition@example.com');
      expect(response.headers.etag).toBe(after.headers.etag);
    });
  });

  describe('If-Match on PUT language (CONTRACT \u00a711)', () => {
    const CUSTOMER = '3000001';
    const pathOf = (customerId: string) => `/api/v1/customers/${customerId}/language`;
    /**
     * The language a label writes: pair n's two PUTs write two languages that neither is the one
     * pair n-1 left (a PUT of the language already stored changes nothing, and its ETag stays).
     */
    const languageOf = (label: string): string => {
      const pair = /^pair(\d+)([ab])$/.exec(label);
      if (pair === null) return ({ start: 'en', fresh: 'ar' } as Record<string, string>)[label] ?? 'ko';
      return LANGUAGES[(2 * Number(pair[1]) + (pair[2] === 'b' ? 1 : 0)) % LANGUAGES.length];
    };
    const read = (customerId = CUSTOMER) => t.api.get(pathOf(customerId)).expect(200);
    const put = (label: string, ifMatch?: string, customerId = CUSTOMER) => {
      const request = t.api.put(pathOf(customerId)).send({ language: languageOf(label) });
      return ifMatch === undefined ? request : request.set('If-Match', ifMatch);
    };
    const changeEvents = async () => (await t.app.get(EventRepository).list(CUSTOMER)).length;

    it('lets exactly one of two concurrent PUTs with the same ETag through, 100 times, and keeps the winner\u2019s state', async () => {
      await expectOneWinnerPerPair(
        read,
        (label, ifMatch, customerId) => put(label, ifMatch, customerId),
        (after, label) => expect(after.body.language).toBe(languageOf(label)),
      );
    });

    it('refuses a stale If-Match with 412 and writes nothing', async () => {
      // From a language other than the fresh PUT's: the test above may leave 'ar' (whichever PUT of its last pair
      // won), and a PUT of the stored language changes nothing, so its ETag, the "stale" one, would stay current.
      await put('start').expect(200);
      await expectStaleRefused(() => read(), (label, ifMatch) => put(label, ifMatch), changeEvents);
    });

    it('compares strongly: a weak tag or the XML tag never matches; * does', async () => {
      const { headers } = await read();
      const xml = await t.api.get(pathOf(CUSTOMER)).set('Accept', 'application/xml').expect(200);
      expectProblem(await put('pair0a', `W/${headers.etag}`), 412, 'PRECONDITION_FAILED');
      expectProblem(await put('pair0a', xml.headers.etag), 412, 'PRECONDITION_FAILED');
      await put('pair0a', '*').expect(200);
    });
  });

  describe('If-Match on PUT contacts', () => {
    const CUSTOMER = '1000001';
    const pathOf = (customerId: string) => `/api/v1/customers/${customerId}/contacts`;
    const body = (name: string) => ({ contacts: [{ type: 'service', name, email: `${name}@example.com` }] });
    const serviceContact = (response: Response): WireRecord => response.body.contacts.find((c: WireRecord) => c.type === 'service');
    const read = (customerId = CUSTOMER) => t.api.get(pathOf(customerId)).expect(200);
    const put = (name: string, ifMatch?: string, customerId = CUSTOMER) => {
      const request = t.api.put(pathOf(customerId)).send(body(name));
      return ifMatch === undefined ? request : request.set('If-Match', ifMatch);
    };
    const changeEvents = async () => (await t.app.get(EventRepository).list(CUSTOMER)).length;

    it('lets exactly one of two concurrent PUTs with the same ETag through, 100 times, and keeps the winner\u2019s state', async () => {
      await expectOneWinnerPerPair(
        read,
        (label, ifMatch, customerId) => put(label, ifMatch, customerId),
        (after, label) => expect(serviceContact(after)).toMatchObject({ name: label, email: `${label}@example.com` }),
      );
    });

    it('refuses a stale If-Match with 412 and writes nothing', async () => {
      await expectStaleRefused(() => read(), (label, ifMatch) => put(label, ifMatch), changeEvents);
    });

    it('accepts a PUT without If-Match and answers the new ETag; * matches, a weak tag does not', async () => {
      const response = await put('plain').expect(200);
      const after = await read();
      expect(serviceContact(after).name).toBe('plain');
      expect(response.headers.etag).toBe(after.headers.etag);
      expectProblem(await put('weak', `W/${after.headers.etag}`), 412, 'PRECONDITION_FAILED');
      await put('star', '*').expect(200);
    });
  });
});
