import { DeliveryRepository, openDatabase } from '@curbside/persistence';
import { CustomerImport } from '@curbside/application';
import { verifyWebhookSignature } from '@curbside/notifications';
import { startHttpReceiver, startSmtpSink, testDatabases, type SmtpSink, type TestDatabase } from '@curbside/testing';
import type { DataSource } from 'typeorm';
import {
  countRows,
  customerWithEmail,
  FAST,
  openTicket,
  runCli,
  seedEvents,
  startApi,
  startNotifier,
  stop,
  waitFor,
} from './support';

/*
 * The real notifier process (dist/apps/notifier/main.js), killed and restarted, against a real
 * database and a real SMTP server on loopback.
 */

const DELIVERED = `SELECT COUNT(*) AS "count" FROM "deliveries" WHERE "state" = 'delivered'`;
const SYSTEM_EMAILS = `SELECT COUNT(*) AS "count" FROM "email_activities" WHERE "sent_by" = 'SYSTEM'`;

// Each test starts real processes (several seconds each on a busy machine) and drains up to 1,000 deliveries.
jest.setTimeout(240_000);

describe.each(testDatabases())('notifier process on $name', (kind) => {
  let database: TestDatabase;
  let dataSource: DataSource;
  let smtp: SmtpSink;
  let env: Record<string, string>;

  beforeEach(async () => {
    database = await kind.create();
    dataSource = await openDatabase(database.url);
    smtp = await startSmtpSink();
    env = { ...FAST, DATABASE_URL: database.url, SMTP_URL: smtp.url };
  });
  afterEach(async () => {
    await dataSource.destroy();
    await smtp.close();
    await database.drop();
  });

  it('loses nothing when SIGKILLed 5 times while draining 1,000 deliveries', async () => {
    await seedEvents(dataSource, 100, 10);
    smtp.delay(3);
    for (let kill = 0; kill < 5; kill++) {
      const notifier = await startNotifier(env);
      const before = smtp.received.length;
      const more = 20 + Math.floor(Math.random() * 80);
      await waitFor(async () => smtp.received.length >= Math.min(before + more, 1000) || notifier.child.exitCode !== null);
      expect(await stop(notifier, 'SIGKILL')).toBeNull();
    }
    const last = await startNotifier(env);
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

  it('done when: `tickets set-status` emails the customer within seconds, it shows in GET activities/email, the webhook verifies; a bounced address is suppressed, lifted and replayed from the CLI', async () => {
    const customers = new CustomerImport(dataSource);
    await customers.importBundle(customerWithEmail('6000001', 'resident@example.com', [openTicket('77001')]));
    await customers.importBundle(customerWithEmail('6000002', 'bounce@example.com', [openTicket('77002')]));
    smtp.answer(({ to }) => (to.includes('bounce@example.com') ? 550 : null));
    const hooks = await startHttpReceiver();
    const client = runCli(env, ['clients', 'create', '--name', 'portal', '--customers', '6000001', '--json']).json<{ client_id: string }>();
    const token = runCli(env, ['tokens', 'issue', '--client-id', client.client_id, '--json']).json<{ access_token: string }>();
    const webhook = runCli(env, ['webhooks', 'create', '--client-id', client.client_id, '--url', `${hooks.url}/curbside`, '--json']);
    expect(webhook.status).toBe(0);
    const { id: webhookId, secret } = webhook.json<{ id: string; secret: string }>();
    const notifier = await startNotifier(env);
    const api = await startApi(env);
    try {
      expect(runCli(env, ['tickets', 'set-status', '6000001', '77001', 'CLOSED', '--json']).status).toBe(0);
      await smtp.waitFor(1, 10_000);
      const [mail] = smtp.received;
      expect(mail.to).toEqual(['resident@example.com']);
      expect(mail.subject).toBe('Curbside: Service ticket 77001 is now CLOSED (was OPEN)');
      expect(mail.html).toContain('Service ticket 77001 is now CLOSED');

      await waitFor(async () => (await countRows(dataSource, SYSTEM_EMAILS)) === 1, 10_000);
      // CONTRACT §11: each delivery shows the language its message was written in (a text's encoding and segments too).
      expect(runCli(env, ['deliveries', 'list', '--status', 'delivered', '--json']).json()).toEqual(
        expect.arrayContaining([expect.objectContaining({ channel: 'Email', to: 'resident@example.com', language: 'en' })]),
      );
      const response = await fetch(`${api.url}/api/v1/customers/6000001/activities/email`, {
        headers: { Authorization: `Bearer ${token.access_token}`, ClientId: client.client_id, 'Request-Tracking-Id': 'notifier-e2e' },
      });
      expect(response.status).toBe(200);
      const body = JSON.stringify(await response.json());
      expect(body).toContain('Service ticket 77001 is now CLOSED');
      expect(body).toContain('"sent_by":"SYSTEM"');
      expect(body).toContain('"send_status":"SENT"');
      expect(body).toContain('resident@example.com');

      await hooks.waitFor(1, 10_000);
      const [call] = hooks.requests;
      expect(JSON.parse(call.rawBody)).toMatchObject({ type: 'ticket.status_changed', customer_id: '6000001', data: { ticketId: '77001', to: 'CLOSED' } });
      expect(verifyWebhookSignature(call.rawBody, String(call.headers['curbside-signature']), secret)).toBe(true);
      expect(runCli(env, ['webhooks', 'list', '--json']).json()).toEqual([expect.objectContaining({ id: webhookId, client_id: client.client_id })]);

      // 550: dead at once, and the address is suppressed (CONTRACT §10): a replay ends `suppressed`, untried,
      // until an operator lifts it; then `deliveries replay` sends it again.
      expect(runCli(env, ['tickets', 'set-status', '6000002', '77002', 'CLOSED']).status).toBe(0);
      const dead = `SELECT COUNT(*) AS "count" FROM "deliveries" WHERE "state" = 'dead'`;
      await waitFor(async () => (await countRows(dataSource, dead)) === 1, 30_000);
      smtp.answer(() => null);
      const [deadOne] = runCli(env, ['deliveries', 'list', '--status', 'dead', '--json']).json<Array<{ id: number; attempts: number; last_error: string; to: string }>>();
      expect(deadOne).toMatchObject({ to: 'bounce@example.com', attempts: 1, last_error: expect.stringContaining('550') });
      expect(runCli(env, ['suppressions', 'list', '--json']).json()).toEqual([
        { address: 'bounce@example.com', reason: expect.stringContaining('550'), delivery_id: deadOne.id, created_at: expect.any(String) },
      ]);
      expect(runCli(env, ['suppressions', 'list']).stdout).toContain('bounce@example.com');

      expect(runCli(env, ['deliveries', 'replay', String(deadOne.id), '--json']).json()).toEqual({ replayed: 1 });
      const suppressed = `SELECT COUNT(*) AS "count" FROM "deliveries" WHERE "state" = 'suppressed'`;
      await waitFor(async () => (await countRows(dataSource, suppressed)) === 1, 10_000);
      expect(runCli(env, ['deliveries', 'list', '--status', 'suppressed', '--json']).json()).toEqual([expect.objectContaining({ id: deadOne.id, status: 'suppressed' })]);
      expect(smtp.tries.filter((attempt) => attempt.to.includes('bounce@example.com'))).toHaveLength(1);

      expect(runCli(env, ['suppressions', 'delete', 'Bounce@Example.com', '--json']).json()).toEqual({ deleted: 'bounce@example.com' });
      expect(runCli(env, ['suppressions', 'delete', 'bounce@example.com']).status).toBe(4);
      expect(runCli(env, ['suppressions', 'list']).stdout).toBe('No suppressed addresses.\n');
      expect(runCli(env, ['deliveries', 'replay', String(deadOne.id), '--json']).json()).toEqual({ replayed: 1 });
      await smtp.waitFor(2, 10_000);
      expect(smtp.received[1].to).toEqual(['bounce@example.com']);
      await waitFor(async () => (await countRows(dataSource, SYSTEM_EMAILS)) === 2, 10_000);
      expect(runCli(env, ['deliveries', 'replay', String(deadOne.id)]).status).toBe(4);
      expect(runCli(env, ['webhooks', 'delete', webhookId, '--json']).json()).toEqual({ id: webhookId, deleted: true });
    } finally {
      await hooks.close();
      await stop(api);
      expect(await stop(notifier)).toBe(0);
    }
  });

  if (kind.name === 'postgres') {
    it('shares the work between two processes: every delivery made once', async () => {
      await seedEvents(dataSource, 50, 20);
      smtp.delay(2);
      // Leases far longer than a batch takes even on a busy machine: no lease runs out, so no resend.
      const shared = { ...env, NOTIFIER_LEASE_SECONDS: '60' };
      const [one, two] = await Promise.all([startNotifier(shared), startNotifier(shared)]);
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
