import { testDatabases } from '@curbside/testing';
import { demoImportFile, runCli, startApi, writeTempJson } from './support/cli';

// The commands that stand beside a running API (clients, keys, feed links, residents' page links): a file of their
// own, so that Jest runs them beside the import and export suite rather than after it.
describe.each(testDatabases())('admin CLI with the API on $name: credentials and links', (kind) => {
  let databaseUrl: string;
  let drop: () => Promise<void>;
  const file = demoImportFile();

  beforeEach(async () => {
    ({ url: databaseUrl, drop } = await kind.create());
  });
  afterEach(() => drop());

  it('registers, lists and revokes clients; revocation stops a live token at once', async () => {
    await runCli(databaseUrl, ['import', writeTempJson(file)]);
    const created = await runCli(databaseUrl, ['clients', 'create', '--name', 'Resident portal', '--customers', '1000001,1000002', '--json']);
    expect(created.status).toBe(0);
    const client = created.json<{ client_id: string; client_secret: string; customers: string[] }>();
    expect(client.customers).toEqual(['1000001', '1000002']);
    expect(client.client_secret.length).toBeGreaterThanOrEqual(32);

    expect(created.json<{ resource_server: boolean }>().resource_server).toBe(false);
    const gateway = (await runCli(databaseUrl, ['clients', 'create', '--name', 'Gateway', '--customers', '1000001', '--resource-server', '--json'])).json<{ client_id: string; resource_server: boolean }>();
    expect(gateway.resource_server).toBe(true);

    const listed = (await runCli(databaseUrl, ['clients', 'list', '--json'])).json<Array<Record<string, unknown>>>();
    expect(listed).toEqual([
      expect.objectContaining({ client_id: client.client_id, name: 'Resident portal', revoked_at: null, resource_server: false }),
      expect.objectContaining({ client_id: gateway.client_id, name: 'Gateway', resource_server: true }),
    ]);
    expect(JSON.stringify(listed)).not.toContain(client.client_secret);
    expect((await runCli(databaseUrl, ['clients', 'list'])).stdout).toMatch(new RegExp(`${gateway.client_id}.*\\byes\\b`));

    const token = (await runCli(databaseUrl, ['tokens', 'issue', '--client-id', client.client_id, '--json'])).json<{ access_token: string; token_type: string }>();
    expect(token.token_type).toBe('Bearer');

    const api = await startApi(databaseUrl);
    try {
      const call = () =>
        fetch(`${api.url}/api/v1/customers/1000001/tickets`, {
          headers: { Authorization: `Bearer ${token.access_token}`, ClientId: client.client_id, 'Request-Tracking-Id': 'cli-e2e' },
        });
      expect((await call()).status).toBe(200);

      const revoked = await runCli(databaseUrl, ['clients', 'revoke', client.client_id]);
      expect(revoked.status).toBe(0);
      expect((await call()).status).toBe(401);
    } finally {
      await api.stop();
    }
  });

  it('rotates the signing key: tokens of the previous key keep working, new ones carry the new kid', async () => {
    await runCli(databaseUrl, ['import', writeTempJson(file)]);
    const client = (await runCli(databaseUrl, ['clients', 'create', '--name', 'Portal', '--customers', '1000001', '--json'])).json<{ client_id: string }>();
    const issue = async () => (await runCli(databaseUrl, ['tokens', 'issue', '--client-id', client.client_id, '--json'])).json<{ access_token: string }>().access_token;
    const kidOf = (token: string) => JSON.parse(Buffer.from(token.split('.')[0], 'base64url').toString()).kid as string;
    const before = await issue();

    const api = await startApi(databaseUrl);
    try {
      const call = async (token: string) =>
        (
          await fetch(`${api.url}/api/v1/customers/1000001/tickets`, {
            headers: { Authorization: `Bearer ${token}`, ClientId: client.client_id, 'Request-Tracking-Id': 'cli-keys' },
          })
        ).status;
      expect(await call(before)).toBe(200);

      const rotated = await runCli(databaseUrl, ['keys', 'rotate', '--json']);
      expect(rotated.status).toBe(0);
      const rotation = rotated.json<{ kid: string; previous_kid: string; previous_retires_at: string }>();
      expect(rotation.previous_kid).toBe(kidOf(before));
      expect(rotation.kid).not.toBe(rotation.previous_kid);
      // Retired once every token of the previous key has expired (TOKEN_TTL_SECONDS, 3600 by default).
      expect(Date.parse(rotation.previous_retires_at) - Date.now()).toBeGreaterThan(3590 * 1000);

      const after = await issue();
      expect(kidOf(after)).toBe(rotation.kid);
      // At once: the API read its keys a moment ago (for `before`), and a token of a key it does not know waits for its next read.
      expect(await call(after)).toBe(200);
      expect(await call(before)).toBe(200);

      // Refusals (also a second rotation while the previous key verifies) are TokenService's tests; here, how the CLI says it.
      const configured = await runCli(databaseUrl, ['keys', 'rotate'], { TOKEN_SIGNING_KEY: 'k'.repeat(40) });
      expect(configured.status).toBe(3);
      expect(configured.stderr.trim()).toMatch(/^error: TOKEN_SIGNING_KEY is set, so the key is not stored: rotate it by changing the variable/);
    } finally {
      await api.stop();
    }
   }, 120_000); // six CLI runs and an API start

  it('revokes one calendar feed link (feeds revoke); links survive keys rotate and die with their client', async () => {
    await runCli(databaseUrl, ['import', writeTempJson(file)]);
    const client = (await runCli(databaseUrl, ['clients', 'create', '--name', 'Portal', '--customers', '1000001', '--json'])).json<{ client_id: string }>();
    const token = (await runCli(databaseUrl, ['tokens', 'issue', '--client-id', client.client_id, '--json'])).json<{ access_token: string }>().access_token;
    const publicBaseUrl = 'https://calendar.example.test';
    const api = await startApi(databaseUrl, { PUBLIC_BASE_URL: publicBaseUrl });
    try {
      const link = async (): Promise<string> => {
        const response = await fetch(`${api.url}/api/v1/customers/1000001/services/calendar`, {
          headers: { Authorization: `Bearer ${token}`, ClientId: client.client_id, 'Request-Tracking-Id': 'cli-feeds' },
        });
        return ((await response.json()) as { calendar_url: string }).calendar_url;
      };
      const feed = async (url: string) => (await fetch(url.replace(publicBaseUrl, api.url))).status;
      const [revoked, kept] = [await link(), await link()];
      expect(revoked.startsWith(`${publicBaseUrl}/feeds/calendar/`)).toBe(true);
      expect((await runCli(databaseUrl, ['keys', 'rotate'])).status).toBe(0);
      expect(await feed(revoked)).toBe(200);

      const revocation = await runCli(databaseUrl, ['feeds', 'revoke', revoked, '--json']);
      expect(revocation.status).toBe(0);
      expect(revocation.json()).toEqual({ link_id: expect.any(String), client_id: client.client_id, customer_id: '1000001', revoked: true, already_revoked: false });
      expect(await feed(revoked)).toBe(404);
      expect(await feed(kept)).toBe(200);
      expect((await runCli(databaseUrl, ['feeds', 'revoke', revoked])).stdout).toMatch(/^Already revoked: feed link /);
      const altered = await runCli(databaseUrl, ['feeds', 'revoke', `${kept.slice(0, -20)}AAAA/pickups.ics`]);
      expect(altered.status).toBe(4);
      expect(altered.stderr.trim()).toBe('error: That is not a calendar feed link of this Curbside (altered, cut, or signed elsewhere).');

      expect((await runCli(databaseUrl, ['clients', 'revoke', client.client_id])).status).toBe(0);
      expect(await feed(kept)).toBe(404);
    } finally {
      await api.stop();
    }
  }, 120_000); // six CLI runs and an API start

  it("makes a link to a customer's own page (residents link) and ends every link and session of the customer (residents revoke)", async () => {
    await runCli(databaseUrl, ['import', writeTempJson(file)]);
    const publicBaseUrl = 'https://notices.example.test';
    const made = await runCli(databaseUrl, ['residents', 'link', '1000001', '--json'], { PUBLIC_BASE_URL: publicBaseUrl, RESIDENT_LINK_DAYS: '7' });
    expect(made.status).toBe(0);
    const { url, expires } = made.json<{ url: string; expires: string }>();
    expect(url).toMatch(/^https:\/\/notices\.example\.test\/my\/[\w-]{43}$/);
    expect(Math.round((Date.parse(expires) - Date.now()) / 86_400_000)).toBe(7);
    expect((await runCli(databaseUrl, ['residents', 'link', '9999999'])).status).toBe(4);
    const api = await startApi(databaseUrl, { PUBLIC_BASE_URL: publicBaseUrl });
    try {
      const open = async (link: string) => (await fetch(link.replace(publicBaseUrl, api.url), { redirect: 'manual' })).status;
      const second = (await runCli(databaseUrl, ['residents', 'link', '1000001'], { PUBLIC_BASE_URL: publicBaseUrl })).stdout.split('\n')[0];
      expect(await open(url)).toBe(303);
      const revoked = await runCli(databaseUrl, ['residents', 'revoke', '1000001', '--json']);
      expect(revoked.json()).toEqual({ customer_id: '1000001', ended: 3 });
      expect(await open(url)).toBe(404);
      expect(await open(second)).toBe(404);
    } finally {
      await api.stop();
    }
  }, 120_000);
});
