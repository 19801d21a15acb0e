import { ApiClientRepository, openDatabase } from '@curbside/persistence';
import { testDatabases, type TestDatabase } from '@curbside/testing';
import type { DataSource } from 'typeorm';
import { ClientService } from './client.service';

describe.each(testDatabases())('ClientService on $name', (kind) => {
  let database: TestDatabase;
  let dataSource: DataSource;
  let clients: ClientService;

  beforeAll(async () => {
    database = await kind.create();
    dataSource = await openDatabase(database.url);
    clients = new ClientService(new ApiClientRepository(dataSource));
  });
  afterAll(async () => {
    await dataSource.destroy();
    await database.drop();
  });

  it('registers a client, shows its secret once and stores only a hash', async () => {
    const created = await clients.create('Portal', ['1000002', '1000001', '1000002']);
    expect(created).toEqual({ clientId: expect.stringMatching(/^cs_/), clientSecret: expect.any(String), customers: ['1000002', '1000001'], resourceServer: false });
    const credentials = await new ApiClientRepository(dataSource).findCredentials(created.clientId);
    expect(credentials?.secretHash).toMatch(/^scrypt\$/);
    expect(credentials?.secretHash).not.toContain(created.clientSecret);
    expect(await clients.find(created.clientId)).toMatchObject({ name: 'Portal', customers: ['1000001', '1000002'], revokedAt: null });
  });

  it('authenticates the right secret only', async () => {
    const { clientId, clientSecret } = await clients.create('Billing', 'all');
    expect(await clients.authenticate(clientId, clientSecret)).toMatchObject({ clientId, customers: 'all' });
    expect(await clients.authenticate(clientId, `${clientSecret}x`)).toBeNull();
    expect(await clients.authenticate('cs_unknown', clientSecret)).toBeNull();
  });

  it('stops authenticating a revoked client; revoking an unknown one says so', async () => {
    const { clientId, clientSecret } = await clients.create('Old portal', ['1000001']);
    expect(await clients.revoke(clientId)).toBe(true);
    expect(await clients.authenticate(clientId, clientSecret)).toBeNull();
    expect((await clients.find(clientId))?.revokedAt).not.toBeNull();
    expect(await clients.revoke('cs_unknown')).toBe(false);
  });

  it('lists every client, revoked ones included', async () => {
    const active = await clients.create('Listed', 'all');
    const revoked = await clients.create('Listed, revoked', 'all');
    await clients.revoke(revoked.clientId);
    const listed = await clients.list();
    expect(listed.find((client) => client.clientId === active.clientId)?.revokedAt).toBeNull();
    expect(listed.find((client) => client.clientId === revoked.clientId)?.revokedAt).not.toBeNull();
  });

  it.each([
    ['an empty name', ' ', ['1000001']],
    ['a malformed customer id', 'Portal', ['1000001', 'abc']],
  ])('refuses %s', async (_case, name, customers) => {
    await expect(clients.create(name, customers)).rejects.toThrow();
  });
});
