import { testDatabases } from '@curbside/testing';
import { useDatabase } from '../../../test/support/database';
import { storeBundles } from '../../../test/support/stored-bundles';
import { emptyBundle } from '../../../test/support/fixtures';
import { ApiClientRepository } from './api-client.repository';
import { WebhookRepository } from './webhook.repository';

describe.each(testDatabases())('WebhookRepository on $name', (db) => {
  const dataSource = useDatabase(db);
  const webhooks = () => new WebhookRepository(dataSource());

  it('finds the webhooks of each customer set-wise: clients granted it or all customers, not revoked', async () => {
    for (const id of ['5200001', '5200002', '5200003']) await storeBundles(dataSource(), emptyBundle(id));
    const clients = new ApiClientRepository(dataSource());
    const client = (clientId: string, granted: 'all' | string[]) =>
      clients.create({ clientId, name: clientId, secretHash: 'x', customers: granted });
    await client('cs_all', 'all');
    await client('cs_one', ['5200001']);
    await client('cs_gone', ['5200001', '5200002']);
    await client('cs_quiet', ['5200002']);
    await clients.revoke('cs_gone');
    const hook = (id: string, clientId: string, minute: number) =>
      webhooks().create({
        id,
        clientId,
        url: `https://example.com/${id}`,
        secret: `whsec_${id}`,
        events: id === 'wh_one' ? ['ticket.created'] : null,
        createdAt: `2026-11-24T09:0${minute}:00.000`,
      });
    await hook('wh_one', 'cs_one', 1);
    await hook('wh_all', 'cs_all', 2);
    await hook('wh_gone', 'cs_gone', 3);

    const found = await webhooks().forCustomers(['5200001', '5200002', '5200003', '5200001']);
    const ids = (customerId: string) => found.get(customerId)?.map((webhook) => webhook.id);
    expect([...found.keys()]).toEqual(['5200001', '5200002', '5200003']);
    expect(ids('5200001')).toEqual(['wh_one', 'wh_all']);
    expect(ids('5200002')).toEqual(['wh_all']);
    expect(ids('5200003')).toEqual(['wh_all']);
    expect(found.get('5200001')?.[0]).toEqual(expect.objectContaining({ secret: 'whsec_wh_one', events: ['ticket.created'] }));
    for (const id of found.keys()) expect(await webhooks().forCustomer(id)).toEqual(found.get(id));
  });
});
