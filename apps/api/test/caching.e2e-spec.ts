import { isDeepStrictEqual } from 'node:util';
import { EventRepository } from '@curbside/persistence';
import { testDatabases } from '@curbside/testing';
import type { Response } from 'supertest';
import { documentedGets, DocumentedGet, expectProblem, startTestApp, TestApp } from './support';
import { fixtureCustomer, WireRecord } from './support/fixtures';

/** CONTRACT §7: ETag and If-None-Match on every GET; If-Match on PUT communication-preferences. */

const STRONG_TAG = /^"[A-Za-z0-9_-]+"$/;

const samplesFor = (customerId: string) => {
  const customer = fixtureCustomer(customerId);
  return {
    customerId: () => customerId,
    ticketId: (query: Record<string, string>) => (query.ticket_type === 'disposal' ? customer.disposal_tickets[0].id : customer.tickets[0].id),
    invoiceId: () => customer.invoices[1].id,
    caseId: () => customer.cases[0].case_id,
    serviceId: () => customer.services[0].id,
    requestDate: () => '2026-11-23',
  };
};

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

/**
 * Routes whose every answer is new by design, so no two bodies (nor ETags) are the same: the calendar link
 * carries a freshly signed token each time. They still carry an ETag (tested below); it simply never matches.
 */
const MINTED = ['/services/calendar'];

describe.each(testDatabases())('caching and concurrency (CONTRACT §7) on $name', (database) => {
  let t: TestApp;
  let routes: (customerId: string) => DocumentedGet[];

  beforeAll(async () => {
    t = await startTestApp(database, { customers: ['1000001', '1000002', '2000001', '3000001'], fixture: true });
    const document = (await t.http().get('/docs/openapi.json').expect(200)).body;
    routes = (customerId) => documentedGets(document, samplesFor(customerId)).filter((route) => !MINTED.some((end) => route.template.endsWith(end)));
  });
  afterAll(() => t.close());

  /** Runs `check` on every documented GET (all at once) and reports the routes it failed for, by path. */
  async function forEveryRoute(customerId: string, check: (route: DocumentedGet) => Promise<void>): Promise<void> {
    const failures = await Promise.all(
      routes(customerId).map((route) => check(route).then(() => [], (error: Error) => [`${route.path}: ${error.message}`])),
    );
    expect(failures.flat()).toEqual([]);
  }

  describe('ETag and If-None-Match on every GET', () => {
    it('tags a freshly minted body too (the calendar link), with a tag that never repeats', async () => {
      const path = '/api/v1/customers/1000001/services/calendar';
      const first = await t.api.get(path).expect(200);
      expect(first.headers.etag).toMatch(STRONG_TAG);
      const second = await t.api.get(path).set('If-None-Match', first.headers.etag).expect(200);
      expect(second.headers.etag).not.toBe(first.headers.etag);
    });

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

    it('changes the ETag of every GET when an import changes what it shows, and keeps it where it does not', async () => {
      const before = new Map<string, Response>();
      await forEveryRoute('2000001', async ({ path }) => void before.set(path, await t.api.get(path).expect(200)));
      await t.importFile({ customers: [corrected(fixtureCustomer('2000001'))] });
      const changed: string[] = [];
      await forEveryRoute('2000001', async ({ path }) => {
        const after = await t.api.get(path).expect(200);
        const previous = before.get(path) as Response;
        if (isDeepStrictEqual(untracked(after.body), untracked(previous.body))) {
          // The correction touched nothing this route shows (no free text on it, or no records today).
          expect(after.headers.etag).toBe(previous.headers.etag);
          return;
        }
        changed.push(path);
        expect(after.headers.etag).not.toBe(previous.headers.etag);
        await t.api.get(path).set('If-None-Match', previous.headers.etag).expect(200);
      });
      // Every route of the spec's fifteen operations shows corrected text; the views of pickups may not.
      expect(changed.length).toBeGreaterThanOrEqual(15);
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
      /** One pair on `customerId`: both PUTs with the ETag just read; the outcome, e.g. `200 412`. */
      const pair = async (customerId: string, n: number): Promise<string> => {
        const { headers } = await read(customerId);
        const [a, b] = await Promise.all([
          put(`pair${n}a@example.com`, `a${n}`, headers.etag, customerId),
          put(`pair${n}b@example.com`, `b${n}`, headers.etag, customerId),
        ]);
        const winner = a.status === 200 ? 'a' : 'b';
        expectProblem(winner === 'a' ? b : a, 412, 'PRECONDITION_FAILED');
        const after = await read(customerId);
        expect(emailSelection(after)).toMatchObject({ value: `pair${n}${winner}@example.com`, audit_info: { modified_by: `${winner}${n}` } });
        expect(after.headers.etag).toBe((winner === 'a' ? a : b).headers.etag);
        return [a.status, b.status].sort().join(' ');
      };
      // 25 pairs after one another on each of four customers, the customers at once (each pair is on one resource).
      const outcomes = await Promise.all(
        ['1000001', '1000002', '2000001', '3000001'].map(async (customerId, c) => {
          const results: string[] = [];
          for (let n = 0; n < 25; n++) results.push(await pair(customerId, c * 25 + n));
          return results;
        }),
      );
      expect(outcomes.flat()).toEqual(Array.from({ length: 100 }, () => '200 412'));
    });

    it('refuses a stale If-Match with 412 and writes nothing', async () => {
      const { headers: stale } = await read();
      await put('fresh@example.com', 'fresh', stale.etag).expect(200);
      const before = await read();
      const eventsBefore = await changeEvents();
      const refused = await put('stale@example.com', 'stale', stale.etag);
      expectProblem(refused, 412, 'PRECONDITION_FAILED');
      expect(refused.headers.etag).toBeUndefined();
      const after = await read();
      expect(untracked(after.body)).toEqual(untracked(before.body));
      expect(after.headers.etag).toBe(before.headers.etag);
      expect(await changeEvents()).toBe(eventsBefore);
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
});
