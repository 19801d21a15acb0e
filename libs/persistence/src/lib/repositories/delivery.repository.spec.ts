import { bounceSuppression, nowLocalDateTime, overHourlyCap, type CustomerSendWindow, type Delivery, type NewDelivery } from '@curbside/domain';
import { testDatabases } from '@curbside/testing';
import { useDatabase } from '../../../test/support/database';
import { storeBundles } from '../../../test/support/stored-bundles';
import { contact, emailActivity, emptyBundle } from '../../../test/support/fixtures';
import { DeliveryRepository } from './delivery.repository';
import { inTransaction } from '../database/index';
import { saveContacts } from '../stores/contact.store';
import { saveSelections } from '../stores/selection.store';

const email = (eventId: number, customerId: string, n: number): NewDelivery => ({
  eventId,
  customerId,
  channel: 'Email',
  address: `c${n}@example.com`,
  selectionType: 'SEMAIL',
  webhookId: null,
  idempotencyKey: `curbside-${eventId}-email-${n}`,
  subject: `Subject ${n}`,
  body: `Body ${n}`,
  html: null,
});

/** The activity the notifier records for a delivery (an id of its own per delivery). */
const activityOf = (delivery: Delivery, at: string) => emailActivity(String(900_000_000_000_000_000n + BigInt(delivery.id)), at);

describe.each(testDatabases())('DeliveryRepository on $name', (db) => {
  const dataSource = useDatabase(db);
  const repository = () => new DeliveryRepository(dataSource());
  const count = async (sql: string): Promise<number> => Number((await dataSource().query(sql))[0].count);

  /** Fans out `n` emails for a customer of its own and claims them all. */
  async function claimedEmails(customerId: string, n: number): Promise<Delivery[]> {
    await storeBundles(dataSource(), emptyBundle(customerId));
    const eventId = Number(customerId);
    await repository().fanOut([{ eventId, deliveries: Array.from({ length: n }, (_, k) => email(eventId, customerId, k)) }]);
    const mine: Delivery[] = [];
    for (let batch = await repository().claimDue('worker', 500, 60); batch.length > 0; batch = await repository().claimDue('worker', 500, 60)) {
      mine.push(...batch.filter((delivery) => delivery.customerId === customerId));
    }
    return mine;
  }

  it('marks a batch delivered in few statements, each at its own time, with one email activity each', async () => {
    const claimed = await claimedEmails('5100001', 501);
    expect(claimed).toHaveLength(501);
    const at = (n: number) => `2026-11-24T10:${String(Math.floor(n / 60) % 60).padStart(2, '0')}:${String(n % 60).padStart(2, '0')}.000`;
    const sent = claimed.map((delivery, n) => ({ delivery, at: at(n), activity: activityOf(delivery, at(n)) }));

    expect(await repository().markDelivered(sent)).toBe(501);

    const rows: Array<{ id: number; delivered_at: string; attempts: number }> = await dataSource().query(
      `SELECT "id", "delivered_at", "attempts" FROM "deliveries" WHERE "customer_id" = '5100001' AND "state" = 'delivered' ORDER BY "id"`,
    );
    expect(rows.map((row) => row.delivered_at)).toEqual(sent.map((item) => item.at));
    expect(rows.every((row) => Number(row.attempts) === 1)).toBe(true);
    expect(await count(`SELECT COUNT(*) AS "count" FROM "email_activities" WHERE "customer_id" = '5100001'`)).toBe(501);
  });

  it('does not claim again a delivery the caller still holds, even when its lease ran out', async () => {
    await storeBundles(dataSource(), emptyBundle('5100003'));
    await repository().fanOut([{ eventId: 5100003, deliveries: [0, 1].map((k) => email(5100003, '5100003', k)) }]);
    const held = await repository().claimDue('worker', 1, 0);
    expect(held).toHaveLength(1);

    const other = await repository().claimDue('worker', 500, 0, [held[0].id]);
    expect(other.map((d) => d.idempotencyKey)).toEqual(['curbside-5100003-email-1']);
    const again = await repository().claimDue('worker', 500, 60);
    expect(again.map((d) => d.id).sort()).toEqual([held[0].id, other[0].id].sort());
  });

  it('records only pending deliveries: a second record of the same sends, or of a dead one, changes nothing', async () => {
    const [first, second, third] = await claimedEmails('5100002', 3);
    await repository().markFailed(third.id, 'SMTP: 550 no such mailbox', null);
    const at = '2026-11-24T11:00:00.000';
    const sent = [first, second, third].map((delivery) => ({ delivery, at, activity: activityOf(delivery, at) }));

    expect(await repository().markDelivered(sent.slice(0, 1))).toBe(1);
    expect(await repository().markDelivered(sent)).toBe(1);
    expect(await repository().markDelivered(sent)).toBe(0);

    const states = (await repository().list()).filter((d) => d.customerId === '5100002').map((d) => d.state);
    expect(states).toEqual(['delivered', 'delivered', 'dead']);
    const activities: Array<{ id: string }> = await dataSource().query(
      `SELECT "id" FROM "email_activities" WHERE "customer_id" = '5100002' ORDER BY "id"`,
    );
    expect(activities.map((row) => row.id)).toEqual([activityOf(first, at).id, activityOf(second, at).id]);
  });

  it("the hourly cap's window sees each message once, delivered or leased, while another lane records its sends", async () => {
    const claimed = await claimedEmails('5100004', 60);
    const since = nowLocalDateTime(new Date(Date.now() - 3600_000));
    const counted: number[] = [];
    let recording = true;
    const reading = (async () => {
      while (recording) {
        await repository().holdOverCap(['5100004'], since, (windows) => {
          const window = windows.get('5100004');
          counted.push((window?.deliveredAt.length ?? 0) + (window?.leasedIds.length ?? 0));
          return [];
        });
      }
    })();
    await Promise.all(
      claimed.map(async (delivery) => {
        const at = nowLocalDateTime();
        await repository().markDelivered([{ delivery, at, activity: activityOf(delivery, at) }]);
      }),
    );
    recording = false;
    await reading;
    expect(counted.length).toBeGreaterThan(0);
    expect(counted.filter((n) => n !== 60)).toEqual([]);
  });

  it("the hourly cap's batches decide for one customer one after the other: of two claimed apart under a cap of 1, one goes", async () => {
    await storeBundles(dataSource(), emptyBundle('5100005'));
    await repository().fanOut([{ eventId: 5100005, deliveries: [0, 1].map((k) => email(5100005, '5100005', k)) }]);
    const first = await repository().claimDue('lane one', 1, 60);
    const second = await repository().claimDue('lane two', 1, 60);
    const since = nowLocalDateTime(new Date(Date.now() - 3600_000));
    const now = new Date();
    const decide = (batch: Delivery[]) => (windows: Map<string, CustomerSendWindow>) => overHourlyCap(batch, windows, { cap: 1, now, leaseSeconds: 60 });
    const holds = await Promise.all([first, second].map((batch) => repository().holdOverCap(['5100005'], since, decide(batch))));
    expect(holds.flat().flatMap(({ ids }) => ids)).toHaveLength(1);
    expect(await count(`SELECT COUNT(*) AS "count" FROM "deliveries" WHERE "customer_id" = '5100005' AND "claimed_until" IS NULL`)).toBe(1);
  });

  describe('the suppression list (CONTRACT §10)', () => {
    it('a hard bounce ends the delivery dead and suppresses its address in lower case; an operator lifts it', async () => {
      const [delivery] = await claimedEmails('8800001', 1);
      await repository().markBounced(delivery.id, 'SMTP: 550 no such user', bounceSuppression({ ...delivery, address: 'Gone@Example.com' }, 'SMTP: 550 no such user', nowLocalDateTime()));
      expect((await repository().list('dead')).map((d) => d.id)).toContain(delivery.id);
      expect(await repository().suppressions()).toEqual([
        { address: 'gone@example.com', reason: 'SMTP: 550 no such user', deliveryId: delivery.id, createdAt: expect.any(String) },
      ]);
      expect(await repository().suppressedAmong(['GONE@example.com', 'other@example.com'])).toEqual(new Set(['gone@example.com']));
      expect(await repository().deleteSuppression('gone@EXAMPLE.com')).toBe(true);
      expect(await repository().deleteSuppression('gone@example.com')).toBe(false);
    });

    it('a PUT of op 10 or of contacts that sets the address again lifts it; one that sets another address does not', async () => {
      await storeBundles(dataSource(), emptyBundle('8800002'));
      const bounce = async (address: string) => {
        const [delivery] = await claimedEmails(String(8800100 + (await repository().suppressions()).length), 1);
        await repository().markBounced(delivery.id, 'SMTP: 550', bounceSuppression({ ...delivery, address }, 'SMTP: 550', nowLocalDateTime()));
      };
      await bounce('one@example.com');
      await bounce('service@acme.example');
      const email = (value: string) => ({ category: 'Service Notification' as const, channel: 'Email' as const, type: 'SEMAIL' as const, value, optIn: true });
      const select = (address: string) =>
        inTransaction(dataSource(), (manager) => saveSelections(manager, '8800002', [email(address)], 'portal', '2026-11-02T08:00:00.000'));
      await select('someone-else@example.com');
      expect((await repository().suppressions()).map((s) => s.address)).toEqual(['one@example.com', 'service@acme.example']);
      await select('One@Example.com');
      expect((await repository().suppressions()).map((s) => s.address)).toEqual(['service@acme.example']);
      await inTransaction(dataSource(), (manager) => saveContacts(manager, '8800002', [contact('service')]));
      expect(await repository().suppressions()).toEqual([]);
    });

    it('ends pending deliveries suppressed, untried, and a suppressed one can be replayed', async () => {
      const [delivery] = await claimedEmails('8800003', 1);
      await repository().markSuppressed([delivery.id]);
      expect((await repository().list('suppressed')).find((d) => d.id === delivery.id)).toMatchObject({ attempts: 0, deliveredAt: null });
      expect(await repository().replay(delivery.id)).toBe(1);
      expect((await repository().list('pending')).map((d) => d.id)).toContain(delivery.id);
    });
  });
});
