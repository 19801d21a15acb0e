/** @slow 1,000 deliveries, the notifier killed five times: Jest starts it first (jest.sequencer.js). */
import { DeliveryRepository } from '@curbside/persistence';
import { testDatabases } from '@curbside/testing';
import { countRows, FAST, freshWorldEachTest, KILLABLE, seedEvents, startNotifier, stop, SYSTEM_EMAILS, waitFor } from './support';

/*
 * The real notifier process (dist/apps/notifier/main.js), killed and restarted, and two of them
 * sharing the work, against a real database and a real SMTP server on loopback. What the CLI's
 * commands make it send is in ticket-emails.e2e-spec.ts.
 */

const DELIVERED = `SELECT COUNT(*) AS "count" FROM "deliveries" WHERE "state" = 'delivered'`;
// Each test starts real processes (several seconds each on a busy machine) and drains up to 1,000 deliveries.
jest.setTimeout(240_000);

describe.each(testDatabases())('notifier process on $name', (kind) => {
  const world = freshWorldEachTest(kind);

  it('loses nothing when SIGKILLed 5 times while draining 1,000 deliveries', async () => {
    const { dataSource, smtp, env } = world;
    await seedEvents(dataSource, 100, 10);
    smtp.delay(3);
    const killable = { ...env, ...KILLABLE };
    for (let kill = 0; kill < 5; kill++) {
      const notifier = await startNotifier(killable);
      const before = smtp.received.length;
      const more = 20 + Math.floor(Math.random() * 80);
      await waitFor(async () => smtp.received.length >= Math.min(before + more, 1000) || notifier.child.exitCode !== null);
      expect(await stop(notifier, 'SIGKILL')).toBeNull();
    }
    const last = await startNotifier(killable);
    await waitFor(async () => (await countRows(dataSource, DELIVERED)) === 1000, 90_000);
    expect(await stop(last)).toBe(0);

    const keys = smtp.received.map((mail) => mail.messageId);
    const distinct = new Set(keys);
    expect(distinct.size).toBe(1000);
    expect([...distinct].every((key) => /^<curbside-\d+-email-semail@curbside\.invalid>$/.test(key))).toBe(true);
    // Duplicates only for sends whose commit a kill lost: at most what 5 kills can hold in hand
    // (the email lane's sends in flight).
    expect(keys.length - distinct.size).toBeLessThanOrEqual(5 * Number(FAST.NOTIFIER_CONCURRENCY));
    expect(await countRows(dataSource, SYSTEM_EMAILS)).toBe(1000);
    expect(await new DeliveryRepository(dataSource).countLeased()).toBe(0);
    expect(await countRows(dataSource, `SELECT COUNT(*) AS "count" FROM "deliveries" WHERE "state" <> 'delivered'`)).toBe(0);
  });

  it('on SIGTERM finishes what it holds and exits 0; a restart sends the rest, each once', async () => {
    const { dataSource, smtp, env } = world;
    await seedEvents(dataSource, 6, 10);
    smtp.delay(150);
    const notifier = await startNotifier(env);
    await waitFor(async () => smtp.received.length >= 3);
    expect(await stop(notifier, 'SIGTERM')).toBe(0);

    const sent = smtp.received.length;
    expect(sent).toBeLessThan(60);
    expect(await countRows(dataSource, DELIVERED)).toBe(sent);
    expect(await countRows(dataSource, SYSTEM_EMAILS)).toBe(sent);
    expect(await new DeliveryRepository(dataSource).countLeased()).toBe(0);

    smtp.delay(0);
    const again = await startNotifier(env);
    await waitFor(async () => (await countRows(dataSource, DELIVERED)) === 60);
    expect(await stop(again)).toBe(0);
    expect(smtp.received).toHaveLength(60);
    expect(new Set(smtp.received.map((mail) => mail.messageId)).size).toBe(60);
  });

  if (kind.name === 'postgres') {
    it('shares the work between two processes: every delivery made once', async () => {
      const { dataSource, smtp, env } = world;
      await seedEvents(dataSource, 50, 20);
      smtp.delay(2);
      // FAST's long leases: no lease runs out, so no resend.
      const [one, two] = await Promise.all([startNotifier(env), startNotifier(env)]);
      await waitFor(async () => (await countRows(dataSource, DELIVERED)) === 1000, 90_000);
      expect(await stop(one)).toBe(0);
      expect(await stop(two)).toBe(0);

      expect(smtp.received).toHaveLength(1000);
      expect(new Set(smtp.received.map((mail) => mail.messageId)).size).toBe(1000);
      const workers: Array<{ worker: string; count: string }> = await dataSource.query(
        `SELECT "claimed_by" AS "worker", COUNT(*) AS "count" FROM "deliveries" GROUP BY "claimed_by"`,
      );
      expect(workers).toHaveLength(2);
      expect(workers.every((row) => Number(row.count) > 0)).toBe(true);
    });
  }
});
