import { deliveredEmailActivity } from '@curbside/domain';
import { SetTicketStatus } from '@curbside/application';
import { DeliveryRepository, HolidayRepository } from '@curbside/persistence';
import { testDatabases } from '@curbside/testing';
import type { Response } from 'supertest';
import { DataSource } from 'typeorm';
import { recordQueries, startTestApp, tablesOf, TestApp } from './support';
import { fixtureCustomer } from './support/fixtures';

/*
 * Repeat reads without the data. A customer GET's answer is kept per process
 * under the customer's data version (bumped by every write in its own transaction), the day and
 * the exact request; a repeat read is answered from it with its own tracking id, a conditional one
 * with 304, neither reading the customer's records. Every write path must change what a kept GET
 * answers: one test each, through the function the API, the CLI or the notifier calls.
 */

/** The tables a customer GET may read before its handler runs: the caller's client and grants, the customer. */
const GUARD_TABLES = new Set(['api_clients', 'api_client_customers', 'customers']);

const TICKETS = '/api/v1/customers/1000001/tickets';
const XML = 'application/xml';
/** Monday, Nov 30 2026, 15:00 UTC (TIME_ZONE UTC). */
const MONDAY = new Date('2026-11-30T15:00:00.000Z');

const untracked = (response: Response): string => response.text.replace(/(request_tracking_id(?:":"|>))[^"<]*/, '$1');

describe.each(testDatabases())('repeat reads on $name', (database) => {
  let t: TestApp;
  let now = MONDAY;

  beforeAll(async () => {
    t = await startTestApp(database, { customers: 'all', fixture: true, now: () => now, env: { RATE_LIMIT_PER_MINUTE: '100000' } });
  });
  afterAll(() => t.close());
  afterEach(() => (now = MONDAY));

  const get = (path: string, trackingId: string, accept = 'application/json') =>
    t.api.get(path).set('Request-Tracking-Id', trackingId).set('Accept', accept).expect(200);

  /** The tables the API read while `work` ran. */
  async function tablesReadBy(work: () => Promise<unknown>): Promise<Set<string>> {
    const recording = recordQueries(t.app.get(DataSource));
    try {
      await work();
    } finally {
      recording.stop();
    }
    return new Set(recording.sent.flatMap(tablesOf));
  }

  /** A GET answered and kept, then `write`: the next answer must differ, in body and ETag. */
  async function expectChangedBy(path: string, write: () => Promise<unknown>, accept = 'application/json'): Promise<Response> {
    const before = await get(path, 'before', accept);
    expect((await get(path, 'kept', accept)).headers.etag).toBe(before.headers.etag);
    await write();
    const after = await get(path, 'after', accept);
    expect(after.headers.etag).not.toBe(before.headers.etag);
    expect(untracked(after)).not.toBe(untracked(before));
    return after;
  }

  describe('a kept answer', () => {
    it.each([
      ['JSON', 'application/json'],
      ['XML', XML],
    ])('answers a repeat %s GET with the same bytes but its own tracking id, reading none of the customer\u2019s records', async (_name, accept) => {
      const first = await get(TICKETS, 'first <&> "one"', accept);
      let again: Response | undefined;
      const read = await tablesReadBy(async () => (again = await get(TICKETS, 'again <&> "two"', accept)));
      expect([...read].filter((table) => !GUARD_TABLES.has(table))).toEqual([]);
      expect(again?.headers.etag).toBe(first.headers.etag);
      expect(again?.headers['content-type']).toBe(first.headers['content-type']);
      expect(again?.text).toBe(first.text.replace(accept === XML ? 'first &lt;&amp;&gt; "one"' : 'first <&> \\"one\\"', accept === XML ? 'again &lt;&amp;&gt; "two"' : 'again <&> \\"two\\"'));
      expect(again?.headers['request-tracking-id']).toBe('again <&> "two"');
    });

    it('answers a conditional GET 304 with the ETag from the version alone: no record read, no body', async () => {
      const { headers } = await get(TICKETS, 'first');
      let answer: Response | undefined;
      const read = await tablesReadBy(async () => (answer = await t.api.get(TICKETS).set('If-None-Match', headers.etag).expect(304)));
      expect([...read].filter((table) => !GUARD_TABLES.has(table))).toEqual([]);
      expect(answer?.headers.etag).toBe(headers.etag);
      expect(answer?.text).toBe('');
    });

    it('keeps JSON and XML apart, and each query apart', async () => {
      const json = await get(TICKETS, 'json');
      const xml = await get(TICKETS, 'xml', XML);
      expect(xml.headers.etag).not.toBe(json.headers.etag);
      expect((await get(TICKETS, 'xml-again', XML)).headers['content-type']).toBe(xml.headers['content-type']);
      const limited = await get(`${TICKETS}?limit=1`, 'page');
      expect(limited.body.tickets ?? limited.body.items ?? limited.body).not.toEqual(json.body.tickets ?? json.body.items ?? json.body);
    });

    it('carries the headers its handler set: a page\u2019s Link to the next one, the same cursor again', async () => {
      const first = await get(`${TICKETS}?limit=1`, 'page-1');
      expect(first.headers.link).toMatch(/rel="next"/);
      const again = await get(`${TICKETS}?limit=1`, 'page-1-again');
      expect(again.headers.link).toBe(first.headers.link);
      const next = /<([^>]+)>/.exec(first.headers.link)?.[1] as string;
      await get(next, 'page-2');
    });

    it('moves with the day: next-pickup on Monday and on Tuesday are two answers', async () => {
      const path = '/api/v1/customers/1000001/services/next-pickup';
      const monday = await get(path, 'monday');
      now = new Date('2026-12-01T15:00:00.000Z');
      const tuesday = await get(path, 'tuesday');
      expect(untracked(tuesday)).not.toBe(untracked(monday));
    });

    it('is never the calendar link: each GET mints a new token', async () => {
      const path = '/api/v1/customers/1000001/services/calendar';
      expect(untracked(await get(path, 'one'))).not.toBe(untracked(await get(path, 'two')));
    });
  });

  describe('every write path changes what a kept GET answers', () => {
    it('PUT contacts', async () => {
      const after = await expectChangedBy('/api/v1/customers/2000001/contacts', () =>
        t.api.put('/api/v1/customers/2000001/contacts').send({ contacts: [{ type: 'billing', name: 'Kept Answers Ltd.' }] }).expect(200),
      );
      expect(after.text).toContain('Kept Answers Ltd.');
    });

    it('PUT communication-preferences', async () => {
      const path = '/api/v1/customers/2000001/communication-preferences';
      const after = await expectChangedBy(path, () =>
        t.api
          .put(path)
          .send({
            preferences: [{ category: 'Service Notification', channels: [{ name: 'Text', selections: [{ value: '602-555-0177', type: 'SMOBILE', is_opt_in: 'Y' }] }] }],
            audit_info: { modified_by: 'csr-21' },
          })
          .expect(200),
      );
      expect(after.text).toContain('602-555-0177');
    });

    it('POST service-requests', async () => {
      const after = await expectChangedBy(TICKETS, () =>
        t.api.post('/api/v1/customers/1000001/service-requests').send({ type: 'MISSED_PICKUP', service_id: '10001', date: '2026-11-30' }).expect(201),
      );
      expect(after.text).toContain('Missed pickup');
    });

    it('an import of the customer (CLI `import`)', async () => {
      const [ticket] = fixtureCustomer('1000002').tickets;
      const after = await expectChangedBy(
        `/api/v1/customers/1000002/tickets/${ticket.id}`,
        () => t.importFile({ customers: [{ id: '1000002', currency: 'USD', tickets: [{ ...ticket, comments: 'Corrected by a second import.' }] }] }),
        XML,
      );
      expect(after.text).toContain('Corrected by a second import.');
    });

    it('a ticket status change (CLI `tickets set-status`)', async () => {
      const after = await expectChangedBy('/api/v1/customers/2000001/tickets/3005001', () =>
        new SetTicketStatus(t.app.get(DataSource)).execute('2000001', '3005001', 'CLOSED', 'operator'),
      );
      expect(after.text).toContain('"status":"CLOSED"');
    });

    it('an email the notifier delivered (its email activity)', async () => {
      const after = await expectChangedBy('/api/v1/customers/1000002/activities/email', () => deliverEmail(t.app.get(DataSource), '1000002'));
      expect(after.text).toContain('Kept answers are not stale');
    });

    it('the holiday calendar (it moves pickups)', async () => {
      await expectChangedBy('/api/v1/customers/1000001/services/next-pickup', () =>
        // Today and the rest of the week: whichever day a service is next picked up on moves.
        t.app.get(HolidayRepository).importHolidays(['2026-11-30', '2026-12-01', '2026-12-02', '2026-12-03', '2026-12-04'].map((date) => ({ date, name: 'Kept Answers Day', delayDays: 1 }))),
      );
    });

    it('a write through another API instance on the same database', async () => {
      const peer = await t.startPeer();
      try {
        const after = await expectChangedBy('/api/v1/customers/1000001/contacts', () =>
          peer.api.put('/api/v1/customers/1000001/contacts').send({ contacts: [{ type: 'service', name: 'Written by the peer' }] }).expect(200),
        );
        expect(after.text).toContain('Written by the peer');
      } finally {
        await peer.close();
      }
    });
  });
});

describe.each(testDatabases())('RESPONSE_CACHE_MAX_BYTES=0 on $name', (database) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(database, { customers: ['1000001'], fixture: true, env: { RESPONSE_CACHE_MAX_BYTES: '0' } });
  });
  afterAll(() => t.close());

  it('keeps nothing: a repeat GET reads the records again, and still answers the same ETag', async () => {
    const first = await t.api.get(TICKETS).expect(200);
    const recording = recordQueries(t.app.get(DataSource));
    const again = await t.api.get(TICKETS).expect(200);
    recording.stop();
    expect(recording.sent.flatMap(tablesOf)).toContain('service_tickets');
    expect(again.headers.etag).toBe(first.headers.etag);
  });
});

/** What the notifier does for one email: fanned out, claimed, delivered, recorded as an email activity. */
async function deliverEmail(dataSource: DataSource, customerId: string): Promise<void> {
  const deliveries = new DeliveryRepository(dataSource);
  const eventId = 990_001;
  await deliveries.fanOut([
    {
      eventId,
      deliveries: [
        {
          eventId,
          customerId,
          channel: 'Email',
          address: 'resident@example.com',
          selectionType: 'SEMAIL',
          webhookId: null,
          idempotencyKey: `repeat-reads-${customerId}`,
          subject: 'Kept answers are not stale',
          body: 'Body',
          html: null,
        },
      ],
    },
  ]);
  const claimed = (await deliveries.claimDue('repeat-reads', 100, 60)).filter((delivery) => delivery.customerId === customerId);
  const at = '2026-11-30T15:00:00.000';
  await deliveries.markDelivered(claimed.map((delivery) => ({ delivery, at, activity: deliveredEmailActivity({ ...delivery, body: 'Body' }, 'curbside@example.com', at) })));
}
