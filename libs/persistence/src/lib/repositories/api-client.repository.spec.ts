import { testDatabases } from '@curbside/testing';
import { useDatabase } from '../../../test/support/database';
import { ApiClientRepository } from './api-client.repository';

describe.each(testDatabases())('ApiClientRepository on $name', (db) => {
  const dataSource = useDatabase(db);
  const clients = () => new ApiClientRepository(dataSource());

  it('creates a client with its customers and finds it with its secret hash', async () => {
    const created = await clients().create({
      clientId: 'portal',
      name: 'Customer portal',
      secretHash: 'hash-1',
      customers: ['1000010', '999', '1000002'],
    });
    expect(created).toEqual({
      clientId: 'portal',
      name: 'Customer portal',
      customers: ['999', '1000002', '1000010'],
      createdAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}$/),
      revokedAt: null,
      resourceServer: false,
    });
    expect(await clients().find('portal')).toEqual(created);
    expect(await clients().findCredentials('portal')).toEqual({ client: created, secretHash: 'hash-1' });
  });

  it('creates a client for all customers', async () => {
    const created = await clients().create({
      clientId: 'ops',
      name: 'Operations',
      secretHash: 'hash-2',
      customers: 'all',
    });
    expect(created.customers).toBe('all');
    expect((await clients().find('ops'))?.customers).toBe('all');
  });

  it('keeps whether a client is a resource server, which only an operator says (it may introspect tokens)', async () => {
    const created = await clients().create({ clientId: 'gateway', name: 'Gateway', secretHash: 'h', customers: [], resourceServer: true });
    expect(created.resourceServer).toBe(true);
    expect((await clients().find('gateway'))?.resourceServer).toBe(true);
    expect((await clients().findForCustomer('gateway', '1'))?.resourceServer).toBe(true);
    expect((await clients().findCredentials('gateway'))?.client.resourceServer).toBe(true);
    expect((await clients().list()).find((client) => client.clientId === 'gateway')?.resourceServer).toBe(true);
    expect((await clients().findForCustomer('ops', '1'))?.resourceServer).toBe(false);
  });

  it('refuses a client id that is taken', async () => {
    await clients().create({ clientId: 'dup', name: 'First', secretHash: 'h', customers: [] });
    await expect(
      clients().create({ clientId: 'dup', name: 'Second', secretHash: 'h', customers: 'all' }),
    ).rejects.toThrow();
    expect((await clients().find('dup'))?.name).toBe('First');
  });

  it('lists every client, oldest first', async () => {
    const listed = await clients().list();
    expect(listed.map((client) => client.clientId)).toEqual(expect.arrayContaining(['portal', 'ops', 'dup']));
    expect(listed.find((client) => client.clientId === 'portal')?.customers).toEqual(['999', '1000002', '1000010']);
    const createdTimes = listed.map((client) => client.createdAt);
    expect(createdTimes).toEqual([...createdTimes].sort());
  });

  it('revokes a client once and for good', async () => {
    await clients().create({ clientId: 'leaked', name: 'Leaked', secretHash: 'h', customers: ['1'] });
    expect(await clients().revoke('leaked')).toBe(true);
    const revokedAt = (await clients().find('leaked'))?.revokedAt;
    expect(revokedAt).toMatch(/^\d{4}-\d{2}-\d{2}T/);
    expect(await clients().revoke('leaked')).toBe(true);
    expect((await clients().find('leaked'))?.revokedAt).toBe(revokedAt);
  });

  it("finds a client for one customer with its grants narrowed to that customer, however many it has (a request's cost does not grow with them)", async () => {
    const granted = Array.from({ length: 2_000 }, (_, n) => String(8_000_000 + n));
    await clients().create({ clientId: 'hauler-portal', name: 'Hauler portal', secretHash: 'h', customers: granted });
    const full = await clients().find('hauler-portal');
    const narrowed = { clientId: 'hauler-portal', name: 'Hauler portal', createdAt: full?.createdAt, revokedAt: null, resourceServer: false };
    expect(await clients().findForCustomer('hauler-portal', '8001234')).toEqual({ ...narrowed, customers: ['8001234'] });
    expect(await clients().findForCustomer('hauler-portal', '7999999')).toEqual({ ...narrowed, customers: [] });
    expect(await clients().findForCustomer('hauler-portal', null)).toEqual({ ...narrowed, customers: [] });
    expect((await clients().findForCustomer('ops', '7999999'))?.customers).toBe('all');
    expect((await clients().findForCustomer('leaked', '1'))?.revokedAt).toMatch(/^\d{4}-/);
    expect(await clients().findForCustomer('nobody', '1')).toBeNull();
  });

  it('knows nothing of unknown clients', async () => {
    expect(await clients().find('nobody')).toBeNull();
    expect(await clients().findCredentials('nobody')).toBeNull();
    expect(await clients().revoke('nobody')).toBe(false);
  });
});
