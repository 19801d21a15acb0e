import type { DeliveryWithMessage } from '@curbside/domain';
import { testDatabases } from '@curbside/testing';
import { DeliveryFailure, type Channel } from '../src';
import { channel, customerBundle, drain, preference, useWorldWithSinks } from './support';

/**
 * The worked example of a team's own notifier channel (docs/extending.md): texts sent as push
 * notifications through the team's push gateway, `{token, title, body}`, registered in the
 * notifier's options (`channels`), nothing in the notifier edited. It reports failures as the
 * house's channels do: a 4xx is permanent, anything else is tried again.
 */
class PushChannel implements Channel {
  readonly sends = true;

  constructor(private readonly gatewayUrl: string) {}

  async send(delivery: DeliveryWithMessage): Promise<void> {
    let response: Response;
    try {
      response = await fetch(this.gatewayUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'Idempotency-Key': delivery.idempotencyKey },
        body: JSON.stringify({ token: delivery.address, title: delivery.subject, body: delivery.body }),
        signal: AbortSignal.timeout(10_000),
      });
    } catch (error) {
      throw new DeliveryFailure(`push: ${(error as Error).message}`, false);
    }
    await response.arrayBuffer();
    if (!response.ok) throw new DeliveryFailure(`push gateway ${response.status}`, response.status >= 400 && response.status < 500 && response.status !== 429);
  }
}

describe.each(testDatabases())('a team\u2019s push channel on $name', (kind) => {
  const sinks = useWorldWithSinks(kind);

  async function customerWithText(customerId: string, number: string): Promise<void> {
    await sinks.world.customers.store(
      customerBundle(customerId, [
        preference('Service Notification', true, [channel('Email', true, [['SEMAIL', `r-${customerId}@example.com`]]), channel('Text', true, [['SMOBILE', number]])]),
      ]),
    );
  }

  it('sends the texts through the push gateway, the email as before, each once', async () => {
    await customerWithText('0043000', 'device-token-1');
    await sinks.world.append([{ customerId: '0043000', type: 'ticket.created', payload: { ticketId: '00091', status: 'OPEN' } }]);

    const notifier = sinks.world.notifier({ smtpUrl: sinks.smtp.url, channels: { Text: new PushChannel(`${sinks.http.url}/push`) } });
    await drain(notifier);

    expect(sinks.http.requests.map((request) => [request.path, JSON.parse(request.rawBody)])).toEqual([
      ['/push', { token: 'device-token-1', title: 'Curbside: Service ticket 00091 was created (status OPEN)', body: 'Curbside: Service ticket 00091 was created (status OPEN). Reply STOP to opt out.' }],
    ]);
    expect(sinks.smtp.received.map((mail) => mail.to)).toEqual([['r-0043000@example.com']]);
    expect((await sinks.world.deliveries.list()).map((delivery) => [delivery.channel, delivery.state])).toEqual([
      ['Email', 'delivered'],
      ['Text', 'delivered'],
    ]);
  });

  it('follows the house\u2019s retry rules: a gateway 503 is tried again, a 410 is dead at once', async () => {
    await customerWithText('0043001', 'device-token-2');
    await customerWithText('0043002', 'device-token-gone');
    sinks.http.answer((request, tries) => (request.rawBody.includes('device-token-gone') ? 410 : tries === 1 ? 503 : 200));
    await sinks.world.append([
      { customerId: '0043001', type: 'ticket.created', payload: { ticketId: '00092', status: 'OPEN' } },
      { customerId: '0043002', type: 'ticket.created', payload: { ticketId: '00093', status: 'OPEN' } },
    ]);

    const notifier = sinks.world.notifier({ smtpUrl: sinks.smtp.url, backoffBaseMs: 1, channels: { Text: new PushChannel(`${sinks.http.url}/push`) } });
    const texts = async () => (await sinks.world.deliveries.list()).filter((delivery) => delivery.channel === 'Text');
    // The 503's retry is due a few milliseconds later (backoffBaseMs: 1).
    await drain(notifier);
    for (let round = 0; round < 100 && (await texts()).some((delivery) => delivery.state === 'pending'); round += 1) {
      await new Promise((resolve) => setTimeout(resolve, 20));
      await drain(notifier);
    }

    expect((await texts()).map((delivery) => [delivery.customerId, delivery.state, delivery.attempts])).toEqual([
      ['0043001', 'delivered', 2],
      ['0043002', 'dead', 1],
    ]);
  });
});
