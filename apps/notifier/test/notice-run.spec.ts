import { CustomerImport, NoticeRun, RouteAlerts } from '@curbside/application';
import { decodeImportFile } from '@curbside/codecs';
import { addDays, SHORT_MESSAGE_MAX, type Holiday } from '@curbside/domain';
import { verifyWebhookSignature } from '@curbside/notifications';
import { drain, openWorld, type NotifierWorld } from '@curbside/notifications/testing';
import { HolidayRepository, NoticeRepository, openDatabase } from '@curbside/persistence';
import { rowsInStatistics } from '@curbside/persistence/testing';
import {
  expectedNotices,
  importFile,
  NOTICE_FIXTURE,
  pickupsScheduled,
  routeCustomers,
  startHttpReceiver,
  startSmtpSink,
  testDatabases,
  type FixtureHoliday,
} from '@curbside/testing';
import type { DataSource } from 'typeorm';

/*
 * The notices of CONTRACT §8 in this process, against a real database (SQLite, and PostgreSQL
 * when TEST_POSTGRES_URL is set), a real SMTP server and a real webhook receiver. What must be
 * sent is worked out by the fixture's own brute-force walk over the days (@curbside/testing).
 */

const { today, customers, holidays } = NOTICE_FIXTURE;

async function importFixture(dataSource: DataSource, calendar: readonly FixtureHoliday[] = holidays): Promise<void> {
  const file = decodeImportFile(JSON.parse(importFile(customers, calendar)));
  await new HolidayRepository(dataSource).importHolidays(file.holidays);
  for (const bundle of file.customers) await new CustomerImport(dataSource).importBundle(bundle);
}

interface NoticeRow {
  key: string;
  type: string;
}

const noticeRows = (dataSource: DataSource): Promise<NoticeRow[]> =>
  dataSource.query(`SELECT "notice_key" AS "key", "type" FROM "events" WHERE "notice_key" IS NOT NULL ORDER BY "notice_key"`);

/** `customer|day` and `customer|holiday|delay` from the keys, in the fixture's terms. */
const keysOf = (rows: NoticeRow[], type: string) =>
  rows
    .filter((row) => row.type === type)
    .map((row) => row.key.split(':').slice(1).join('|'))
    .sort();

/** `address|reminder|day` / `address|moved|holiday` of each delivery made. */
async function messagesOf(dataSource: DataSource): Promise<string[]> {
  const rows: Array<{ address: string; type: string; payload: string }> = await dataSource.query(
    `SELECT d."address", e."type", e."payload" FROM "deliveries" d JOIN "events" e ON e."id" = d."event_id" WHERE e."notice_key" IS NOT NULL`,
  );
  return rows
    .map(({ address, type, payload }) => {
      const data = JSON.parse(payload) as Record<string, string>;
      return type === 'pickup.reminder' ? `${address}|reminder|${data['date']}` : `${address}|moved|${data['holidayDate']}`;
    })
    .sort();
}

const count = async (dataSource: DataSource, sql: string): Promise<number> => Number((await dataSource.query(sql))[0].count);

jest.setTimeout(60_000);

describe.each(testDatabases())('notices on $name', (kind) => {
  let world: NotifierWorld;
  let run: NoticeRun;

  beforeEach(async () => {
    world = await openWorld(kind);
    await importFixture(world.dataSource);
    run = new NoticeRun(new NoticeRepository(world.dataSource), new HolidayRepository(world.dataSource), { noticeHorizonDays: 7 });
  });
  afterEach(() => world.close());

  it('writes exactly the expected reminder per (customer, day) and move notice per (customer, holiday); a second run adds nothing', async () => {
    const expected = expectedNotices(customers, holidays, today);
    // The fixture covers what the rules must tell apart.
    expect(expected.reminders.length).toBeGreaterThanOrEqual(2);
    expect(expected.moves.length).toBeGreaterThanOrEqual(4);

    const dry = await run.run(today, { dryRun: true });
    expect(await count(world.dataSource, `SELECT COUNT(*) AS "count" FROM "events"`)).toBe(0);
    expect(await count(world.dataSource, `SELECT COUNT(*) AS "count" FROM "deliveries"`)).toBe(0);

    const result = await run.run(today);
    const customersIn = (keys: string[]) => new Set(keys.map((key) => key.split('|')[0])).size;
    expect(result).toEqual({
      today,
      reminders: customersIn(expected.reminders),
      moves: customersIn(expected.moves),
      pickups: expected.pickups.length,
    });
    expect(expected.pickups.length).toBeGreaterThan(customersIn(expected.reminders));
    expect(dry).toEqual(result);

    const rows = await noticeRows(world.dataSource);
    expect(keysOf(rows, 'pickup.reminder')).toEqual(expected.reminders);
    expect(keysOf(rows, 'pickup.moved')).toEqual(expected.moves);
    expect(await messagesOf(world.dataSource)).toEqual(expected.messages);
    for (const unreachable of ['disabled@', 'optedout@', 'billing@', 'inactive@', 'channeloff@']) {
      expect((await messagesOf(world.dataSource)).some((message) => message.startsWith(unreachable))).toBe(false);
    }

    const deliveries = await count(world.dataSource, `SELECT COUNT(*) AS "count" FROM "deliveries"`);
    const again = { today, reminders: 0, moves: 0, pickups: expected.pickups.length };
    expect(await run.run(today)).toEqual(again);
    expect(await run.run(today, { dryRun: true })).toEqual(again);
    expect(await count(world.dataSource, `SELECT COUNT(*) AS "count" FROM "deliveries"`)).toBe(deliveries);
  });

  it('on the eve of a day without pickups, counts none and names the next day with pickups, in every chunk size', async () => {
    const sunday = '2026-12-06';
    const monday = addDays(sunday, 1);
    const pickupDay = (date: string) =>
      customers.some((customer) => pickupsScheduled(customer, holidays, addDays(date, -7), date).some((pickup) => pickup.date === date));
    expect(pickupDay(monday)).toBe(false);
    let next = addDays(monday, 1);
    while (!pickupDay(next)) next = addDays(next, 1);
    const moves = new Set(expectedNotices(customers, holidays, sunday).moves.map((key) => key.split('|')[0])).size;
    for (const perChunk of [1, 3, 500]) {
      const eve = new NoticeRun(new NoticeRepository(world.dataSource), new HolidayRepository(world.dataSource), { noticeHorizonDays: 7 }, perChunk);
      expect(await eve.run(sunday, { dryRun: true })).toEqual({ today: sunday, reminders: 0, moves, pickups: 0, nextPickupDay: next });
    }
    expect(await run.run(today, { dryRun: true })).not.toHaveProperty('nextPickupDay');
  });

  it('leaves the planner statistics of the events and deliveries it wrote, and a dry run none', async () => {
    await run.run(today, { dryRun: true });
    expect(await rowsInStatistics(world.dataSource, 'deliveries')).toBe(-1);
    await run.run(today);
    const deliveries = await count(world.dataSource, `SELECT COUNT(*) AS "count" FROM "deliveries"`);
    expect(deliveries).toBeGreaterThan(0);
    expect(await rowsInStatistics(world.dataSource, 'deliveries')).toBe(deliveries);
    expect(await rowsInStatistics(world.dataSource, 'events')).toBe(await count(world.dataSource, `SELECT COUNT(*) AS "count" FROM "events"`));
  });

  describe.each([1, 3])('%i customer(s) a chunk (and a page of the keyset read)', (customersPerChunk) => {
    const chunked = () =>
      new NoticeRun(
        new NoticeRepository(world.dataSource),
        new HolidayRepository(world.dataSource),
        { noticeHorizonDays: 7 },
        customersPerChunk,
      );
    const scheduledCustomers = () =>
      count(
        world.dataSource,
        `SELECT COUNT(DISTINCT "customer_id") AS "count" FROM "services" WHERE "status" = 'Active' AND "schedule_days" IS NOT NULL`,
      );

    it('queues each notice and delivery exactly once, renewing the lease after every chunk', async () => {
      const expected = expectedNotices(customers, holidays, today);
      const customersIn = (keys: string[]) => new Set(keys.map((key) => key.split('|')[0])).size;
      let chunks = 0;
      const dry = await chunked().run(today, { dryRun: true });
      const result = await chunked().run(today, { afterChunk: async () => void chunks++ });

      expect(result).toEqual({ today, reminders: customersIn(expected.reminders), moves: customersIn(expected.moves), pickups: expected.pickups.length });
      expect(dry).toEqual(result);
      expect(chunks).toBe(Math.ceil((await scheduledCustomers()) / customersPerChunk));
      expect(chunks).toBeGreaterThan(2);
      const rows = await noticeRows(world.dataSource);
      expect(keysOf(rows, 'pickup.reminder')).toEqual(expected.reminders);
      expect(keysOf(rows, 'pickup.moved')).toEqual(expected.moves);
      expect(await messagesOf(world.dataSource)).toEqual(expected.messages);
    });

    it('a run stopped after its first chunk ends the one being written beside it and leaves the rest to the next run, which adds nothing twice', async () => {
      const stopped = chunked().run(today, {
        afterChunk: async () => {
          throw new Error('the lease on the day was lost');
        },
      });
      await expect(stopped).rejects.toThrow('the lease on the day was lost');
      const partial = await noticeRows(world.dataSource);
      const all = expectedNotices(customers, holidays, today);
      expect(partial.length).toBeGreaterThan(0);
      expect(partial.length).toBeLessThan(all.reminders.length + all.moves.length);

      await chunked().run(today);
      const rows = await noticeRows(world.dataSource);
      expect(keysOf(rows, 'pickup.reminder')).toEqual(all.reminders);
      expect(keysOf(rows, 'pickup.moved')).toEqual(all.moves);
      expect(await messagesOf(world.dataSource)).toEqual(all.messages);
    });
  });

  it('a changed delay_days is a new key: one new notice to each customer it moves', async () => {
    await run.run(today);
    const changed = holidays.map((h) => (h.name === 'Day after Thanksgiving' ? { ...h, delayDays: 2 } : h));
    await new HolidayRepository(world.dataSource).importHolidays(changed.map((h): Holiday => ({ ...h })));
    const before = await noticeRows(world.dataSource);
    const again = await run.run(today);

    const fresh = (await noticeRows(world.dataSource)).filter((row) => !before.some((old) => old.key === row.key));
    const original = expectedNotices(customers, holidays, today).moves;
    const expectedFresh = expectedNotices(customers, changed, today).moves.filter((key) => !original.includes(key));
    expect(expectedFresh.length).toBeGreaterThanOrEqual(1);
    expect(keysOf(fresh, 'pickup.moved')).toEqual(expectedFresh);
    expect(fresh.every((row) => row.type === 'pickup.moved')).toBe(true);
    expect(again.moves).toBe(expectedFresh.length);
    expect(again.reminders).toBe(0);
  });

  it('sends each notice once, by email (recorded as an email activity) and as texts of at most 160 characters, naming the days', async () => {
    const smtp = await startSmtpSink();
    const texts = await startHttpReceiver();
    const notifier = world.notifier({ smtpUrl: smtp.url, textProviderUrl: `${texts.url}/text`, voiceProviderUrl: `${texts.url}/voice` });
    try {
      await run.run(today);
      await drain(notifier);
      const expected = expectedNotices(customers, holidays, today);
      const emails = expected.messages.filter((message) => message.includes('@'));
      expect(smtp.received).toHaveLength(emails.length);
      expect(texts.requests).toHaveLength(expected.messages.length - emails.length);

      const reminder = smtp.received.find((mail) => mail.to[0] === 'one@example.com' && mail.subject.includes('Reminder'));
      expect(reminder?.subject).toBe('Curbside: Reminder: pickup on Wednesday, Nov 25');
      expect(reminder?.text).toContain('- Hauling - 96 Gallon Cart\n- Recycling 64 Gallon\n');
      expect(reminder?.html).toContain('<li>Recycling 64 Gallon</li>');
      // CONTRACT §10: a notice is an email to a resident like any other: its own unsubscribe link, as headers and in both parts.
      const link = /^<(http:\/\/localhost:3000\/unsubscribe\/[\w-]+)>$/.exec(reminder?.headers['list-unsubscribe'] ?? '')?.[1];
      expect(link).toBeDefined();
      expect(reminder?.headers['list-unsubscribe-post']).toBe('List-Unsubscribe=One-Click');
      expect(reminder?.text).toContain(`Unsubscribe from these emails: ${link}`);
      expect(reminder?.html).toContain(`href="${link}"`);
      const moved = smtp.received.find((mail) => mail.to[0] === 'six@example.com' && mail.subject.includes('Holiday'));
      expect(moved?.subject).toMatch(
        /^Curbside: Holiday schedule: Saturday's pickup moves to Monday, Nov 30 \((Thanksgiving Day|Day after Thanksgiving)\)$/,
      );
      expect(moved?.text).toContain('- Front load 4 yd: Saturday, Nov 28 moves to Monday, Nov 30');

      for (const request of texts.requests) {
        const { message } = JSON.parse(request.rawBody) as { message: string };
        expect(message.length).toBeLessThanOrEqual(SHORT_MESSAGE_MAX);
        expect(message).toMatch(/(Reminder: pickup on Wednesday, Nov 25|Holiday schedule: Thursday's pickup moves to Friday, Nov 27)/);
      }
      const activities: Array<{ to: string; subject: string }> = await world.dataSource.query(
        `SELECT "to_address" AS "to", "subject" FROM "email_activities" WHERE "sent_by" = 'SYSTEM' ORDER BY "to_address", "subject"`,
      );
      expect(activities.map((a) => `${a.to}|${a.subject}`)).toEqual(smtp.received.map((mail) => `${mail.to[0]}|${mail.subject}`).sort());
    } finally {
      await notifier.stop(); // closes its pooled SMTP connections: the server then closes at once
      await smtp.close();
      await texts.close();
    }
  });

  it('a route alert reaches exactly the customers of that route and day, and its webhook is signed', async () => {
    const hooks = await startHttpReceiver();
    try {
      await world.clients.create({
        clientId: 'cs_city',
        name: 'city',
        secretHash: 'x',
        customers: customers.map((c) => c.id),
      });
      const webhook = await world.webhooks.create('cs_city', `${hooks.url}/hook`, null);
      // Reminders and move notices are never posted to webhooks: a webhook cannot ask for them.
      await expect(world.webhooks.create('cs_city', `${hooks.url}/hook`, ['pickup.reminder'])).rejects.toThrow(/unknown event type\(s\) pickup.reminder/);

      const alerts = new RouteAlerts(new NoticeRepository(world.dataSource), new HolidayRepository(world.dataSource));
      // Wednesday: the route's Wednesday stops and its stops of any day. Friday after Thanksgiving: its Thursday stops, moved.
      const days = ['2026-11-25', '2026-11-27'];
      const created = [];
      for (const date of days) created.push(await alerts.create('N1', date, `Trucks run late on ${date}`));
      const events: Array<{ customer: string; key: string; payload: string }> = await world.dataSource.query(
        `SELECT "customer_id" AS "customer", "notice_key" AS "key", "payload" FROM "events" WHERE "type" = 'route.alert' ORDER BY "customer_id"`,
      );
      await drain(world.notifier({}));
      const posted = hooks.requests.map((request) => ({ request, body: JSON.parse(request.rawBody) as { customer_id: string; type: string; data: Record<string, string> } }));

      for (const [index, alert] of created.entries()) {
        const expected = routeCustomers(customers, holidays, 'N1', days[index]);
        expect(expected.length).toBeGreaterThanOrEqual(1);
        expect(alert).toMatchObject({ routeId: 'N1', date: days[index], customers: expected.length });
        const mine = events.filter((event) => (JSON.parse(event.payload) as { alertId: string }).alertId === alert.id);
        expect(mine.map((event) => event.customer)).toEqual(expected);
        expect(mine.every((event) => event.key === `route.alert:${event.customer}:${alert.id}`)).toBe(true);
        const hooked = posted.filter(({ body }) => body.data['alertId'] === alert.id);
        expect(hooked.map(({ body }) => body.customer_id).sort()).toEqual(expected);
        for (const { request, body } of hooked) {
          expect(verifyWebhookSignature(request.rawBody, String(request.headers['curbside-signature']), webhook.secret)).toBe(true);
          expect(body).toMatchObject({ type: 'route.alert', data: { routeId: 'N1', date: days[index], message: alert.message } });
        }
      }
      expect(posted).toHaveLength(events.length);
      expect((await alerts.list()).map((alert) => alert.id).sort()).toEqual(created.map((alert) => alert.id).sort());
    } finally {
      await hooks.close();
    }
  });

  if (kind.name === 'postgres') {
    it('two runs of the same day at once write each notice once', async () => {
      const database = await kind.create();
      const [one, two] = [await openDatabase(database.url), await openDatabase(database.url)];
      try {
        await importFixture(one);
        const runner = (dataSource: DataSource) =>
          new NoticeRun(
            new NoticeRepository(dataSource),
            new HolidayRepository(dataSource),
            { noticeHorizonDays: 7 },
          );
        const [a, b] = await Promise.all([runner(one).run(today), runner(two).run(today)]);
        const expected = expectedNotices(customers, holidays, today);
        const customersIn = (keys: string[]) => new Set(keys.map((key) => key.split('|')[0])).size;
        expect(a.reminders + b.reminders).toBe(customersIn(expected.reminders));
        expect(await messagesOf(one)).toEqual(expected.messages);
      } finally {
        await one.destroy();
        await two.destroy();
        await database.drop();
      }
    });
  }
});
