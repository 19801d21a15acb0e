import { testDatabases } from '@curbside/testing';
import type { Response } from 'supertest';
import { documentedGets, DocumentedGet, expectProblem, startTestApp, TestApp } from './support';
import { fixtureCustomer, WireRecord } from './support/fixtures';

/** CONTRACT §7: every list pages with `limit` and a signed `cursor`, following `Link: rel="next"`. */

const CUSTOMER = '4000001';
/** The API's today: the records of January 2026 are within the stats' default window of 60 days. */
const NOW = new Date('2026-01-25T12:00:00Z');
const OTHER_CUSTOMER = '4000002';
const RECORDS = 45;
const template = fixtureCustomer('1000001');

/** Day 1 to 20 of January 2026, two or three records a day (ties broken by id), ids of mixed lengths. */
const day = (i: number) => String((i % 20) + 1).padStart(2, '0');
const idOf = (base: number, i: number) => String(i % 3 === 0 ? base + i : base * 1000 + i);
const clone = (record: WireRecord): WireRecord => structuredClone(record);

/** A customer with RECORDS of each list, built from the fixture's records with new ids and dates. */
function manyRecords(id = CUSTOMER): WireRecord {
  const many = (make: (i: number) => WireRecord) => Array.from({ length: RECORDS }, (_, i) => make(i));
  return {
    id,
    currency: 'USD',
    tickets: many((i) => ({ ...clone(template.tickets[0]), id: idOf(41, i), created_date_time: `01/${day(i)}/26 08:00:00` })),
    disposal_tickets: many((i) => {
      const ticket = clone(template.disposal_tickets[0]);
      ticket.id = idOf(42, i);
      ticket.audit_info.modified_date_time = `2026-01-${day(i)} 08:00:00.0`;
      return ticket;
    }),
    invoices: many((i) => {
      const invoice = clone(template.invoices[0]);
      invoice.id = idOf(43, i);
      invoice.date = `2026-01-${day(i)}`;
      for (const line of invoice.lines) line.id = invoice.id;
      return invoice;
    }),
    cases: many((i) => ({ ...clone(template.cases[0]), case_id: idOf(44, i), requested_date_time: `2026-01-${day(i)} 08:00:00.0` })),
    email_activities: many((i) => {
      const email = clone(template.email_activities[0]);
      email.id = idOf(45, i);
      email.email_info.sent_date_time = `2026-01-${day(i)} 08:00:00`;
      return email;
    }),
    issue_activities: many((i) => {
      const issue = clone(template.issue_activities[0]);
      issue.id = idOf(46, i);
      issue.issues_info.submit_date = `2026-01-${day(i)} 08:00:00`;
      return issue;
    }),
    // Notes have no id: ties are broken by their stored key.
    notes: many((i) => {
      const note = clone(template.notes[0]);
      note.note_info = { comment: `Note ${i}`, create_date_time: `2026-01-${day(i)} 08:00:00.000Z` };
      note.audit_info.created_date_time = note.note_info.create_date_time;
      return note;
    }),
    // services/stats lists the confirmed pickups (ties broken by their stored key); the planned ones stay out of it.
    pickups: [
      ...many((i) => pickupOn(i, i % 4 === 0 ? 'Confirmed Negative' : 'Confirmed Positive')),
      ...Array.from({ length: 5 }, (_, i) => pickupOn(RECORDS + i, 'Planned')),
    ],
  };
}

function pickupOn(i: number, status: string): WireRecord {
  const pickup = clone(template.pickups[3]);
  Object.assign(pickup, { id: idOf(47, i), status, ticket_number: String(880000 + i), planned_date: `01/${day(i)}/2026` });
  return pickup;
}

/** The records of a list body: its first array member other than `metadata` (`balances` comes after `invoices`). */
const itemsOf = (body: WireRecord): WireRecord[] => {
  const member = Object.entries(body).find(([name, value]) => name !== 'metadata' && Array.isArray(value));
  if (member === undefined) throw new Error(`no list in ${JSON.stringify(body).slice(0, 200)}`);
  return member[1] as WireRecord[];
};
/** What a list body says besides its records and their count (e.g. stats' summary, v1 invoices' balances): the same on every page. */
const besidesRecords = (body: WireRecord): WireRecord => {
  const records = itemsOf(body);
  return Object.fromEntries(Object.entries(body).filter(([name, value]) => value !== records && name !== 'metadata' && name !== 'request_tracking_id'));
};
const totalCountOf = (body: WireRecord): string | undefined => (Array.isArray(body.metadata) ? body.metadata[0] : body.metadata)?.totalCount;

/** The target of the `Link` header's `rel="next"` (among any other links), or null. */
function nextLink(response: Response): string | null {
  const links = ((response.headers.link as string | undefined) ?? '').split(/,\s*(?=<)/).filter((link) => link !== '');
  for (const link of links) if (!/^<[^>]+>; rel="[^"]+"$/.test(link)) throw new Error(`malformed Link: ${link}`);
  const next = links.map((link) => /^<([^>]+)>; rel="next"$/.exec(link)).find((match) => match !== null);
  return next?.[1] ?? null;
}
const cursorOf = (link: string): string => new URL(link, 'http://x').searchParams.get('cursor') as string;

const withQuery = (path: string, query: Record<string, string>): string => {
  const url = new URL(path, 'http://x');
  for (const [name, value] of Object.entries(query)) url.searchParams.set(name, value);
  return `${url.pathname}${url.search}`;
};

describe.each(testDatabases())('paging (CONTRACT §7) on $name', (database) => {
  let t: TestApp;
  let lists: (customerId: string) => DocumentedGet[];
  /** The filter a list takes: a date range (fromDate, toDate), or for services/stats a window of days (numberOfdays). */
  let filterOf: (path: string) => 'fromDate' | 'numberOfdays';

  beforeAll(async () => {
    t = await startTestApp(database, { customers: [CUSTOMER, OTHER_CUSTOMER], fixture: true, now: NOW });
    await t.importFile({ customers: [manyRecords(), manyRecords(OTHER_CUSTOMER)] });
    const document = (await t.http().get('/docs/openapi.json').expect(200)).body;
    // The lists are the documented GETs that take `limit`: a new list is walked here without being named.
    lists = (customerId) => documentedGets(document, { customerId: () => customerId }, 'limit');
    filterOf = (path) => {
      const route = lists(CUSTOMER).find((list) => list.path === path) as DocumentedGet;
      return 'fromDate' in route.query ? 'fromDate' : 'numberOfdays';
    };
  });
  afterAll(() => t.close());

  /** Follows `Link: rel="next"` from `path`; every page's response. */
  async function walk(path: string): Promise<Response[]> {
    const pages: Response[] = [];
    for (let next: string | null = path; next !== null; next = nextLink(pages[pages.length - 1])) {
      pages.push(await t.api.get(next).expect(200));
      if (pages.length > RECORDS + 1) throw new Error(`${path}: the Link never ends`);
    }
    return pages;
  }

  /** Runs `check` on every list (all at once) and reports the lists it failed for. */
  async function forEveryList(check: (path: string) => Promise<void>, customerId = CUSTOMER): Promise<void> {
    const failures = await Promise.all(
      lists(customerId).map(({ path }) => check(path).then(() => [], (error: Error) => [`${path}: ${error.message}`])),
    );
    expect(failures.flat()).toEqual([]);
  }

  it('finds every list of the interface in the OpenAPI document, each documenting limit and cursor', () => {
    expect(lists(CUSTOMER).map((route) => route.path)).toEqual(
      expect.arrayContaining([
        `/api/v1/customers/${CUSTOMER}/tickets`,
        `/api/v1/customers/${CUSTOMER}/tickets?ticket_type=disposal`,
        `/api/v2/customers/${CUSTOMER}/invoices`,
        `/api/v1/customers/${CUSTOMER}/cases`,
        `/api/v1/customers/${CUSTOMER}/activities/email`,
        `/api/v1/customers/${CUSTOMER}/activities/issues`,
        `/api/v1/customers/${CUSTOMER}/activities/notes`,
        `/api/v1/customers/${CUSTOMER}/services/stats`,
        `/api/v1/customers/${CUSTOMER}/services/stats?summary=Y`,
        `/api/v1/customers/${CUSTOMER}/invoices`,
      ]),
    );
    for (const route of lists(CUSTOMER)) expect(Object.keys(route.query)).toEqual(expect.arrayContaining(['limit', 'cursor']));
  });

  it.each([
    { filter: 'no filter', dated: {} as Record<string, string>, days: {} as Record<string, string> },
    { filter: 'fromDate and toDate, or numberOfdays', dated: { fromDate: '2026-01-04', toDate: '2026-01-15' }, days: { numberOfdays: '21' } },
    { filter: 'fromDate only, or numberOfdays', dated: { fromDate: '2026-01-14' }, days: { numberOfdays: '12' } },
  ])('walking Link with limit=7 gives every record once, in order, as the unpaged list ($filter)', async ({ dated, days }) => {
    await forEveryList(async (path) => {
      const query = filterOf(path) === 'fromDate' ? dated : days;
      const whole = await t.api.get(withQuery(path, query)).expect(200);
      const expected = itemsOf(whole.body);
      expect(expected.length).toBeGreaterThan(7);
      expect(nextLink(whole)).toBeNull();

      const pages = await walk(withQuery(path, { ...query, limit: '7' }));
      expect(pages.flatMap((page) => itemsOf(page.body))).toEqual(expected);
      expect(pages.map((page) => itemsOf(page.body).length)).toEqual(
        Array.from({ length: Math.ceil(expected.length / 7) }, (_, i) => Math.min(7, expected.length - 7 * i)),
      );
      for (const page of pages) {
        expect(besidesRecords(page.body)).toEqual(besidesRecords(whole.body));
        expect(totalCountOf(page.body)).toBe(totalCountOf(whole.body));
        if (totalCountOf(whole.body) !== undefined) expect(totalCountOf(page.body)).toBe(String(expected.length));
      }
      for (const page of pages.slice(0, -1)) {
        const link = nextLink(page) as string;
        expect(link.startsWith(new URL(path, 'http://x').pathname + '?')).toBe(true);
        const params = new URL(link, 'http://x').searchParams;
        expect(params.get('limit')).toBe('7');
        for (const [name, value] of Object.entries(query)) expect(params.get(name)).toBe(value);
      }
    });
  });

  it('answers a short list in one page without Link, and limit=1000 is allowed', async () => {
    await forEveryList(async (path) => {
      const response = await t.api.get(withQuery(path, { limit: '1000' })).expect(200);
      expect(itemsOf(response.body)).toHaveLength(RECORDS);
      expect(nextLink(response)).toBeNull();
    });
  });

  it.each(['0', '1001', 'abc', '1.5', '-3', ''])('refuses limit=%j with a 400 naming limit', async (limit) => {
    await forEveryList(async (path) => expectProblem(await t.api.get(withQuery(path, { limit })), 400, 'VALIDATION_FAILED', 'limit'));
  });

  it('still refuses unknown query parameters', async () => {
    await forEveryList(async (path) => expectProblem(await t.api.get(withQuery(path, { offset: '7' })), 400, 'VALIDATION_FAILED', 'offset'));
  });

  describe('cursors', () => {
    /** The cursor of the first page of `path` with `query`, and the Link it came in. */
    async function firstCursor(path: string, query: Record<string, string> = {}): Promise<string> {
      const link = nextLink(await t.api.get(withQuery(path, { ...query, limit: '2' })).expect(200));
      if (link === null) throw new Error(`${path} gave no Link`);
      return cursorOf(link);
    }
    const refused = async (path: string, cursor: string, query: Record<string, string> = {}) =>
      expectProblem(await t.api.get(withQuery(path, { ...query, limit: '2', cursor })), 400, 'VALIDATION_FAILED', 'cursor');

    it('refuses a cursor with any one character changed', async () => {
      await forEveryList(async (path) => {
        const cursor = await firstCursor(path);
        for (const at of [0, Math.floor(cursor.length / 2), cursor.indexOf('.'), cursor.length - 1]) {
          const flipped = cursor[at] === 'A' ? 'B' : 'A';
          await refused(path, `${cursor.slice(0, at)}${flipped}${cursor.slice(at + 1)}`);
        }
        await refused(path, `${cursor}A`);
        await refused(path, cursor.slice(0, -1));
      });
    });

    it.each(['garbage', '.', 'a.b.c', 'W10.AAAAAAAAAAAAAAAAAAAAAA'])('refuses the made-up cursor %j', async (cursor) => {
      await forEveryList((path) => refused(path, cursor));
    });

    it("refuses another customer's cursor for the same list", async () => {
      const foreign = lists(OTHER_CUSTOMER);
      await forEveryList(async (path) => {
        const theirs = foreign[lists(CUSTOMER).findIndex((route) => route.path === path)].path;
        await refused(path, await firstCursor(theirs));
      });
    });

    it('refuses a cursor given out under other filters (dates, or the number of days)', async () => {
      await forEveryList(async (path) => {
        const [given, other, more] =
          filterOf(path) === 'fromDate'
            ? [{ fromDate: '2026-01-02' }, { fromDate: '2026-01-03' }, { fromDate: '2026-01-02', toDate: '2026-01-30' }]
            : [{ numberOfdays: '30' }, { numberOfdays: '31' }, { numberOfdays: '366' }];
        const filtered = await firstCursor(path, given);
        await refused(path, filtered);
        await refused(path, filtered, other);
        await refused(path, filtered, more);
        await refused(path, await firstCursor(path), given);
        // The same filters take it.
        await t.api.get(withQuery(path, { ...given, limit: '2', cursor: filtered })).expect(200);
      });
    });

    it('refuses a cursor of another list', async () => {
      const paths = lists(CUSTOMER).map((route) => route.path);
      const cursors = await Promise.all(paths.map((path) => firstCursor(path)));
      const failures: string[] = [];
      for (const [i, path] of paths.entries()) {
        for (const [j, cursor] of cursors.entries()) {
          if (i === j) continue;
          const response = await t.api.get(withQuery(path, { limit: '2', cursor }));
          if (response.status !== 400) failures.push(`${paths[j]}'s cursor on ${path}: ${response.status}`);
        }
      }
      expect(failures).toEqual([]);
    });
  });

  describe('with LIST_MAX_ITEMS=10', () => {
    let small: TestApp;
    beforeAll(async () => {
      small = await startTestApp(database, { customers: [CUSTOMER], env: { LIST_MAX_ITEMS: '10' }, now: NOW });
      await small.importFile({ customers: [manyRecords()] });
    });
    afterAll(() => small.close());

    it('answers at most 10 records without limit, then pages by 10; limit still sets the page', async () => {
      await forEveryList(async (path) => {
        const whole = (await t.api.get(path).expect(200)).body;
        const first = await small.api.get(path).expect(200);
        expect(itemsOf(first.body)).toEqual(itemsOf(whole).slice(0, 10));
        expect(totalCountOf(first.body)).toBe(totalCountOf(whole));
        const next = nextLink(first) as string;
        expect(new URL(next, 'http://x').searchParams.has('limit')).toBe(false);

        const pages: Response[] = [first];
        for (let link: string | null = next; link !== null; link = nextLink(pages[pages.length - 1])) {
          pages.push(await small.api.get(link).expect(200));
        }
        expect(pages.flatMap((page) => itemsOf(page.body))).toEqual(itemsOf(whole));
        expect(itemsOf((await small.api.get(withQuery(path, { limit: '20' })).expect(200)).body)).toHaveLength(20);
      });
    });
  });
});
