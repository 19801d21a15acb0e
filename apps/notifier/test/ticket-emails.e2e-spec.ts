/** @slow the notifier, the API and a dozen CLI runs: Jest starts it first (jest.sequencer.js). */
import { CustomerImport } from '@curbside/application';
import { verifyWebhookSignature } from '@curbside/notifications';
import { driverIndependentDatabases, startHttpReceiver } from '@curbside/testing';
import { countRows, customerWithEmail, freshWorldEachTest, openTicket, runCli, startApi, startNotifier, stop, SYSTEM_EMAILS, waitFor } from './support';

/*
 * A ticket's emails through the real programs: the CLI's `tickets set-status`, the notifier process
 * sending to a real SMTP server and a webhook receiver, the API showing the email; a bounce
 * suppressed, lifted and replayed from the CLI. (Its own file beside notifier.e2e-spec.ts, so that
 * Jest's two workers share the notifier's longest suites.) A story through the programs, on SQLite: the
 * deliveries, suppressions and activities it reads and writes run on both drivers in their repositories' specs.
 */

// Real processes and a dozen CLI runs: several seconds each on a busy machine.
jest.setTimeout(240_000);

describe.each(driverIndependentDatabases())('notifier process on $name', (kind) => {
  const world = freshWorldEachTest(kind);

  it('done when: `tickets set-status` emails the customer within seconds, it shows in GET activities/email, the webhook verifies; a bounced address is suppressed, lifted and replayed from the CLI', async () => {
    const { dataSource, smtp, env } = world;
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
});
