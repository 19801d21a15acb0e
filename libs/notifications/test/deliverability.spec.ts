import type { NewEvent } from '@curbside/domain';
import { testDatabases, type SmtpSink } from '@curbside/testing';
import { dkimVerify } from 'mailauth/lib/dkim/verify';
import { channel, customerBundle, drain, preference, useWorldWithSinks, type SelectionSpec } from './support';
import { DKIM, dkimResolver } from './support/dkim-key';

/*
 * CONTRACT §10 in the notifier, against a real database (both drivers), a real SMTP server and
 * a real HTTP receiver: DKIM signatures checked by an independent verifier (mailauth), hard
 * bounces and the suppression list, the STOP line, and the quiet hours on an injected clock.
 */


async function dkimResult(raw: string) {
  const { results } = await dkimVerify(Buffer.from(raw), { resolver: dkimResolver });
  expect(results).toHaveLength(1);
  return results[0];
}

const ticket = (customerId: string, ticketId: string): NewEvent => ({ customerId, type: 'ticket.created', payload: { ticketId, status: 'OPEN' } });

describe.each(testDatabases())('deliverability on $name', (kind) => {
  const sinks = useWorldWithSinks(kind);

  /** Service emails to `service`, billing emails to `billing`. */
  const emailTo = (service: string, billing?: string) => {
    const selections: SelectionSpec[] = [['SEMAIL', service], ...(billing === undefined ? [] : [['BEMAIL', billing] as SelectionSpec])];
    return [preference('Service Notification', true, [channel('Email', true, selections)])];
  };

  it('signs every email with DKIM (relaxed/relaxed, rsa-sha256) over the headers §10 names; an independent verifier passes it, and fails it once a signed header is altered', async () => {
    await sinks.world.customers.store(customerBundle('5100001', emailTo('resident@example.com')));
    await sinks.world.append([ticket('5100001', '1')]);
    await drain(sinks.world.notifier({ smtpUrl: sinks.smtp.url, dkim: DKIM.config, brandName: 'Prairie Hauling' }));

    const [mail] = sinks.smtp.received;
    const signature = mail.headers['dkim-signature'];
    expect(signature).toMatch(/\ba=rsa-sha256\b/);
    expect(signature).toMatch(/\bc=relaxed\/relaxed\b/);
    expect(signature).toMatch(/\bd=prairie\.example\b/);
    expect(signature).toMatch(/\bs=mail2026\b/);
    const signed = (/\bh=([^;]+)/.exec(signature)?.[1] ?? '').replace(/\s/g, '').toLowerCase().split(':');
    expect(signed).toEqual(expect.arrayContaining(['from', 'to', 'subject', 'date', 'message-id', 'list-unsubscribe', 'list-unsubscribe-post']));

    const good = await dkimResult(mail.raw);
    expect(good.status.result).toBe('pass');
    expect(good.signingDomain).toBe('prairie.example');

    const subject = await dkimResult(mail.raw.replace(/^Subject: .*$/m, 'Subject: Prairie Hauling: you won a prize'));
    expect(subject.status.result).toBe('fail');
    // The first link of the message is the List-Unsubscribe header's (folded onto its own line).
    const altered = mail.raw.replace(/(\/unsubscribe\/[\w-]+)>/, '$1x>');
    expect(altered).not.toBe(mail.raw);
    const link = await dkimResult(altered);
    expect(link.status.result).toBe('fail');
    const body = await dkimResult(mail.raw.replace('Service ticket 1 was created', 'Service ticket 2 was created'));
    expect(body.status.result).toBe('fail');
  });

  it.each([
    ['at RCPT', (sink: SmtpSink) => sink.answerRecipient((address) => (address.toLowerCase() === 'gone@example.com' ? 550 : null))],
    ['after DATA', (sink: SmtpSink) => sink.answer(({ to }) => (to.some((address) => address.toLowerCase() === 'gone@example.com') ? 554 : null))],
  ])('an SMTP 5xx %s suppresses the address: that delivery is dead, later ones end suppressed without a try', async (_when, refuse) => {
    await sinks.world.customers.store(customerBundle('5200001', emailTo('Gone@example.com', 'kept@example.com')));
    refuse(sinks.smtp);
    await sinks.world.append([ticket('5200001', '1'), { customerId: '5200001', type: 'invoice.issued', payload: { invoiceId: '9', date: '2026-11-01', amount: '1.00' } }]);
    const notifier = sinks.world.notifier({ smtpUrl: sinks.smtp.url });
    await drain(notifier);

    expect((await sinks.world.deliveries.suppressions()).map(({ address, deliveryId }) => ({ address, bounced: deliveryId !== null }))).toEqual([
      { address: 'gone@example.com', bounced: true },
    ]);
    const tried = sinks.smtp.tries.length + sinks.smtp.refusedRecipients.length;
    await sinks.world.append([ticket('5200001', '2'), ticket('5200001', '3')]);
    await drain(notifier);

    const states = (await sinks.world.deliveries.list()).filter((d) => d.channel === 'Email').map((d) => `${d.address} ${d.state}`);
    expect(states).toEqual(['Gone@example.com dead', 'kept@example.com delivered', 'Gone@example.com suppressed', 'Gone@example.com suppressed']);
    expect(sinks.smtp.tries.length + sinks.smtp.refusedRecipients.length).toBe(tried);
    expect((await sinks.world.deliveries.list('suppressed')).map((d) => d.attempts)).toEqual([0, 0]);
  });

  it('a temporary refusal (4xx) suppresses nothing', async () => {
    await sinks.world.customers.store(customerBundle('5300001', emailTo('busy@example.com')));
    sinks.smtp.answerRecipient(() => 452);
    await sinks.world.append([ticket('5300001', '1')]);
    await sinks.world.notifier({ smtpUrl: sinks.smtp.url }).runOnce();
    await sinks.world.notifier({ smtpUrl: sinks.smtp.url }).runOnce();
    expect(await sinks.world.deliveries.suppressions()).toEqual([]);
    expect((await sinks.world.deliveries.list()).map((d) => d.state)).toEqual(['pending']);
  });

  it('an English text ends with the STOP line within one GSM-7 segment, shortened with ... (CONTRACT §11)', async () => {
    await sinks.world.customers.store(
      customerBundle('5400001', [preference('Service Exception', true, [channel('Text', true, [['SMOBILE', '555-010-0100']])])]),
    );
    await sinks.world.append([{ customerId: '5400001', type: 'route.alert', payload: { alertId: 'ra_1', routeId: 'J31A', date: '2026-11-27', message: 'x'.repeat(100) } }]);
    await drain(sinks.world.notifier({ textProviderUrl: `${sinks.http.url}/text`, brandName: 'Prairie Hauling' }));
    const [body] = sinks.http.requests.map((request) => JSON.parse(request.rawBody) as { message: string });
    expect(body).toMatchObject({ language: 'en', encoding: 'GSM-7', segments: 1 });
    expect(body.message).toHaveLength(160);
    expect(body.message).toMatch(/^Prairie Hauling: Route alert for Friday, November 27: x+\.\.\. Reply STOP to opt out\.$/);
  });

  describe('quiet hours (21:00-08:00 in America/Chicago), on an injected clock', () => {
    let clock: Date;
    const at = (wallClock: string) => (clock = new Date(`${wallClock}-06:00`));

    it('holds a text and a call due at 21:30 until 08:00, then sends each once; an email goes at once', async () => {
      await sinks.world.customers.store(
        customerBundle('5500001', [
          preference('Service Notification', true, [
            channel('Email', true, [['SEMAIL', 'night@example.com']]),
            channel('Text', true, [['SMOBILE', '555-010-0101']]),
            channel('Voice', true, [['SPHONE', '555-010-0102']]),
          ]),
        ]),
      );
      at('2031-01-15T21:30:00');
      const notifier = sinks.world.notifier({
        smtpUrl: sinks.smtp.url,
        textProviderUrl: `${sinks.http.url}/text`,
        voiceProviderUrl: `${sinks.http.url}/voice`,
        quietHours: { start: '21:00', end: '08:00' },
        timeZone: 'America/Chicago',
        now: () => clock,
      });
      await sinks.world.append([ticket('5500001', '1')]);
      await drain(notifier);
      expect(sinks.smtp.received.map((mail) => mail.to.join())).toEqual(['night@example.com']);
      expect(sinks.http.requests).toEqual([]);
      const waiting = (await sinks.world.deliveries.list('pending')).map((d) => `${d.channel} ${d.attempts}`);
      expect(waiting.sort()).toEqual(['Text 0', 'Voice 0']);

      for (const wallClock of ['2031-01-15T23:59:00', '2031-01-16T03:00:00', '2031-01-16T07:59:59']) {
        at(wallClock);
        await drain(notifier);
        expect(sinks.http.requests).toEqual([]);
      }
      at('2031-01-16T08:00:00');
      await drain(notifier);
      at('2031-01-16T09:00:00');
      await drain(notifier);
      expect(sinks.http.requests.map((request) => request.path).sort()).toEqual(['/text', '/voice']);
      expect((await sinks.world.deliveries.list()).map((d) => `${d.channel} ${d.state} ${d.attempts}`).sort()).toEqual([
        'Email delivered 1',
        'Text delivered 1',
        'Voice delivered 1',
      ]);

      // The next night is a quiet period of its own (the notifier keeps the last one's end): held again until 08:00.
      at('2031-01-16T22:00:00');
      await sinks.world.append([ticket('5500001', '2')]);
      await drain(notifier);
      expect(sinks.http.requests).toHaveLength(2);
      at('2031-01-17T07:59:59');
      await drain(notifier);
      expect(sinks.http.requests).toHaveLength(2);
      at('2031-01-17T08:00:00');
      await drain(notifier);
      expect(sinks.http.requests.map((request) => request.path).sort()).toEqual(['/text', '/text', '/voice', '/voice']);
    });

    it('with QUIET_HOURS=off, texts go at night', async () => {
      await sinks.world.customers.store(customerBundle('5600001', [preference('Service Notification', true, [channel('Text', true, [['SMOBILE', '555-010-0103']])])]));
      at('2031-01-15T23:30:00');
      await sinks.world.append([ticket('5600001', '1')]);
      await drain(sinks.world.notifier({ textProviderUrl: `${sinks.http.url}/text`, quietHours: null, timeZone: 'America/Chicago', now: () => clock }));
      expect(sinks.http.requests).toHaveLength(1);
    });
  });
});
