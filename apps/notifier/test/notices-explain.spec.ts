import { CustomerImport, ExplainNotices, NoticeRun, SetTextOptIn, Unsubscribe, UpdatePreferences, type NoticeExplanation } from '@curbside/application';
import { decodeImportFile } from '@curbside/codecs';
import type { DailyWindow } from '@curbside/domain';
import { drain, openWorld, type NotifierWorld } from '@curbside/notifications/testing';
import { CustomerRepository, DeliveryRepository, EventRepository, HolidayRepository, NoticeRepository, PreferenceRepository } from '@curbside/persistence';
import { importFile, startSmtpSink, testDatabases, type FixtureCustomer, type SmtpSink } from '@curbside/testing';

/*
 * `notices explain` over what the real run and the real notifier wrote, on both
 * databases: every reason a customer was, or was not, told of a day's pickup.
 */

const THANKSGIVING = { date: '2026-11-26', name: 'Thanksgiving Day', delayDays: 1 };
const SERVICE = 'Service Notification' as const;
const EXCEPTION = 'Service Exception' as const;

const customer = (id: string, day: 'MONDAY' | 'WEDNESDAY' | 'THURSDAY', selections: FixtureCustomer['selections']): FixtureCustomer => ({
  id,
  services: [{ id: `${id}1`, name: 'Hauling - 96 Gallon Cart', days: [day] }],
  selections,
});
const email = (value: string, category: typeof SERVICE | typeof EXCEPTION = SERVICE) => ({ category, channel: 'Email' as const, type: 'SEMAIL' as const, value });
const text = (value: string) => ({ category: SERVICE, channel: 'Text' as const, type: 'SMOBILE' as const, value });

const CUSTOMERS: FixtureCustomer[] = [
  customer('8100001', 'WEDNESDAY', [email('delivered@example.com')]),
  customer('8100002', 'WEDNESDAY', [text('2065550102')]),
  customer('8100003', 'WEDNESDAY', [email('dead@example.com')]),
  customer('8100004', 'WEDNESDAY', [email('gone@example.com')]),
  customer('8100005', 'WEDNESDAY', [email('portal@example.com')]),
  customer('8100006', 'WEDNESDAY', [email('unsubscribed@example.com')]),
  customer('8100007', 'WEDNESDAY', [text('2065550107')]),
  customer('8100009', 'MONDAY', [email('capped@example.com'), text('2065550109')]),
  customer('8100010', 'MONDAY', [email('monday@example.com')]),
  customer('8100011', 'THURSDAY', [email('moved@example.com'), email('moved@example.com', EXCEPTION)]),
];

/** Quiet hours around the real clock (the notifier's and the explanation's), in UTC: from an hour ago to two hours on. */
function quietHoursNow(): DailyWindow {
  const hhmm = (offsetMinutes: number) => new Date(Date.now() + offsetMinutes * 60_000).toISOString().slice(11, 16);
  return { start: hhmm(-60), end: hhmm(120) };
}

jest.setTimeout(90_000);

describe.each(testDatabases())('notices explain on $name', (kind) => {
  let world: NotifierWorld;
  let smtp: SmtpSink;
  let explained: (customerId: string, date: string) => Promise<NoticeExplanation | null>;
  const quietHours = quietHoursNow();
  const notices = (explanation: NoticeExplanation | null) => explanation?.notices ?? [];

  beforeAll(async () => {
    world = await openWorld(kind);
    smtp = await startSmtpSink();
    smtp.answerRecipient((address) => (address === 'dead@example.com' ? 550 : null));
    const file = decodeImportFile(JSON.parse(importFile(CUSTOMERS, [THANKSGIVING])));
    await new HolidayRepository(world.dataSource).importHolidays(file.holidays);
    for (const bundle of file.customers) await new CustomerImport(world.dataSource).importBundle(bundle);
    // Opted out three ways: on the portal, by an email's unsubscribe link, by texting STOP.
    await new UpdatePreferences(world.dataSource).execute('8100005', [{ ...email('portal@example.com'), optIn: false }], 'portal.user7');
    await new Unsubscribe(world.dataSource).execute('8100006', SERVICE, 'unsubscribed@example.com');
    await new SetTextOptIn(world.dataSource).execute('2065550107', false, 'STOP');
    // An address a mail server refused for good earlier (what the notifier writes on a hard bounce).
    await world.dataSource
      .createQueryBuilder()
      .insert()
      .into('suppressions')
      .values({ address: 'gone@example.com', reason: 'SMTP: 550 5.1.1 <gone@example.com>: mailbox unavailable', deliveryId: null, createdAt: '2026-11-20T09:15:00.000' })
      .execute();

    const run = new NoticeRun(new NoticeRepository(world.dataSource), new HolidayRepository(world.dataSource), { noticeHorizonDays: 7 });
    await run.run('2026-11-24'); // Wednesday's reminders, Thanksgiving's move notices
    await drain(world.notifier({ smtpUrl: smtp.url, quietHours, timeZone: 'UTC' }));
    const ds = world.dataSource;
    const explain = new ExplainNotices(
      new CustomerRepository(ds),
      new NoticeRepository(ds),
      new HolidayRepository(ds),
      new PreferenceRepository(ds),
      new EventRepository(ds),
      new DeliveryRepository(ds),
      { timeZone: 'UTC', quietHours },
    );
    explained = (customerId, date) => explain.explain(customerId, date);
  });
  afterAll(async () => {
    await world.close();
    await smtp.close();
  });

  it('not scheduled: no pickup that day, no notice', async () => {
    expect(await explained('8100010', '2026-11-25')).toMatchObject({ pickups: [], movedAway: [], notices: [] });
  });

  it('holiday-moved: the pickup goes a day later, and the move notice was delivered', async () => {
    const explanation = await explained('8100011', '2026-11-26');
    expect(explanation?.pickups).toEqual([]);
    expect(explanation?.movedAway).toEqual([expect.objectContaining({ serviceId: '81000111', scheduledDate: '2026-11-26', date: '2026-11-27', holidays: ['Thanksgiving Day'] })]);
    expect(notices(explanation)).toEqual([
      expect.objectContaining({
        type: 'pickup.moved',
        holiday: { date: '2026-11-26', name: 'Thanksgiving Day', delayDays: 1 },
        deliveries: [expect.objectContaining({ channel: 'Email', address: 'moved@example.com', verdict: 'delivered' })],
      }),
    ]);
  });

  it('delivered: when, and the Message-ID the mail server saw', async () => {
    const [reminder] = notices(await explained('8100001', '2026-11-25'));
    expect(reminder).toMatchObject({ type: 'pickup.reminder', key: 'pickup.reminder:8100001:2026-11-25', event: { state: 'delivered' } });
    const [delivery] = reminder.deliveries;
    expect(delivery).toMatchObject({ channel: 'Email', address: 'delivered@example.com', verdict: 'delivered', at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/) });
    expect(smtp.received.map((mail) => mail.messageId)).toContain(delivery.messageId);
  });

  it('held by quiet hours, until they end', async () => {
    const [{ deliveries }] = notices(await explained('8100002', '2026-11-25'));
    expect(deliveries).toEqual([expect.objectContaining({ channel: 'Text', address: '2065550102', verdict: 'held by quiet hours' })]);
    expect(new Date(deliveries[0].at as string).toISOString().slice(11, 16)).toBe(quietHours.end);
  });

  it('dead, with the last error', async () => {
    const [{ deliveries }] = notices(await explained('8100003', '2026-11-25'));
    expect(deliveries).toEqual([expect.objectContaining({ address: 'dead@example.com', verdict: 'dead', error: expect.stringContaining('550') })]);
  });

  it('address suppressed: since when, with the SMTP answer', async () => {
    const [{ deliveries }] = notices(await explained('8100004', '2026-11-25'));
    expect(deliveries).toEqual([
      expect.objectContaining({
        address: 'gone@example.com',
        verdict: 'suppressed',
        suppressedAt: '2026-11-20T09:15:00.000',
        error: 'SMTP: 550 5.1.1 <gone@example.com>: mailbox unavailable',
      }),
    ]);
  });

  it.each([
    ['on the portal', '8100005', 'portal@example.com', 'portal.user7'],
    ['by the unsubscribe link', '8100006', 'unsubscribed@example.com', 'UNSUBSCRIBE'],
    ['by texting STOP', '8100007', '2065550107', 'STOP'],
  ])('opted out %s: not written, and by whom', async (_how, customerId, address, by) => {
    const [reminder] = notices(await explained(customerId, '2026-11-25'));
    expect(reminder).toMatchObject({ type: 'pickup.reminder', event: null, deliveries: [], reached: [] });
    expect(reminder.unreached).toEqual([expect.objectContaining({ address, why: 'selection opted out', modifiedBy: by, modifiedAt: expect.any(String) })]);
  });

  it('will be told: not written yet, the run of the day before writes it, to whom; then over the hourly cap', async () => {
    const before = await explained('8100009', '2026-11-30');
    expect(before?.reminderRun).toEqual({ day: '2026-11-29', finished: false });
    expect(notices(before)).toEqual([
      expect.objectContaining({
        type: 'pickup.reminder',
        event: null,
        reached: [
          { channel: 'Email', type: 'SEMAIL', address: 'capped@example.com' },
          { channel: 'Text', type: 'SMOBILE', address: '2065550109' },
        ],
      }),
    ]);

    const run = new NoticeRun(new NoticeRepository(world.dataSource), new HolidayRepository(world.dataSource), { noticeHorizonDays: 7 });
    await run.run('2026-11-29');
    await drain(world.notifier({ smtpUrl: smtp.url, textProviderUrl: null, quietHours: null, customerHourlyCap: 1 }));
    const [after] = notices(await explained('8100009', '2026-11-30'));
    // Each channel's lane claims on its own, so either message may be the one the cap lets through first; the other waits.
    const verdicts = after.deliveries.map(({ verdict }) => verdict);
    expect(after.deliveries.map(({ channel }) => channel)).toEqual(['Email', 'Text']);
    expect([...verdicts].sort()).toEqual(['delivered', 'over the hourly cap']);
    const held = after.deliveries.find(({ verdict }) => verdict === 'over the hourly cap');
    expect(held?.at).toEqual(expect.stringMatching(/^\d{4}-\d\d-\d\dT/));
  });

  it('is null for a customer that does not exist', async () => {
    expect(await explained('8199999', '2026-11-25')).toBeNull();
  });
});
