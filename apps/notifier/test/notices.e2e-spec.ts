/** @slow a 10,000-customer run, the notifier killed three times: Jest starts it first (jest.sequencer.js). */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { driverIndependentDatabases, expectedNotices, importFile, NOTICE_FIXTURE, reachedSelections, routeCustomers, testDatabases } from '@curbside/testing';
import { countRows, FAST, freshWorldEachTest, KILLABLE, runCli, seedDailyCustomers, startApi, startNotifier, stop, waitFor } from './support';

/*
 * The notices of CONTRACT §8 through the real programs: `notices run` and `alerts` of the CLI,
 * the notifier's daily run (killed and restarted, and two of them at once), a real SMTP server,
 * and the API showing what was sent as email activities.
 */

const DELIVERED = `SELECT COUNT(*) AS "count" FROM "deliveries" WHERE "state" = 'delivered'`;
const NOTICE_EVENTS = `SELECT COUNT(*) AS "count" FROM "events" WHERE "notice_key" IS NOT NULL`;
const FINISHED_RUNS = `SELECT COUNT(*) AS "count" FROM "notice_runs" WHERE "finished_at" IS NOT NULL`;

// Real processes on a busy machine: each start takes seconds.
jest.setTimeout(240_000);

// The daily run is due all day (00:00) in UTC: the notifier runs "today" as soon as it starts.
const DUE_ALL_DAY = { TIME_ZONE: 'UTC', REMINDER_TIME: '00:00' };

// A story through the programs, on SQLite: the run's reads and writes run on both drivers in notice-run.spec.ts.
describe.each(driverIndependentDatabases())('notices through the programs on $name', (kind) => {
  const world = freshWorldEachTest(kind, DUE_ALL_DAY);

  it('`notices run --today`: dry run, the run, a second run; the notifier sends each once and the API shows the emails; `alerts create|list`', async () => {
    const { dataSource, smtp, env } = world;
    const { today, customers, holidays } = NOTICE_FIXTURE;
    const expected = expectedNotices(customers, holidays, today);
    const directory = await mkdtemp(join(tmpdir(), 'curbside-notices-'));
    try {
      await writeFile(join(directory, 'fixture.json'), importFile(customers, holidays));
      expect(runCli(env, ['import', join(directory, 'fixture.json')]).status).toBe(0);
    } finally {
      await rm(directory, { recursive: true, force: true });
    }
    const customersIn = (keys: string[]) => new Set(keys.map((key) => key.split('|')[0])).size;
    const counts = { today, reminders: customersIn(expected.reminders), moves: customersIn(expected.moves), pickups: expected.pickups.length };

    expect(runCli(env, ['notices', 'run', '--today', today, '--dry-run', '--json']).json()).toEqual(counts);
    expect(await countRows(dataSource, NOTICE_EVENTS)).toBe(0);
    expect(runCli(env, ['notices', 'run', '--today', today, '--json']).json()).toEqual(counts);
    expect(runCli(env, ['notices', 'run', '--today', today, '--json']).json()).toEqual({ ...counts, reminders: 0, moves: 0 });
    expect(runCli(env, ['notices', 'run', '--today', '2026-02-30']).status).toBe(2);
    // The eve of a Monday, a day without pickups: nothing to remind of, and the operator is told why and when pickups resume.
    expect(runCli(env, ['notices', 'run', '--today', '2026-12-06', '--dry-run']).stdout).toContain(
      'No customer has a pickup tomorrow, Monday 2026-12-07: the next day with pickups is Wednesday 2026-12-09.',
    );

    const alert = runCli(env, ['alerts', 'create', '--route', 'N1', '--date', '2026-11-27', '--message', 'Trucks run late', '--json']);
    expect(alert.status).toBe(0);
    const { id: alertId, customers: reached } = alert.json<{ id: string; customers: number }>();
    expect(alert.json()).toMatchObject({ route: 'N1', date: '2026-11-27', customers: routeCustomers(customers, holidays, 'N1', '2026-11-27').length });
    expect(runCli(env, ['alerts', 'list', '--json']).json()).toEqual([expect.objectContaining({ id: alertId, customers: reached })]);

    // Only what the CLI queued: the notifier's own daily run is marked done for the clock's today and tomorrow.
    const clockDay = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
    for (const day of [clockDay(0), clockDay(1)]) {
      await dataSource.query(`INSERT INTO "notice_runs" ("day", "finished_at") VALUES ('${day}', '${day}T00:00:00.000') ON CONFLICT DO NOTHING`);
    }
    const emails = expected.messages.filter((message) => message.includes('@'));
    const alertEmails = customers
      .filter((customer) => routeCustomers(customers, holidays, 'N1', '2026-11-27').includes(customer.id))
      .flatMap((customer) => reachedSelections(customer, 'Service Exception').filter((selection) => selection.channel === 'Email')).length;
    const notifier = await startNotifier(env);
    const api = await startApi(env);
    try {
      await smtp.waitFor(emails.length + alertEmails, 60_000);
      await waitFor(async () => (await countRows(dataSource, `SELECT COUNT(*) AS "count" FROM "deliveries" WHERE "state" = 'pending'`)) === 0, 60_000);
      const keys = smtp.received.map((mail) => mail.messageId);
      expect(new Set(keys).size).toBe(keys.length);
      const notices = smtp.received.filter((mail) => !mail.subject.includes('Route alert'));
      expect(notices.map((mail) => `${mail.to[0]}|${mail.subject.includes('Reminder') ? 'reminder' : 'moved'}`).sort()).toEqual(
        emails.map((message) => message.split('|').slice(0, 2).join('|')).sort(),
      );

      const client = runCli(env, ['clients', 'create', '--name', 'portal', '--customers', '8000001', '--json']).json<{ client_id: string }>();
      const token = runCli(env, ['tokens', 'issue', '--client-id', client.client_id, '--json']).json<{ access_token: string }>();
      const response = await fetch(`${api.url}/api/v1/customers/8000001/activities/email`, {
        headers: { Authorization: `Bearer ${token.access_token}`, ClientId: client.client_id, 'Request-Tracking-Id': 'notices-e2e' },
      });
      expect(response.status).toBe(200);
      const body = JSON.stringify(await response.json());
      for (const mail of smtp.received.filter((m) => m.to[0] === 'one@example.com')) expect(body).toContain(JSON.stringify(mail.subject));
      expect(body).toContain('Reminder: pickup on Wednesday, November 25');
      expect(body).toContain('"sent_by":"SYSTEM"');
    } finally {
      await stop(api);
      expect(await stop(notifier)).toBe(0);
    }
  });
});

// Notifiers killed, and running at once: claims and transactions, which depend on the driver.
describe.each(testDatabases())('notices through the programs on $name', (kind) => {
  const world = freshWorldEachTest(kind, DUE_ALL_DAY);

  it('loses nothing and sends each reminder once when the notifier is SIGKILLed 3 times during a 10,000-customer run', async () => {
    const { dataSource, smtp, env } = world;
    const reachable = await seedDailyCustomers(dataSource, 10_000, 10);
    smtp.delay(2);
    const killable = { ...env, ...KILLABLE };
    for (let kill = 0; kill < 3; kill++) {
      const notifier = await startNotifier(killable);
      const before = smtp.received.length;
      // The first kill lands while the run writes; the others while the reminders go out.
      await waitFor(async () =>
        kill === 0 ? (await countRows(dataSource, NOTICE_EVENTS)) > 0 : smtp.received.length >= Math.min(before + 50 + Math.floor(Math.random() * 100), reachable.length),
      );
      expect(await stop(notifier, 'SIGKILL')).toBeNull();
    }
    const last = await startNotifier(killable);
    await waitFor(async () => (await countRows(dataSource, DELIVERED)) === reachable.length && (await countRows(dataSource, FINISHED_RUNS)) === 1, 120_000);
    expect(await stop(last)).toBe(0);

    expect(await countRows(dataSource, NOTICE_EVENTS)).toBe(reachable.length);
    const keys = smtp.received.map((mail) => mail.messageId);
    const distinct = new Set(keys);
    expect(distinct.size).toBe(reachable.length);
    expect([...new Set(smtp.received.map((mail) => mail.to[0]))].sort()).toEqual(reachable.map((id) => `n${id}@example.com`).sort());
    // Duplicates only where a kill lost a send's commit: at most what 3 kills can hold in hand (the email lane's sends in flight), under the same key.
    expect(keys.length - distinct.size).toBeLessThanOrEqual(3 * Number(FAST.NOTIFIER_CONCURRENCY));
    expect(await countRows(dataSource, `SELECT COUNT(*) AS "count" FROM "deliveries" WHERE "state" <> 'delivered'`)).toBe(0);
  });

  if (kind.name === 'postgres') {
    it('two notifiers and the CLI running the same day at once: each notice once', async () => {
      const { dataSource, smtp, env } = world;
      const reachable = await seedDailyCustomers(dataSource, 1_000, 4);
      // FAST's long leases: no delivery lease runs out, so no resend.
      const [one, two] = await Promise.all([startNotifier(env), startNotifier(env)]);
      const cli = runCli(env, ['notices', 'run', '--json']);
      expect(cli.status).toBe(0);
      await waitFor(async () => (await countRows(dataSource, DELIVERED)) === reachable.length && (await countRows(dataSource, FINISHED_RUNS)) === 1, 120_000);
      expect(await stop(one)).toBe(0);
      expect(await stop(two)).toBe(0);

      expect(await countRows(dataSource, NOTICE_EVENTS)).toBe(reachable.length);
      expect(smtp.received).toHaveLength(reachable.length);
      expect(new Set(smtp.received.map((mail) => mail.to[0])).size).toBe(reachable.length);
      expect(await countRows(dataSource, `SELECT COUNT(*) AS "count" FROM "deliveries"`)).toBe(reachable.length);
    });
  }
});
