import { get as httpGet } from 'node:http';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ClientService } from '@curbside/auth';
import { scheduleAnswers } from '@curbside/codecs';
import { hasPickupOn, isWorkingDay, nextPickupsOf, scheduledPickups } from '@curbside/domain';
import { driverIndependentDatabases, tampered } from '@curbside/testing';
import { sync as ical, type VEvent } from 'node-ical';
import { expectJson, expectProblem, expectXmlMirrorsJson, itEnforcesCustomerScope, startTestApp, TestApp, XML_CONTENT_TYPE } from './support';
import type { WireRecord } from './support/fixtures';

/*
 * The schedule-driven operations against a small import file whose every answer is worked out
 * by hand (fixtures/pickup-schedules.json): a weekly Monday/Thursday cart, an every-other-Tuesday
 * recycling cart with no published name, an on-call roll-off with two tickets today, an inactive
 * service, and an every-4-weeks commercial container; Thanksgiving, Christmas, New Year's Day and
 * Martin Luther King Jr. Day move pickups. The clock is Monday 2026-11-23, 21:00 in Chicago
 * (already Tuesday in UTC): "today" is the operating time zone's date.
 */
const FILE = JSON.parse(readFileSync(join(__dirname, 'fixtures/pickup-schedules.json'), 'utf8'));
const CUSTOMER = '4000001';
const NEIGHBOUR = '4000002';
const NOW = new Date('2026-11-24T03:00:00Z');
const importedServices: WireRecord[] = FILE.customers[0].services;
const importedPickups: WireRecord[] = FILE.customers[0].pickups;

const path = (route: string, customerId = CUSTOMER) => `/api/v1/customers/${customerId}/services${route}`;

const SERVICE_MEMBERS = [
  'id', 'name', 'status', 'occurs', 'taxable', 'type_code', 'enterprise_catalog', 'line_of_business', 'material', 'equipment', 'pricing',
  'operations',
];
const PLAN_MEMBERS = ['id', 'status', 'ticket_number', 'planned_date', 'ordered_date', 'ticket_load_type', 'line_of_business', 'operations'];
const STATS_MEMBERS = [
  'id', 'status', 'ticket_number', 'ticket_type', 'planned_date', 'ordered_date', 'ticket_load_type', 'exception_reason_code',
  'exception_class', 'service_time', 'line_of_business', 'operations',
];

/** A service of the list: the imported record without its schedule and prices. */
const listed = ({ schedule: _schedule, prices: _prices, ...rest }: WireRecord): WireRecord => rest;
const service = (id: string): WireRecord => {
  const found = importedServices.find((s) => s.id === id);
  if (found === undefined) throw new Error(`no service ${id}`);
  return found;
};
const planEntry = (p: WireRecord): WireRecord => ({
  id: p.id,
  status: p.status,
  ticket_number: p.ticket_number,
  planned_date: p.planned_date,
  ordered_date: p.ordered_date,
  ticket_load_type: p.ticket_load_type,
  line_of_business: p.line_of_business,
  operations: p.operations,
});
const statsEntry = ({ eta: _eta, ...p }: WireRecord): WireRecord => p;
const pickup = (ticket: string): WireRecord => {
  const found = importedPickups.find((p) => p.ticket_number === ticket);
  if (found === undefined) throw new Error(`no pickup ${ticket}`);
  return found;
};

/** GET without a single header of our own: node sends only Host and Connection. */
/** Where residents reach the API (the links' origin), and where this suite's API listens (set once it does). */
const PUBLIC_BASE_URL = 'https://calendar.example.test';
let listening = '';

/** GETs a link the API gave (on PUBLIC_BASE_URL) from the API listening here, with no headers, as a calendar app would. */
function getWithoutHeaders(url: string): Promise<{ status: number; contentType: string; cacheControl: string; text: string }> {
  const local = url.startsWith(PUBLIC_BASE_URL) ? `${listening}${url.slice(PUBLIC_BASE_URL.length)}` : url;
  return new Promise((resolve, reject) => {
    httpGet(local, (response) => {
      let text = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => (text += chunk));
      response.on('end', () =>
        resolve({ status: response.statusCode ?? 0, contentType: String(response.headers['content-type']), cacheControl: String(response.headers['cache-control']), text }),
      );
    }).on('error', reject);
  });
}

interface FeedEvent {
  uid: string;
  date: string;
  summary: string;
  allDay: boolean;
}

const textOf = (value: unknown): string => (typeof value === 'object' && value !== null && 'val' in value ? String((value as { val: unknown }).val) : String(value));

/** The VEVENTs of an iCalendar text, as a calendar app reads them (node-ical), in date order. */
function feedEvents(text: string): FeedEvent[] {
  const day = (date: Date): string =>
    `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, '0')}-${String(date.getDate()).padStart(2, '0')}`;
  return Object.values(ical.parseICS(text))
    .filter((component): component is VEvent => component?.type === 'VEVENT')
    // A SUMMARY with parameters (`;LANGUAGE=en`, CONTRACT §11) reads as `{params, val}`.
    .map((event) => ({ uid: event.uid, date: day(event.start), summary: textOf(event.summary), allDay: event.start.dateOnly === true }))
    .sort((a, b) => a.date.localeCompare(b.date) || a.uid.localeCompare(b.uid));
}

// The pickups of the next 12 weeks (2026-11-23 .. 2027-02-14), holiday moves applied, worked out by hand.
const CART_DAYS = [
  '2026-11-23', '2026-11-27', '2026-11-30', '2026-12-03', '2026-12-07', '2026-12-10', '2026-12-14', '2026-12-17', '2026-12-21',
  '2026-12-24', '2026-12-28', '2026-12-31', '2027-01-04', '2027-01-07', '2027-01-11', '2027-01-14', '2027-01-19', '2027-01-22',
  '2027-01-25', '2027-01-28', '2027-02-01', '2027-02-04', '2027-02-08', '2027-02-11',
];
const RECYCLING_DAYS = ['2026-11-24', '2026-12-08', '2026-12-22', '2027-01-05', '2027-01-20', '2027-02-02'];
const FRONT_LOAD_DAYS = ['2026-11-28', '2026-12-26', '2027-01-23'];

const NEXT_PICKUPS = [
  {
    service_id: '000000041',
    name: 'Hauling - 96 Gallon Cart for MSW Residential',
    pickup_schedule: 'Every Monday and Thursday',
    next_pickup: 'Friday, Nov 27 , 2026',
    next_pickup_date: '2026-11-27',
    scheduled_date: '2026-11-26',
    delay_reason: 'HOLIDAY',
    holiday_name: 'Thanksgiving Day',
  },
  {
    service_id: '000000042',
    name: 'Recycling 64 Gallon',
    pickup_schedule: 'Every other Tuesday',
    next_pickup: 'Tuesday, Nov 24 , 2026',
    next_pickup_date: '2026-11-24',
  },
  {
    service_id: '000000045',
    name: 'Front Load 4 Yard',
    pickup_schedule: 'Every 4 weeks on Friday',
    next_pickup: 'Saturday, Nov 28 , 2026',
    next_pickup_date: '2026-11-28',
    scheduled_date: '2026-11-27',
    delay_reason: 'HOLIDAY',
    holiday_name: 'Thanksgiving Day',
  },
];

describe.each(driverIndependentDatabases())('services: schedules, pickups, ETA and the calendar feed on $name', (database) => {
  let t: TestApp;

  beforeAll(async () => {
    t = await startTestApp(database, {
      customers: [CUSTOMER, NEIGHBOUR, '9999999'],
      env: { TIME_ZONE: 'America/Chicago', PUBLIC_BASE_URL, LANGUAGES: 'en,es' },
      now: NOW,
    });
    listening = t.url;
    await t.importFile(FILE);
  });
  afterAll(() => t.close());

  describe('GET services', () => {
    it('answers every service by id, each member as imported and in the published order, without schedule and prices', async () => {
      const response = await t.api.get(path('')).set('Request-Tracking-Id', 'list').expect(200);
      expectJson(response, 'list');
      expect(Object.keys(response.body)).toEqual(['request_tracking_id', 'services']);
      expect(response.body).toEqual({ request_tracking_id: 'list', services: importedServices.map(listed) });
      for (const entry of response.body.services) expect(Object.keys(entry)).toEqual(SERVICE_MEMBERS);
      const [cart] = response.body.services;
      expect(Object.keys(cart.enterprise_catalog)).toEqual(['id', 'name', 'description', 'sub_category', 'category']);
      expect(Object.keys(cart.material)).toEqual(['id', 'code', 'name', 'special_handling', 'manifest']);
      expect(Object.keys(cart.equipment)).toEqual(['id', 'name', 'size', 'size_uom', 'quantity']);
      expect(cart.operations).toEqual([
        { route_id: 'J31A', day_of_week: 'MONDAY', notes: 'Alley side' },
        { route_id: 'J31B', day_of_week: 'THURSDAY', notes: 'null' },
      ]);
    });

    it.each([
      ['RESIDENTIAL', ['000000041', '000000042', '000000044']],
      ['COMMERCIAL', ['000000045']],
      ['ROLLOFF', ['000000043']],
    ])('line_of_business=%s keeps that line only', async (line, ids) => {
      const response = await t.api.get(path(`?line_of_business=${line}`)).expect(200);
      expect(response.body.services).toEqual(ids.map((id) => listed(service(id))));
    });

    it.each(['INDUSTRIAL', 'rolloff', '', 'ROLLOFF&line_of_business=COMMERCIAL'])('line_of_business=%j -> 400', async (value) => {
      expectProblem(await t.api.get(path(`?line_of_business=${value}`)), 400, 'VALIDATION_FAILED', 'line_of_business');
    });

    it('answers an empty list for a customer with no services', async () => {
      await t.importFile({ customers: [{ id: '4000009', currency: 'USD' }] });
      const response = await t.registerClient(['4000009']).then((client) => t.as(client).get(path('', '4000009')).expect(200));
      expect(response.body.services).toEqual([]);
    });
  });

  describe('GET services/operations', () => {
    it('answers each service (by id) with its id, status and routes as imported', async () => {
      const response = await t.api.get(path('/operations')).set('Request-Tracking-Id', 'ops').expect(200);
      expect(response.body).toEqual({
        request_tracking_id: 'ops',
        services: importedServices.map((s) => ({ id: s.id, status: s.status, operations: s.operations })),
      });
      expect(Object.keys(response.body.services[0])).toEqual(['id', 'status', 'operations']);
      expect(Object.keys(response.body.services[0].operations[0])).toEqual(['route_id', 'day_of_week', 'notes']);
    });
  });

  describe('GET services/plan', () => {
    it("answers the pickup records planned for today in the operating time zone (Chicago's Monday, UTC's Tuesday)", async () => {
      const response = await t.api.get(path('/plan')).set('Request-Tracking-Id', 'plan').expect(200);
      expect(response.body).toEqual({
        request_tracking_id: 'plan',
        services: ['880101', '790678', '790679'].map((ticket) => planEntry(pickup(ticket))),
      });
      for (const entry of response.body.services) expect(Object.keys(entry)).toEqual(PLAN_MEMBERS);
      expect(response.body.services[0]).toMatchObject({ id: '000000041', planned_date: '11/23/2026', ordered_date: '11/23/2026' });
      expect(Object.keys(response.body.services[0].operations)).toEqual(['route_id', 'route_order_number']);
    });
  });

  describe('GET services/stats', () => {
    it('answers the confirmed records of the last 60 days, today included, newest first, without a summary by default', async () => {
      const response = await t.api.get(path('/stats')).set('Request-Tracking-Id', 'stats').expect(200);
      expect(response.body).toEqual({
        request_tracking_id: 'stats',
        services: ['880101', '880099', '880098', '790001'].map((ticket) => statsEntry(pickup(ticket))),
      });
      for (const entry of response.body.services) expect(Object.keys(entry)).toEqual(STATS_MEMBERS);
      expect((await t.api.get(path('/stats?summary=N')).expect(200)).body).not.toHaveProperty('summary');
    });

    it('summary=Y adds the counts: services, successful, missed, exceptions', async () => {
      const response = await t.api.get(path('/stats?summary=Y')).expect(200);
      expect(Object.keys(response.body)).toEqual(['request_tracking_id', 'services', 'summary']);
      expect(response.body.summary).toEqual({ total_services: '4', successful_services: '2', missed_pickups: '1', service_exceptions: '2' });
    });

    it.each([
      ['1', ['880101']],
      ['62', ['880101', '880099', '880098', '790001']],
      ['63', ['880101', '880099', '880098', '790001', '880010']],
      ['365', ['880101', '880099', '880098', '790001', '880010']],
      ['366', ['880101', '880099', '880098', '790001', '880010', '870001']],
    ])('numberOfdays=%s reaches back that many days, today included', async (days, tickets) => {
      const response = await t.api.get(path(`/stats?numberOfdays=${days}`)).expect(200);
      expect(response.body.services.map((entry: WireRecord) => entry.ticket_number)).toEqual(tickets);
    });

    it.each(['0', '367', 'abc', '-1', '1.5', '1e2', '', ' 60', '60&numberOfdays=61'])('numberOfdays=%j -> 400', async (value) => {
      expectProblem(await t.api.get(path(`/stats?numberOfdays=${value}`)), 400, 'VALIDATION_FAILED', 'numberOfdays');
    });

    it.each(['y', 'yes', 'true', ''])('summary=%j -> 400', async (value) => {
      expectProblem(await t.api.get(path(`/stats?summary=${value}`)), 400, 'VALIDATION_FAILED', 'summary');
    });
  });

  describe('GET services/next-pickup', () => {
    it('answers one entry per active scheduled service by id: confirmed days skipped, holiday moves told', async () => {
      const response = await t.api.get(path('/next-pickup')).set('Request-Tracking-Id', 'next').expect(200);
      expectJson(response, 'next');
      expect(response.body).toEqual({ request_tracking_id: 'next', services: NEXT_PICKUPS });
      expect(response.body.services.map((entry: WireRecord) => Object.keys(entry))).toEqual(NEXT_PICKUPS.map(Object.keys));
    });

    it('answers the pickup calendar to Accept: text/calendar', async () => {
      const response = await t.api.get(path('/next-pickup')).set('Accept', 'text/calendar').expect(200);
      expect(response.headers['content-type']).toBe('text/calendar; charset=utf-8');
      expect(feedEvents(response.text).map((event) => event.date)).toEqual(
        [...CART_DAYS, ...RECYCLING_DAYS, ...FRONT_LOAD_DAYS].sort(),
      );
    });

    it('still answers 406 to an Accept it cannot meet', async () => {
      expectProblem(await t.api.get(path('/next-pickup')).set('Accept', 'text/html'), 406, 'NOT_ACCEPTABLE');
    });

    it('offers text/calendar on this route only', async () => {
      expectProblem(await t.api.get(path('/plan')).set('Accept', 'text/calendar'), 406, 'NOT_ACCEPTABLE');
    });
  });

  describe('GET services/{serviceId}/ETA', () => {
    const eta = (serviceId: string, query: string) => path(`/${serviceId}/ETA?${query}`);

    it("answers the day's pickup record's window, today", async () => {
      const response = await t.api.get(eta('000000041', 'requestDate=2026-11-23')).set('Request-Tracking-Id', 'eta').expect(200);
      expect(response.body).toEqual({
        request_tracking_id: 'eta',
        ETA: {
          day_of_week_name: 'You are scheduled to be serviced today',
          from: '2026-11-23T13:00:00Z',
          to: '2026-11-23T15:00:00Z',
          reason_code: 'ComputedETA',
          reason_text: 'null',
          serviced_date_time: '2026-11-23T13:41:00Z',
          route_id: 'J31A',
        },
      });
      expect(Object.keys(response.body.ETA)).toEqual([
        'day_of_week_name', 'from', 'to', 'reason_code', 'reason_text', 'serviced_date_time', 'route_id',
      ]);
    });

    it('answers Scheduled or NotScheduled from the schedule when there is no record, holiday moves applied', async () => {
      const day = async (serviceId: string, date: string) => (await t.api.get(eta(serviceId, `requestDate=${date}`)).expect(200)).body.ETA;
      expect(await day('000000041', '2026-11-26')).toMatchObject({
        day_of_week_name: 'You are not scheduled to be serviced on this day',
        reason_code: 'NotScheduled',
        from: 'null',
      });
      expect(await day('000000041', '2026-11-27')).toMatchObject({
        day_of_week_name: 'You are scheduled to be serviced on Friday',
        reason_code: 'Scheduled',
      });
      expect(await day('000000042', '2026-11-24')).toMatchObject({ day_of_week_name: 'You are scheduled to be serviced tomorrow' });
      expect(await day('000000042', '2026-12-01')).toMatchObject({ reason_code: 'NotScheduled' });
    });

    it("picks a roll-off's record by ticketNumber", async () => {
      const response = await t.api.get(eta('000000043', 'requestDate=2026-11-23&ticketNumber=790678')).expect(200);
      expect(response.body.ETA).toEqual({
        day_of_week_name: 'You are scheduled to be serviced today',
        ...pickup('790678').eta,
      });
    });

    it('requires ticketNumber for a roll-off service', async () => {
      expectProblem(await t.api.get(eta('000000043', 'requestDate=2026-11-23')), 400, 'VALIDATION_FAILED', 'ticketNumber');
      expectProblem(await t.api.get(eta('000000043', 'requestDate=2026-11-23&ticketNumber=')), 400, 'VALIDATION_FAILED', 'ticketNumber');
    });

    it.each(['', 'requestDate=', 'requestDate=2026-13-01', 'requestDate=11/23/2026', 'requestDate=2026-11-31', 'requestDate=20261123'])(
      'requestDate missing or malformed (%j) -> 400',
      async (query) => {
        expectProblem(await t.api.get(eta('000000041', query)), 400, 'VALIDATION_FAILED', 'requestDate');
      },
    );

    it("answers 404 for another customer's service and for one that does not exist", async () => {
      expectProblem(await t.api.get(eta('000000051', 'requestDate=2026-11-23')), 404, 'NOT_FOUND');
      expectProblem(await t.api.get(eta('77', 'requestDate=2026-11-23')), 404, 'NOT_FOUND');
      await t.api.get(eta('000000051', 'requestDate=2026-11-25').replace(CUSTOMER, NEIGHBOUR)).expect(200);
    });

    it('answers 400 for a malformed service id', async () => {
      expectProblem(await t.api.get(eta('abc', 'requestDate=2026-11-23')), 400, 'VALIDATION_FAILED', 'serviceId');
    });
  });

  describe('the calendar feed', () => {
    async function calendarUrl(client = t.client): Promise<string> {
      const response = await t.as(client).get(path('/calendar')).set('Request-Tracking-Id', 'cal').expect(200);
      expect(response.body).toEqual({ request_tracking_id: 'cal', calendar_url: expect.any(String) });
      return response.body.calendar_url;
    }

    it('gives an absolute link on PUBLIC_BASE_URL that carries its token in the path, not the query', async () => {
      const url = await calendarUrl();
      expect(url.startsWith(`${PUBLIC_BASE_URL}/`)).toBe(true);
      expect(new URL(url).search).toBe('');
      expect(new URL(url).pathname).toMatch(/^\/feeds\/calendar\/[\w-]+\.\.[\w-]+\.[\w-]+\.[\w-]+\/pickups\.ics$/);
      expect(new URL(url).pathname.split('/')[3].length).toBeLessThan(1024); // the router's limit on a path parameter
    });

    it('builds the link from PUBLIC_BASE_URL, never from the Host the request names', async () => {
      const answer = await new Promise<string>((resolve, reject) => {
        const { port } = new URL(t.url);
        const headers = { Authorization: `Bearer ${t.client.token}`, ClientId: t.client.clientId, Host: 'evil.example:9999', 'X-Forwarded-Host': 'evil.example', 'Request-Tracking-Id': 'host' };
        httpGet({ host: '127.0.0.1', port, path: path('/calendar'), headers }, (response) => {
          let text = '';
          response.on('data', (chunk: string) => (text += chunk));
          response.on('end', () => resolve(text));
        }).on('error', reject);
      });
      expect(JSON.parse(answer).calendar_url.startsWith(`${PUBLIC_BASE_URL}/feeds/calendar/`)).toBe(true);
      expect(answer).not.toContain('evil.example');
    });

    it('serves one all-day event per pickup of the next 12 weeks, holiday moves applied, with no headers', async () => {
      const feed = await getWithoutHeaders(await calendarUrl());
      expect(feed.status).toBe(200);
      expect(feed.contentType).toBe('text/calendar; charset=utf-8');
      expect(feed.cacheControl).toBe('private, no-store');
      expect(feed.text).toMatch(/^BEGIN:VCALENDAR\r\n/);
      const events = feedEvents(feed.text);
      expect(events.every((event) => event.allDay)).toBe(true);
      const datesOf = (serviceId: string) => events.filter((event) => event.uid.includes(`-${serviceId}-`)).map((event) => event.date);
      expect(datesOf('000000041')).toEqual(CART_DAYS);
      expect(datesOf('000000042')).toEqual(RECYCLING_DAYS);
      expect(datesOf('000000045')).toEqual(FRONT_LOAD_DAYS);
      expect(events).toHaveLength(CART_DAYS.length + RECYCLING_DAYS.length + FRONT_LOAD_DAYS.length);
      const thanksgiving = events.find((event) => event.uid.includes('-000000041-2026-11-26'));
      expect(thanksgiving?.date).toBe('2026-11-27');
      expect(thanksgiving?.summary).toContain('Thanksgiving Day');
    });

    it('keeps its UIDs from one fetch to the next, and from one link to another', async () => {
      const first = feedEvents((await getWithoutHeaders(await calendarUrl())).text);
      const second = feedEvents((await getWithoutHeaders(await calendarUrl())).text);
      expect(second.map((event) => event.uid)).toEqual(first.map((event) => event.uid));
      expect(new Set(first.map((event) => event.uid)).size).toBe(first.length);
    });

    it('writes its texts in the feed URL\u2019s lang when offered, else the customer\u2019s, with the same UIDs and dates (CONTRACT §11)', async () => {
      const url = await calendarUrl();
      const english = await getWithoutHeaders(url);
      const spanish = await getWithoutHeaders(`${url}?lang=es`);
      expect(english.text).toMatch(/^SUMMARY;LANGUAGE=en:/m);
      expect(spanish.text).toMatch(/^SUMMARY;LANGUAGE=es:Recolección de /m);
      expect(spanish.text).toContain('X-WR-CALNAME:Recolecciones del cliente');
      const uidsAndDates = (text: string) => feedEvents(text).map((event) => `${event.uid} ${event.date}`);
      expect(uidsAndDates(spanish.text)).toEqual(uidsAndDates(english.text));
      expect((await getWithoutHeaders(`${url}?lang=fr`)).text).toBe(english.text);
    });

    it('documents its lang in OpenAPI', async () => {
      const { body: document } = await t.http().get('/docs/openapi.json').expect(200);
      const parameters = document.paths['/feeds/calendar/{token}/pickups.ics'].get.parameters as { in: string; name: string; description: string }[];
      const lang = parameters.find((parameter) => parameter.in === 'query' && parameter.name === 'lang');
      expect(lang).toMatchObject({ in: 'query', name: 'lang', required: false, schema: { type: 'string' } });
      expect(lang?.description).toMatch(/BCP 47.*not offered.*ignored.*the customer's language/);
    });

    it('is the same calendar as next-pickup with Accept: text/calendar', async () => {
      const feed = await getWithoutHeaders(await calendarUrl());
      const negotiated = await t.api.get(path('/next-pickup')).set('Accept', 'text/calendar').expect(200);
      expect(negotiated.text).toBe(feed.text);
    });

    it('fails when its token is altered', async () => {
      const url = await calendarUrl();
      const [, token] = /\/feeds\/calendar\/([^/]+)\//.exec(url) ?? [];
      // Sealed (JWE): the customer cannot be swapped in the clear; any changed byte fails the seal.
      // A compact JWE's parts: header.key.iv.ciphertext.tag.
      const ciphertext = token.split('.')[3];
      expect(Buffer.from(ciphertext, 'base64url').toString('latin1')).not.toContain(CUSTOMER);
      for (const altered of [tampered(token, 3), tampered(token, 4), 'not-a-token']) {
        const feed = await getWithoutHeaders(url.replace(token, altered));
        expect(feed.status).toBe(404);
        expect(feed.text).not.toContain('BEGIN:VCALENDAR');
      }
    });

    it('fails once its client is revoked', async () => {
      const client = await t.registerClient([CUSTOMER]);
      const url = await calendarUrl(client);
      expect((await getWithoutHeaders(url)).status).toBe(200);
      await t.app.get(ClientService).revoke(client.clientId);
      const feed = await getWithoutHeaders(url);
      expect(feed.status).toBe(404);
      expect(JSON.parse(feed.text)).toMatchObject({ status: 404, error: { code: 'INVALID_FEED_TOKEN' } });
    });

    it('is not an access token, and an access token does not open a feed', async () => {
      const url = await calendarUrl();
      const [, token] = /\/feeds\/calendar\/([^/]+)\//.exec(url) ?? [];
      expectProblem(
        await t.http().get(path('/plan')).set('Authorization', `Bearer ${token}`).set('ClientId', t.client.clientId).set('Request-Tracking-Id', 'x'),
        401,
        'INVALID_TOKEN',
      );
      expect((await getWithoutHeaders(url.replace(token, t.client.token))).status).toBe(404);
    });
  });

  describe('GET services/schedules and services/holidays: the schedule rules fed from the API', () => {
    it('answers every service as imported, schedule included and invoice fees left out, with the operating time zone and its date today', async () => {
      const response = await t.api.get(path('/schedules')).set('Request-Tracking-Id', 'schedules').expect(200);
      expectJson(response, 'schedules');
      expect(response.body).toEqual({ request_tracking_id: 'schedules', time_zone: 'America/Chicago', today: '2026-11-23', services: importedServices.map(({ prices: _prices, ...rest }) => rest) });
    });

    it('answers the holiday calendar, oldest first, with the operating time zone', async () => {
      const response = await t.api.get(path('/holidays')).set('Request-Tracking-Id', 'holidays').expect(200);
      expect(response.body).toEqual({ request_tracking_id: 'holidays', time_zone: 'America/Chicago', holidays: FILE.holidays });
    });

    it("gives the domain's rules what they need: the pickups they work out are the API's own", async () => {
      const { services, today } = scheduleAnswers.decodeServiceSchedules((await t.api.get(path('/schedules')).expect(200)).body);
      const { holidays } = scheduleAnswers.decodeHolidays((await t.api.get(path('/holidays')).expect(200)).body);
      const scheduled = (id: string) => {
        const found = services.find((s) => s.id === id);
        if (found?.schedule == null) throw new Error(`no schedule for ${id}`);
        return scheduledPickups(found.schedule, holidays, today, '2027-02-14').map((p) => p.date);
      };
      expect([scheduled('000000041'), scheduled('000000042'), scheduled('000000045')]).toEqual([CART_DAYS, RECYCLING_DAYS, FRONT_LOAD_DAYS]);
      const cart = services.find((s) => s.id === '000000041');
      expect(cart !== undefined && hasPickupOn(cart, '2026-11-27', holidays) && !hasPickupOn(cart, '2026-11-26', holidays)).toBe(true);
      expect([isWorkingDay('2026-11-26', holidays), isWorkingDay('2026-11-27', holidays)]).toEqual([false, true]);
      const nextPickups = scheduleAnswers.decodeNextPickups((await t.api.get(path('/next-pickup')).expect(200)).body);
      expect(nextPickups.map((entry) => entry.serviceId)).toEqual(nextPickupsOf(services, holidays, [], today).map((entry) => entry.service.id));
    });
  });

  describe.each(['', '/operations', '/plan', '/stats?summary=Y', '/next-pickup', '/000000041/ETA?requestDate=2026-11-23', '/schedules', '/holidays'])('services%s', (route) => {
    it('answers the same body in XML', async () => {
      await expectXmlMirrorsJson(t, path(route));
    });

    itEnforcesCustomerScope(() => t, (customerId) => path(route, customerId));
  });

  describe('services/calendar', () => {
    it('answers the link in XML too (a new link each time)', async () => {
      const xml = await t.api.get(path('/calendar')).set('Accept', 'application/xml').set('Request-Tracking-Id', 'cal-xml').expect(200);
      expect(xml.headers['content-type']).toBe(XML_CONTENT_TYPE);
      const link = /^<response><request_tracking_id>cal-xml<\/request_tracking_id><calendar_url>([^<]+)<\/calendar_url><\/response>$/.exec(
        xml.text.replace(/^<\?xml[^>]*>\s*/, '').trim(),
      )?.[1];
      expect(link).toBeDefined();
      expect((await getWithoutHeaders(link ?? '')).status).toBe(200);
    });

    itEnforcesCustomerScope(() => t, (customerId) => path('/calendar', customerId));
  });
});
