import { EventRepository } from '@curbside/persistence';
import { testDatabases } from '@curbside/testing';
import type { Response } from 'supertest';
import {
  expectNothingWritten,
  expectProblem,
  itEnforcesCustomerScopeOnWrite,
  itRefusesBodiesThatAreNotSmallJson,
  JSON_CONTENT_TYPE,
  startTestApp,
  TestApp,
  XML_CONTENT_TYPE,
} from './support';
import type { WireRecord } from './support/fixtures';
import { parseXmlBody, wrapLikeXml } from './support/xml';

/*
 * CONTRACT §9 on the e2e fixture, with the clock on Monday, Nov 30 2026 (TIME_ZONE UTC). Holidays: Thanksgiving,
 * Thursday Nov 26 (delay 1). Customer 1000001's service 10001 is picked up every Monday and Thursday (so on Mon Nov 23,
 * Fri Nov 27 (moved), Mon Nov 30, Thu Dec 3…), 10002 every other Wednesday (Nov 25); 10003 is on call; 10004 is inactive. Customer 1000002's 20001: Monday,
 * Wednesday and Friday; 20002 every 4 weeks on Tuesday (Dec 8). The missed-pickup window is today and the 2 working days before: Fri Nov 27 and Wed Nov 25
 * (Thanksgiving is not a working day).
 */
const NOW = new Date('2026-11-30T15:00:00.000Z');
const requestsOf = (customerId: string) => `/api/v1/customers/${customerId}/service-requests`;
const ticketsOf = (customerId: string) => `/api/v1/customers/${customerId}/tickets`;
const SERVICE_NAME = 'Hauling - 96 Gallon Cart for MSW Residential';

type Body = Record<string, unknown>;
const missed = (service_id: string, date: string, more: Body = {}): Body => ({ type: 'MISSED_PICKUP', service_id, date, ...more });
const extra = (service_id: string, date: string, more: Body = {}): Body => ({ type: 'EXTRA_PICKUP', service_id, date, ...more });

describe.each(testDatabases())('POST service-requests on $name', (database) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(database, { customers: ['1000001', '1000002', '2000001', '9999999'], fixture: true, now: NOW });
  });
  afterAll(() => t.close());

  const post = (customerId: string, body: Body) => t.api.post(requestsOf(customerId)).send(body);
  const ticketIdOf = (response: Response): string => response.body.tickets[0].id;
  const unchanged = (customerId: string, request: () => Promise<unknown>) => expectNothingWritten(t, ticketsOf(customerId), customerId, request);

  describe('each rule of the table, valid', () => {
    it.each<[string, Body, WireRecord]>([
      [
        'a missed pickup today, with comments and who asked',
        missed('10001', '2026-11-30', { comments: 'Cart was out at 6', requested_by: 'Maria Alvarez', request_tracking_id: 'in-body' }),
        { load_type: 'MIS', load_description: 'Missed pickup', complaint: 'Y', dispatch_date_time: 'null', comments: 'Cart was out at 6', requested_by: 'Maria Alvarez' },
      ],
      [
        'a missed pickup a holiday moved (Thursday to Friday), 1 working day back',
        missed('10001', '2026-11-27'),
        { load_type: 'MIS', complaint: 'Y', dispatch_date_time: 'null', comments: 'null', requested_by: 'null' },
      ],
      [
        'an extra pickup on a pickup day',
        extra('10001', '2026-12-03'),
        { load_type: 'XPU', load_description: 'Extra pickup', complaint: 'N', dispatch_date_time: '12/03/26 00:00:00' },
      ],
      ['an extra pickup 59 days ahead', extra('10001', '2027-01-28'), { load_type: 'XPU', dispatch_date_time: '01/28/27 00:00:00' }],
    ])('%s: 201, Location, the ticket in the body of op 2, in ops 1 and 2 at once', async (_case, body, expected) => {
      const created = await post('1000001', body).set('Request-Tracking-Id', 'created').expect(201);
      expect(created.headers['content-type']).toBe(JSON_CONTENT_TYPE);
      const id = ticketIdOf(created);
      expect(id).toMatch(/^\d+$/);
      expect(created.headers['location']).toBe(`${ticketsOf('1000001')}/${id}`);
      expect(created.body).toEqual({
        request_tracking_id: 'created',
        tickets: [
          {
            id,
            status: 'PENDING',
            load_type: expect.any(String),
            load_description: expect.any(String),
            created_date_time: '11/30/26 15:00:00',
            created_by: t.client.clientId,
            closed_date_time: 'null',
            closed_by: 'null',
            dispatch_date_time: expect.any(String),
            generate_ticket: 'N',
            complaint: expect.any(String),
            comments: 'null',
            completion_code: 'null',
            completed_description: 'null',
            requested_by: 'null',
            audit_info: { logged_date_time: '11/30/26 15:00:00' },
            services_info: [{ code: 'RES', description: SERVICE_NAME, quantity: '1', cost: 'null', special_description: 'null' }],
            ...expected,
          },
        ],
      });
      const detail = await t.api.get(created.headers['location']).set('Request-Tracking-Id', 'created').expect(200);
      expect(detail.body).toEqual(created.body);
      const list = await t.api.get(ticketsOf('1000001')).expect(200);
      const { tickets: [ticket] } = created.body;
      expect(list.body.tickets).toContainEqual({
        id,
        status: 'PENDING',
        load_type: ticket.load_type,
        load_description: ticket.load_description,
        created_date_time: ticket.created_date_time,
        dispatch_date_time: ticket.dispatch_date_time,
        services_info: [{ code: 'RES' }],
      });
    });

    it('answers XML by Accept: the same ticket, as op 2 answers it in XML', async () => {
      const created = await post('1000002', missed('20001', '2026-11-25')).set('Accept', 'application/xml').set('Request-Tracking-Id', 'xml').expect(201);
      expect(created.headers['content-type']).toBe(XML_CONTENT_TYPE);
      const parsed = (await parseXmlBody(created.text)) as { tickets: Array<{ id: string[] }> };
      const id = parsed.tickets[0].id[0];
      expect(created.headers['location']).toBe(`${ticketsOf('1000002')}/${id}`);
      const json = await t.api.get(`${ticketsOf('1000002')}/${id}`).set('Request-Tracking-Id', 'xml').expect(200);
      expect(parsed).toEqual(wrapLikeXml(json.body));
      const xml = await t.api.get(`${ticketsOf('1000002')}/${id}`).set('Request-Tracking-Id', 'xml').set('Accept', 'application/xml').expect(200);
      expect(xml.text).toBe(created.text);
    });

    it('writes ticket.created with the request in the same transaction', async () => {
      const created = await post('1000002', extra('20002', '2026-12-08')).expect(201);
      const [event] = (await t.app.get(EventRepository).list('1000002')).slice(-1);
      expect(event).toMatchObject({
        type: 'ticket.created',
        payload: { ticketId: ticketIdOf(created), status: 'PENDING', loadType: 'XPU', requestType: 'EXTRA_PICKUP', serviceId: '20002', date: '2026-12-08' },
      });
    });
  });

  describe('each rule of the table, broken: the problem of §9, and nothing written', () => {
    it.each<[string, Body, number, string, string | undefined]>([
      ['a service the customer does not have', missed('20001', '2026-11-30'), 422, 'UNKNOWN_SERVICE', 'service_id'],
      ['missed: a day without a pickup, inside the window', missed('10001', '2026-11-25'), 422, 'NOT_SCHEDULED', 'date'],
      ['missed: the day a holiday moved the pickup from', missed('10001', '2026-11-26'), 422, 'OUT_OF_WINDOW', 'date'],
      ['missed: 3 working days back', missed('10001', '2026-11-23'), 422, 'OUT_OF_WINDOW', 'date'],
      ['missed: a day still to come', missed('10001', '2026-12-03'), 422, 'OUT_OF_WINDOW', 'date'],
      ['missed: an on-call service', missed('10003', '2026-11-30'), 422, 'NOT_SCHEDULED', 'date'],
      ['missed: an inactive service', missed('10004', '2026-11-27'), 422, 'NOT_SCHEDULED', 'date'],
      ['extra: today', extra('10001', '2026-11-30'), 422, 'OUT_OF_WINDOW', 'date'],
      ['extra: 63 days ahead', extra('10001', '2027-02-01'), 422, 'OUT_OF_WINDOW', 'date'],
      ['extra: a day without a pickup', extra('10001', '2026-12-02'), 422, 'NOT_SCHEDULED', 'date'],
      ['not JSON-shaped: a list', [] as unknown as Body, 400, 'VALIDATION_FAILED', undefined],
      ['an unknown member', missed('10001', '2026-11-30', { priority: 'high' }), 400, 'VALIDATION_FAILED', 'priority'],
      ['an unknown type', { type: 'BULKY_ITEM', service_id: '10001', date: '2026-11-30' }, 400, 'VALIDATION_FAILED', 'type'],
      ['a date that is not a day', missed('10001', '2026-02-30'), 400, 'VALIDATION_FAILED', 'date'],
      ['a date in another shape', missed('10001', '11/30/2026'), 400, 'VALIDATION_FAILED', 'date'],
      ['no date', { type: 'MISSED_PICKUP', service_id: '10001' }, 400, 'VALIDATION_FAILED', 'date'],
      ['a number for a string', { type: 'MISSED_PICKUP', service_id: 10001, date: '2026-11-30' }, 400, 'VALIDATION_FAILED', 'service_id'],
    ])('%s', async (_case, body, status, code, field) => {
      await unchanged('1000001', async () => expectProblem(await post('1000001', body), status, code, field));
    });

    it('answers a second report of one missed pickup 409 ALREADY_REPORTED, naming the first ticket', async () => {
      const first = await post('1000002', missed('20001', '2026-11-30')).expect(201);
      await unchanged('1000002', async () => {
        const again = await post('1000002', missed('20001', '2026-11-30', { comments: 'still not picked up' }));
        expectProblem(again, 409, 'ALREADY_REPORTED');
        expect(again.body.detail).toContain(ticketIdOf(first));
      });
    });

    it('answers an extra pickup over the monthly limit 409 LIMIT_REACHED', async () => {
      await post('1000001', extra('10001', '2026-12-07')).expect(201); // the second of December, after Dec 3
      await unchanged('1000001', async () => expectProblem(await post('1000001', extra('10001', '2026-12-10')), 409, 'LIMIT_REACHED'));
      await post('1000001', extra('10001', '2027-01-04')).expect(201); // another month
    });

    it('answers a problem in XML when asked, writing nothing', async () => {
      await unchanged('1000001', async () => {
        const refused = await post('1000001', missed('10001', '2026-11-25')).set('Accept', 'application/xml').expect(422);
        expect(refused.headers['content-type']).toBe('application/problem+xml; charset=utf-8');
        expect(refused.text).toContain('<code>NOT_SCHEDULED</code>');
      });
    });
  });

  describe('concurrency', () => {
    it('20 concurrent identical missed-pickup reports: one 201, nineteen 409 ALREADY_REPORTED naming it', async () => {
      const answers = await Promise.all(Array.from({ length: 20 }, () => post('1000001', missed('10002', '2026-11-25'))));
      const created = answers.filter((answer) => answer.status === 201);
      expect(created).toHaveLength(1);
      const id = ticketIdOf(created[0]);
      const refused = answers.filter((answer) => answer.status !== 201);
      expect(refused).toHaveLength(19);
      for (const answer of refused) {
        expectProblem(answer, 409, 'ALREADY_REPORTED');
        expect(answer.body.detail).toContain(id);
      }
    });

    it('10 concurrent bookings for one month: exactly EXTRA_PICKUPS_PER_MONTH (2) created', async () => {
      const days = ['2027-01-04', '2027-01-06', '2027-01-08', '2027-01-11', '2027-01-13'];
      const answers = await Promise.all(Array.from({ length: 10 }, (_, i) => post('1000002', extra('20001', days[i % days.length]))));
      expect(answers.filter((answer) => answer.status === 201)).toHaveLength(2);
      for (const answer of answers.filter((a) => a.status !== 201)) expectProblem(answer, 409, 'LIMIT_REACHED');
    });
  });

  describe('Idempotency-Key', () => {
    it('10 concurrent requests with one key: one ticket, ten identical answers; the key with another body: 422', async () => {
      const send = (body: Body) => post('1000002', body).set('Idempotency-Key', 'booking-7f3a').set('Request-Tracking-Id', 'same');
      const eventsBefore = await t.app.get(EventRepository).list('1000002');
      const answers = await Promise.all(Array.from({ length: 10 }, () => send(extra('20001', '2026-12-02'))));
      for (const answer of answers) {
        expect(answer.status).toBe(201);
        expect(answer.headers['location']).toBe(answers[0].headers['location']);
        expect(answer.text).toBe(answers[0].text);
      }
      expect(answers.filter((answer) => answer.headers['idempotent-replayed'] === 'true')).toHaveLength(9);
      expect(await t.app.get(EventRepository).list('1000002')).toHaveLength(eventsBefore.length + 1);

      // Replayed later, in XML, with another tracking id: the same ticket, echoing this request's id.
      const replayed = await send(extra('20001', '2026-12-02')).set('Request-Tracking-Id', 'later').set('Accept', 'application/xml').expect(201);
      expect(await parseXmlBody(replayed.text)).toEqual(wrapLikeXml({ ...answers[0].body, request_tracking_id: 'later' }));

      await unchanged('1000002', async () => {
        expectProblem(await send(extra('20001', '2026-12-07')), 422, 'IDEMPOTENCY_KEY_REUSED', 'Idempotency-Key');
        expectProblem(await post('1000001', extra('10001', '2026-12-14')).set('Idempotency-Key', 'booking-7f3a'), 422, 'IDEMPOTENCY_KEY_REUSED');
      });
    });

    it('is scoped to the client: another client may use the same key', async () => {
      const other = await t.registerClient(['1000002']);
      const first = await post('1000002', missed('20001', '2026-11-25', { requested_by: 'a' })).set('Idempotency-Key', 'shared-key');
      expectProblem(first, 409, 'ALREADY_REPORTED'); // reported by the XML test: a refusal stores nothing for the key
      const mine = await post('1000002', extra('20001', '2026-12-09')).set('Idempotency-Key', 'shared-key').expect(201);
      const theirs = await t.as(other).post(requestsOf('1000002')).send(extra('20001', '2026-12-11')).set('Idempotency-Key', 'shared-key');
      expectProblem(theirs, 409, 'LIMIT_REACHED'); // December's two are booked (Dec 2 and 9): executed, not replayed
      expect(ticketIdOf(mine)).toMatch(/^\d+$/);
    });

    it('refuses a key over 200 characters, writing nothing', async () => {
      await unchanged('1000001', async () =>
        expectProblem(await post('1000001', extra('10001', '2027-01-07')).set('Idempotency-Key', 'k'.repeat(201)), 400, 'INVALID_IDEMPOTENCY_KEY'),
      );
    });
  });

  describe('free text and the values a problem shows', () => {
    it('refuses comments past 1000 characters and requested_by past 100, and takes them at the maximum', async () => {
      await unchanged('1000001', async () => {
        expectProblem(await post('1000001', extra('10002', '2026-12-23', { comments: 'x'.repeat(50_000) })), 400, 'VALIDATION_FAILED', 'comments');
        expectProblem(await post('1000001', extra('10002', '2026-12-23', { comments: '\u{1F5D1}'.repeat(1001) })), 400, 'VALIDATION_FAILED', 'comments');
        expectProblem(await post('1000001', extra('10002', '2026-12-23', { requested_by: 'x'.repeat(101) })), 400, 'VALIDATION_FAILED', 'requested_by');
      });
      // Characters, not UTF-16 units: 1000 emoji are 2000 units.
      const created = await post('1000001', extra('10002', '2026-12-23', { comments: '\u{1F5D1}'.repeat(1000), requested_by: 'x'.repeat(100) })).expect(201);
      expect(created.body.tickets[0].comments).toBe('\u{1F5D1}'.repeat(1000));
    });

    it.each([
      ["30001' OR '1'='1", `"30001' OR '1'='1"`],
      ['9'.repeat(64), `"${'9'.repeat(40)}\u2026"`],
    ])('quotes the service id %s in detail, at most 40 characters of it', async (serviceId, shown) => {
      await unchanged('1000001', async () => {
        const refused = await post('1000001', missed(serviceId, '2026-11-30'));
        expectProblem(refused, 422, 'UNKNOWN_SERVICE', 'service_id');
        expect(refused.body.detail).toBe(`The customer has no service ${shown}.`);
      });
    });
  });

  describe('the edge', () => {
    const write = { method: 'post' as const, path: requestsOf, readPath: ticketsOf };
    itEnforcesCustomerScopeOnWrite(() => t, write, () => missed('10001', '2026-11-30'));
    itRefusesBodiesThatAreNotSmallJson(() => t, write, () => missed('10001', '2026-11-30'));
  });
});

describe.each(testDatabases())('POST service-requests in TIME_ZONE America/Chicago on $name', (database) => {
  let t: TestApp;
  // Monday 21:00 in Chicago, already Tuesday in UTC.
  beforeAll(async () => {
    t = await startTestApp(database, { customers: ['1000002'], fixture: true, now: new Date('2026-12-01T03:00:00.000Z'), env: { TIME_ZONE: 'America/Chicago' } });
  });
  afterAll(() => t.close());

  it('reads today and now in the operating time zone', async () => {
    // Wednesday Nov 25 is the second working day before Monday (not before Tuesday).
    const created = await t.api.post(requestsOf('1000002')).send(missed('20001', '2026-11-25')).expect(201);
    expect(created.body.tickets[0].created_date_time).toBe('11/30/26 21:00:00');
  });
});
