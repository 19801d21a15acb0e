import type { NewEvent, Preference } from '@curbside/domain';
import { testDatabases } from '@curbside/testing';
import { ApiClientRepository, WebhookRepository } from '@curbside/persistence';
import { verifyWebhookSignature, WebhookService } from '../src';
import { guardedLookup } from '../src/lib/webhook-targets';
import { channel, customerBundle, drain, preference, useWorldWithSinks } from './support';

/*
 * The notifier in this process, against a real database (SQLite, and PostgreSQL when
 * TEST_POSTGRES_URL is set), a real SMTP server and a real HTTP receiver on loopback.
 */

const emailOf = (kind: string, customer: string) => `${kind}-${customer}@example.com`;
const phoneOf = (kind: string, customer: string) => `${kind}-${customer}`;

/**
 * Mixed preferences, one profile per customer (by its index), each with what it must get,
 * written out by hand: [service recipients, service exception recipients, billing recipients].
 */
const PROFILES: Array<{ preferences: (c: string) => Preference[]; service: (c: string) => string[]; exception: (c: string) => string[]; billing: (c: string) => string[] }> = [
  {
    // everything on: email and text for service, email for billing
    preferences: (c) => [
      preference('Service Notification', true, [
        channel('Email', true, [['SEMAIL', emailOf('s', c)], ['BEMAIL', emailOf('b', c)]]),
        channel('Text', true, [['SMOBILE', phoneOf('sm', c)]]),
      ]),
    ],
    service: (c) => [emailOf('s', c), phoneOf('sm', c)],
    exception: () => [],
    billing: (c) => [emailOf('b', c)],
  },
  {
    // the category is disabled
    preferences: (c) => [preference('Service Notification', false, [channel('Email', true, [['SEMAIL', emailOf('s', c)], ['BEMAIL', emailOf('b', c)]])])],
    service: () => [],
    exception: () => [],
    billing: () => [],
  },
  {
    // the email channel is opted out; text stays
    preferences: (c) => [
      preference('Service Notification', true, [
        channel('Email', false, [['SEMAIL', emailOf('s', c)], ['BEMAIL', emailOf('b', c)]]),
        channel('Text', true, [['SMOBILE', phoneOf('sm', c)], ['BMOBILE', phoneOf('bm', c), false]]),
      ]),
    ],
    service: (c) => [phoneOf('sm', c)],
    exception: () => [],
    billing: () => [],
  },
  {
    // the service selection is opted out; billing stays
    preferences: (c) => [preference('Service Notification', true, [channel('Email', true, [['SEMAIL', emailOf('s', c), false], ['BEMAIL', emailOf('b', c)]])])],
    service: () => [],
    exception: () => [],
    billing: (c) => [emailOf('b', c)],
  },
  { preferences: () => [], service: () => [], exception: () => [], billing: () => [] },
  {
    // exceptions only, by email; voice for service notifications
    preferences: (c) => [
      preference('Service Notification', true, [channel('Voice', true, [['SPHONE', phoneOf('sp', c)], ['BPHONE', phoneOf('bp', c)]])]),
      preference('Service Exception', true, [channel('Email', true, [['SEMAIL', emailOf('x', c)], ['BEMAIL', emailOf('xb', c)]])]),
    ],
    service: (c) => [phoneOf('sp', c)],
    exception: (c) => [emailOf('x', c)],
    billing: (c) => [phoneOf('bp', c)],
  },
];

describe.each(testDatabases())('notifier on $name', (kind) => {
  const sinks = useWorldWithSinks(kind);

  const channels = () => ({ smtpUrl: sinks.smtp.url, textProviderUrl: `${sinks.http.url}/text`, voiceProviderUrl: `${sinks.http.url}/voice` });

  it('fans 1,000 events out to exactly the matching selections, and records each email once', async () => {
    const customers = Array.from({ length: 36 }, (_, i) => String(4_000_000 + i));
    for (const [i, id] of customers.entries()) await sinks.world.customers.store(customerBundle(id, PROFILES[i % PROFILES.length].preferences(id)));

    const expected: string[] = [];
    const events: NewEvent[] = [];
    for (let n = 0; n < 1000; n++) {
      const i = n % customers.length;
      const customerId = customers[i];
      const profile = PROFILES[i % PROFILES.length];
      const record = String(10_000 + n);
      const kinds: Array<[NewEvent, string, string[]]> = [
        [{ customerId, type: 'ticket.created', payload: { ticketId: record, status: 'OPEN' } }, `Service ticket ${record} was created (status OPEN)`, profile.service(customerId)],
        [{ customerId, type: 'ticket.status_changed', payload: { ticketId: record, from: 'OPEN', to: 'CLOSED' } }, `Service ticket ${record} is now CLOSED (was OPEN)`, profile.service(customerId)],
        [{ customerId, type: 'ticket.status_changed', payload: { ticketId: record, from: 'OPEN', to: 'VOIDED' } }, `Service ticket ${record} is now VOIDED (was OPEN)`, profile.exception(customerId)],
        [{ customerId, type: 'case.opened', payload: { caseId: record, from: null, to: 'OPEN' } }, `Case ${record} was opened`, profile.service(customerId)],
        [{ customerId, type: 'invoice.issued', payload: { invoiceId: record, date: '2026-11-01', amount: '10.00' } }, `Invoice ${record} was issued on 2026-11-01 for 10.00`, profile.billing(customerId)],
        [{ customerId, type: 'preferences.changed', payload: { modifiedBy: 'x' } }, 'preferences', []],
      ];
      const [event, headline, recipients] = kinds[n % kinds.length];
      events.push(event);
      for (const to of recipients) expected.push(`${to} | ${headline}`);
    }
    await sinks.world.append(events);

    await drain(sinks.world.notifier(channels()));

    const emails = sinks.smtp.received.map((mail) => `${mail.to.join(',')} | ${mail.subject}`);
    const calls = sinks.http.requests.map((request) => {
      const body = JSON.parse(request.rawBody) as { to: string; message: string; idempotency_key: string };
      expect(body.idempotency_key).toMatch(/^curbside-\d+-(text|voice)-[a-z]+$/);
      return `${body.to} | ${body.message}`;
    });
    const received = [...emails, ...calls].map((line) => line.replace(' | Curbside: ', ' | ').replace(/ Reply STOP to opt out\.$/, '').replace(/\.$/, ''));
    expect(received.sort()).toEqual(expected.sort());
    expect(expected.length).toBeGreaterThan(300);

    const deliveries = await sinks.world.deliveries.list();
    expect(deliveries.every((delivery) => delivery.state === 'delivered')).toBe(true);
    expect(new Set(sinks.smtp.received.map((mail) => mail.messageId)).size).toBe(sinks.smtp.received.length);
    const [{ count }] = await sinks.world.dataSource.query(`SELECT COUNT(*) AS "count" FROM "email_activities" WHERE "sent_by" = 'SYSTEM' AND "send_status" = 'SENT'`);
    expect(Number(count)).toBe(sinks.smtp.received.length);
  });

  it('renders each message when it sends it: queued rows carry none, a row queued with its text goes as stored, one whose event is gone is dead untried', async () => {
    const customerId = '0041000';
    await sinks.world.customers.store(
      customerBundle(customerId, [
        preference('Service Notification', true, [channel('Email', true, [['SEMAIL', 'resident@example.com']]), channel('Text', true, [['SMOBILE', '5550100']])]),
      ]),
    );
    await sinks.world.append([
      { customerId, type: 'ticket.created', payload: { ticketId: '00071', status: 'OPEN' } },
      { customerId, type: 'ticket.created', payload: { ticketId: '00072', status: 'OPEN' } },
      { customerId, type: 'case.opened', payload: { caseId: '', from: null, to: 'OPEN' } },
    ]);
    // Fanned out by a notifier whose clock is long past: nothing is due for it to send.
    await sinks.world.notifier({ now: () => new Date('2000-01-01T00:00:00Z') }).runOnce();
    const queued: Array<{ id: number; event_id: number; channel: string; subject: string | null; body: string | null; html: string | null; list_unsubscribe: string | null }> =
      await sinks.world.dataSource.query(`SELECT "id", "event_id", "channel", "subject", "body", "html", "list_unsubscribe" FROM "deliveries" ORDER BY "id"`);
    expect(queued).toHaveLength(6);
    for (const row of queued) expect([row.subject, row.body, row.html, row.list_unsubscribe]).toEqual([null, null, null, null]);

    const [first, second, gone] = [...new Set(queued.map((row) => Number(row.event_id)))];
    const storedEmail = queued.find((row) => Number(row.event_id) === second && row.channel === 'Email');
    await sinks.world.dataSource.query(`UPDATE "deliveries" SET "subject" = 'Queued with its text', "body" = 'As stored.' WHERE "id" = ${Number(storedEmail?.id)}`);
    await sinks.world.dataSource.query(`DELETE FROM "events" WHERE "id" = ${gone}`);

    await drain(sinks.world.notifier(channels()));

    const rendered = sinks.smtp.received.find((mail) => mail.messageId === `<curbside-${first}-email-semail@curbside.invalid>`);
    expect(rendered?.subject).toBe('Curbside: Service ticket 00071 was created (status OPEN)');
    const link = rendered?.headers['list-unsubscribe'].replace(/^<|>$/g, '');
    expect(link).toMatch(/^http:\/\/localhost:3000\/unsubscribe\/[^/]+$/);
    expect(rendered?.text).toContain(link);
    expect(rendered?.html).toContain(`href="${link}"`);
    const stored = sinks.smtp.received.find((mail) => mail.messageId === `<curbside-${second}-email-semail@curbside.invalid>`);
    expect([stored?.subject, stored?.text.trim(), stored?.headers['list-unsubscribe']]).toEqual(['Queued with its text', 'As stored.', undefined]);
    expect(sinks.smtp.received).toHaveLength(2);
    const texts = sinks.http.requests.map((request) => (JSON.parse(request.rawBody) as { message: string }).message).sort();
    expect(texts).toEqual(['Curbside: Service ticket 00071 was created (status OPEN). Reply STOP to opt out.', 'Curbside: Service ticket 00072 was created (status OPEN). Reply STOP to opt out.']);

    const deliveries = await sinks.world.deliveries.list();
    expect(deliveries.filter((delivery) => delivery.eventId === gone).map((delivery) => [delivery.state, delivery.attempts, delivery.lastError])).toEqual([
      ['dead', 1, `event ${gone} is gone: no message to render`],
      ['dead', 1, `event ${gone} is gone: no message to render`],
    ]);
    const activities: Array<{ subject: string; body: string }> = await sinks.world.dataSource.query(
      `SELECT "subject", "body" FROM "email_activities" WHERE "sent_by" = 'SYSTEM' ORDER BY "subject"`,
    );
    expect(activities.map((activity) => activity.subject)).toEqual(['Curbside: Service ticket 00071 was created (status OPEN)', 'Queued with its text']);
    expect(activities[0].body).toContain(link);
  });

  it('retries SMTP 451 with growing gaps and delivers on the third try; 550 is dead at once, its address suppressed until lifted', async () => {
    await sinks.world.customers.store(
      customerBundle('4100001', [preference('Service Notification', true, [channel('Email', true, [['SEMAIL', 'later@example.com']]), channel('Text', true, [['SMOBILE', '555-429']])])]),
    );
    await sinks.world.customers.store(customerBundle('4100002', [preference('Service Notification', true, [channel('Email', true, [['SEMAIL', 'never@example.com']]), channel('Voice', true, [['SPHONE', '555-404']])])]));
    sinks.smtp.answer(({ to, tries }) => (to.includes('later@example.com') && tries <= 2 ? 451 : to.includes('never@example.com') ? 550 : null));
    sinks.http.answer((request, tries) => (request.path === '/voice' ? 404 : tries <= 1 ? 429 : 200));
    await sinks.world.append([
      { customerId: '4100001', type: 'ticket.created', payload: { ticketId: '1', status: 'OPEN' } },
      { customerId: '4100002', type: 'ticket.created', payload: { ticketId: '2', status: 'OPEN' } },
    ]);

    const notifier = sinks.world.notifier({ ...channels(), backoffBaseMs: 300 });
    notifier.start();
    await sinks.smtp.waitFor(1);
    await sinks.http.waitFor(1);

    const tries = sinks.smtp.tries.filter((attempt) => attempt.to.includes('later@example.com'));
    expect(tries.map((attempt) => attempt.code)).toEqual([451, 451, 250]);
    expect(new Set(tries.map((attempt) => attempt.messageId)).size).toBe(1);
    const [first, second] = [tries[1].at - tries[0].at, tries[2].at - tries[1].at];
    expect(first).toBeGreaterThanOrEqual(300);
    expect(second).toBeGreaterThan(first);

    const byAddress = async () => new Map((await sinks.world.deliveries.list()).map((delivery) => [delivery.address, delivery]));
    // Each retried delivery has its own backoff: wait for both, not only the one that usually ends last.
    await waitUntil(async () => {
      const current = await byAddress();
      return current.get('555-429')?.state === 'delivered' && current.get('later@example.com')?.state === 'delivered';
    });
    const deliveries = await byAddress();
    expect(deliveries.get('later@example.com')).toMatchObject({ state: 'delivered', attempts: 3 });
    expect(deliveries.get('555-429')).toMatchObject({ state: 'delivered', attempts: 2 });
    expect(deliveries.get('never@example.com')).toMatchObject({ state: 'dead', attempts: 1, lastError: expect.stringContaining('550') });
    expect(deliveries.get('555-404')).toMatchObject({ state: 'dead', attempts: 1, lastError: 'HTTP 404' });
    expect(sinks.smtp.tries.filter((attempt) => attempt.to.includes('never@example.com'))).toHaveLength(1);

    expect((await sinks.world.deliveries.suppressions()).map((entry) => entry.address)).toEqual(['never@example.com']);
    sinks.smtp.answer(() => null);
    // Replayed while the address is suppressed: it ends `suppressed`, and the server never hears of it.
    const bounced = Number(deliveries.get('never@example.com')?.id);
    expect(await sinks.world.deliveries.replay(bounced)).toBe(1);
    await waitUntil(async () => (await byAddress()).get('never@example.com')?.state === 'suppressed');
    expect(sinks.smtp.tries.filter((attempt) => attempt.to.includes('never@example.com'))).toHaveLength(1);

    expect(await sinks.world.deliveries.deleteSuppression('Never@Example.com')).toBe(true);
    expect(await sinks.world.deliveries.replay(bounced)).toBe(1);
    await sinks.smtp.waitFor(2);
    await waitUntil(async () => (await byAddress()).get('never@example.com')?.state === 'delivered');
    const [{ count }] = await sinks.world.dataSource.query(`SELECT COUNT(*) AS "count" FROM "email_activities" WHERE "sent_by" = 'SYSTEM'`);
    expect(Number(count)).toBe(2);
  });

  it('signs webhooks so the receiver can verify them; a changed body or an old timestamp fails', async () => {
    await sinks.world.customers.store(customerBundle('4200001'));
    await sinks.world.customers.store(customerBundle('4200002'));
    await sinks.world.clients.create({ clientId: 'cs_granted', name: 'granted', secretHash: 'x', customers: ['4200001'] });
    await sinks.world.clients.create({ clientId: 'cs_other', name: 'other', secretHash: 'x', customers: ['4200002'] });
    const all = await sinks.world.webhooks.create('cs_granted', `${sinks.http.url}/all`, null);
    const invoices = await sinks.world.webhooks.create('cs_granted', `${sinks.http.url}/invoices`, ['invoice.issued']);
    await sinks.world.webhooks.create('cs_other', `${sinks.http.url}/other`, null);
    await expect(sinks.world.webhooks.create('cs_granted', 'http://example.com/hook', null)).rejects.toThrow(/https/);
    await expect(sinks.world.webhooks.create('cs_nobody', `${sinks.http.url}/x`, null)).rejects.toThrow(/no active client/);

    await sinks.world.append([
      { customerId: '4200001', type: 'ticket.created', payload: { ticketId: '1', status: 'OPEN' } },
      { customerId: '4200001', type: 'invoice.issued', payload: { invoiceId: '9', date: '2026-11-01', amount: '1.00' } },
      { customerId: '4200001', type: 'preferences.changed', payload: { modifiedBy: 'csr' } },
    ]);
    await drain(sinks.world.notifier(channels()));

    const to = (path: string) => sinks.http.requests.filter((request) => request.path === path);
    // Deliveries are sent concurrently: at-least-once, in no promised order.
    expect(to('/all').map((request) => JSON.parse(request.rawBody).type).sort()).toEqual(['invoice.issued', 'preferences.changed', 'ticket.created']);
    expect(to('/invoices').map((request) => JSON.parse(request.rawBody).type)).toEqual(['invoice.issued']);
    expect(to('/other')).toEqual([]);

    for (const request of to('/all')) {
      const header = String(request.headers['curbside-signature']);
      const body = JSON.parse(request.rawBody);
      expect(body).toEqual({ id: request.headers['curbside-event-id'], type: expect.any(String), created_at: expect.any(String), customer_id: '4200001', data: expect.any(Object) });
      expect(verifyWebhookSignature(request.rawBody, header, all.secret)).toBe(true);
      expect(verifyWebhookSignature(request.rawBody.replace('4200001', '4200002'), header, all.secret)).toBe(false);
      expect(verifyWebhookSignature(request.rawBody, header, invoices.secret)).toBe(false);
      const signedAt = Number(/t=(\d+)/.exec(header)?.[1]);
      expect(verifyWebhookSignature(request.rawBody, header, all.secret, { now: signedAt + 301 })).toBe(false);
    }
    expect(verifyWebhookSignature(to('/invoices')[0].rawBody, String(to('/invoices')[0].headers['curbside-signature']), invoices.secret)).toBe(true);
  });

  it('refuses webhook targets on this machine, private, link-local or metadata addresses: at create, and at send time after name resolution', async () => {
    await sinks.world.customers.store(customerBundle('4250001'));
    await sinks.world.clients.create({ clientId: 'cs_targets', name: 'targets', secretHash: 'x', customers: ['4250001'] });
    const refused = [
      'https://169.254.169.254/latest/meta-data',
      'https://10.0.0.8/hook',
      'https://172.16.4.1/hook',
      'https://172.31.255.255/hook',
      'https://192.168.1.10/hook',
      'https://0.0.0.0/hook',
      'https://[fc00::1]/hook',
      'https://[fd12:3456::1]/hook',
      'https://[fe80::1]/hook',
      'https://[::ffff:169.254.169.254]/hook',
    ];
    for (const url of refused) {
      await expect(sinks.world.webhooks.create('cs_targets', url, null)).rejects.toThrow(/may only target global unicast addresses/);
    }
    // Without WEBHOOKS_ALLOW_LOOPBACK (production), loopback is refused too, by address or by name.
    const production = new WebhookService(new WebhookRepository(sinks.world.dataSource), new ApiClientRepository(sinks.world.dataSource));
    for (const url of ['https://127.0.0.1/hook', 'https://[::1]/hook', 'https://localhost/hook', 'https://localhost./hook', `${sinks.http.url}/hook`]) {
      await expect(production.create('cs_targets', url, null)).rejects.toThrow(/https|may only target/);
    }

    // Allowed when created (development), then sent by a notifier without the flag (production): refused, for good.
    await sinks.world.webhooks.create('cs_targets', `${sinks.http.url.replace('127.0.0.1', 'localhost')}/late`, null);
    await sinks.world.append([{ customerId: '4250001', type: 'ticket.created', payload: { ticketId: '1', status: 'OPEN' } }]);
    await drain(sinks.world.notifier({ ...channels(), webhooksAllowLoopback: false }));
    expect(sinks.http.requests.filter((request) => request.path === '/late')).toEqual([]);
    const [dead] = (await sinks.world.deliveries.list('dead')).filter((delivery) => delivery.channel === 'Webhook');
    expect(dead).toMatchObject({ attempts: 1, lastError: 'HTTP: refused target: localhost is this machine (loopback)' });

    // A name is checked again on the addresses it resolves to, by the lookup the connection itself uses.
    const resolve = (allowLoopback: boolean) =>
      new Promise<string>((done) => guardedLookup(allowLoopback)('localhost', { family: 4 }, (error, address) => done(error ? error.message : String(address))));
    expect(await resolve(false)).toBe('localhost resolves to 127.0.0.1 is this machine (loopback)');
    expect(await resolve(true)).toBe('127.0.0.1');
  });

  it('holds a customer to the hourly cap: what is over it waits, nothing is dropped, others are not held', async () => {
    const email = (address: string) => [preference('Service Notification', true, [channel('Email', true, [['SEMAIL', address]])])];
    await sinks.world.customers.store(customerBundle('4300001', email('busy@example.com')));
    await sinks.world.customers.store(customerBundle('4300002', email('calm@example.com')));
    const ticket = (customerId: string, n: number): NewEvent => ({ customerId, type: 'ticket.created', payload: { ticketId: String(n), status: 'OPEN' } });
    await sinks.world.append([...Array.from({ length: 12 }, (_, n) => ticket('4300001', n)), ...Array.from({ length: 3 }, (_, n) => ticket('4300002', n))]);

    await drain(sinks.world.notifier({ ...channels(), customerHourlyCap: 5, batchSize: 4 }));
    await drain(sinks.world.notifier({ ...channels(), customerHourlyCap: 5, batchSize: 7 }));

    const count = (address: string) => sinks.smtp.received.filter((mail) => mail.to.includes(address)).length;
    expect(count('busy@example.com')).toBe(5);
    expect(count('calm@example.com')).toBe(3);
    const waiting = (await sinks.world.deliveries.list('pending')).filter((delivery) => delivery.address === 'busy@example.com');
    expect(waiting).toHaveLength(7);
    const inFiftyMinutes = new Date(Date.now() + 50 * 60_000);
    expect(waiting.every((delivery) => new Date(delivery.nextAttemptAt) > inFiftyMinutes && delivery.attempts === 0)).toBe(true);
    expect(await sinks.world.deliveries.list('dead')).toEqual([]);
    expect(await sinks.world.deliveries.countLeased()).toBe(0);
  });
});

async function waitUntil(condition: () => Promise<boolean>, timeoutMs = 20_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}
