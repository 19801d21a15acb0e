import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { testDatabases } from '@curbside/testing';
import { demoImportFile, runCli, runCliProcess, writeTempJson, type ImportFile, type WireCustomer } from './support/cli';

describe.each(testDatabases())('admin CLI on $name', (kind) => {
  let databaseUrl: string;
  let drop: () => Promise<void>;
  const file = demoImportFile();

  beforeEach(async () => {
    ({ url: databaseUrl, drop } = await kind.create());
  });
  afterEach(() => drop());

  it('migrates, and says so', async () => {
    const result = await runCli(databaseUrl, ['db', 'migrate']);
    expect(result.status).toBe(0);
    expect(result.stdout).toMatch(/up to date/);
  });

  it('imports then exports every resource losslessly', async () => {
    const imported = await runCli(databaseUrl, ['import', writeTempJson(file), '--json']);
    expect(imported.stderr).toBe('');
    expect(imported.status).toBe(0);
    const summary = imported.json<{ customers: Array<{ customer_id: string; customer_created: boolean }> }>();
    expect(summary.customers.map((c) => [c.customer_id, c.customer_created])).toEqual(file.customers.map((c) => [c.id, true]));

    for (const customer of file.customers) {
      const exported = await runCli(databaseUrl, ['export', customer.id]);
      expect(exported.status).toBe(0);
      expect(exported.json()).toEqual({ customers: [customer], holidays: file.holidays });
    }
  });

  it("imports then exports every record of CONTRACT §6 losslessly, edge cases included (the codecs sample file); the §6 sample's empty strings as the API answers them", async () => {
    // Services without a schedule, pickups without an ETA or ticket number, an ETA with every member "null",
    // cases with and without details, notes without a comment, profiles with every member "null".
    const sample = JSON.parse(readFileSync(join(__dirname, '../../../libs/codecs/test/fixtures/sample-import.json'), 'utf8')) as ImportFile;
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- raw JSON, read member by member below
    const contractSample = JSON.parse(readFileSync(join(__dirname, '../../../libs/codecs/test/fixtures/contract-sample-customer.json'), 'utf8')) as Record<string, any>;
    const imported = await runCli(databaseUrl, ['import', writeTempJson({ ...sample, customers: [...sample.customers, contractSample] }), '--json']);
    expect(imported.stderr).toBe('');
    expect(imported.json()).toMatchObject({ holidays: { created: sample.holidays.length, replaced: 0 } });
    // The sample lists records in no particular order; an export lists them in their natural order.
    const inAnyOrder = (customer: WireCustomer) =>
      Object.fromEntries(Object.entries(customer).map(([member, value]) => [member, Array.isArray(value) ? value.map((v) => JSON.stringify(v)).sort() : value]));
    for (const customer of sample.customers) {
      const exported = (await runCli(databaseUrl, ['export', customer.id])).json<ImportFile>();
      expect(exported.holidays).toEqual(sample.holidays);
      expect(exported.customers.map(inAnyOrder)).toEqual([inAnyOrder(customer)]);
    }

    // The CONTRACT §6 sample's values: text ids and empty texts come back as they were; an empty date, time,
    // number or id comes back "null", as the API answers it.
    const [exported] = (await runCli(databaseUrl, ['export', contractSample.id])).json<ImportFile>().customers as (typeof contractSample)[];
    expect(exported.profiles).toEqual(contractSample.profiles);
    expect(exported.notes).toEqual(contractSample.notes);
    const [service] = contractSample.services;
    expect(exported.services[0]).toMatchObject({
      equipment: service.equipment,
      enterprise_catalog: { ...service.enterprise_catalog, id: 'null' },
      material: { ...service.material, id: 'null' },
    });
    const [pickup] = contractSample.pickups;
    expect(exported.pickups).toEqual([{ ...pickup, eta: { ...pickup.eta, serviced_date_time: 'null' } }]);
    expect(exported.cases[0]).toMatchObject({
      due_date_time: 'null',
      adjustment_total_amount: 'null',
      assigned_to: '',
      adjustments: [{ description: '', amount: 'null', date_time: 'null' }],
    });
  });

  it('replaces records by id on a second import and keeps the others', async () => {
    await runCli(databaseUrl, ['import', writeTempJson(file)]);
    const [first] = file.customers;
    const changed: Record<string, string> = { ...first.tickets[0], status: 'CLOSED', comments: 'Closed after the second visit.' };
    const result = await runCli(databaseUrl, ['import', writeTempJson({ customers: [{ id: first.id, currency: first.currency, tickets: [changed] }] }), '--json']);
    expect(result.status).toBe(0);
    expect(result.json()).toMatchObject({ customers: [{ customer_id: first.id, customer_created: false, resources: { tickets: { created: 0, replaced: 1 } } }] });

    const exported = (await runCli(databaseUrl, ['export', first.id])).json<ImportFile>().customers[0];
    expect(exported.tickets).toHaveLength(first.tickets.length);
    expect(exported.tickets.find((t) => t.id === changed.id)).toEqual(changed);
    expect(exported.invoices).toEqual(first.invoices);
  });

  it("imports and exports each customer's language losslessly, in canonical form; a file without one keeps the stored language (CONTRACT §11)", async () => {
    const env = { LANGUAGES: 'en,es,zh-Hant,tl' };
    const withLanguages = structuredClone(file);
    const [first, second, third] = withLanguages.customers as Array<WireCustomer & { language?: string }>;
    Object.assign(first, { language: 'ZH-hant' });
    Object.assign(second, { language: 'fil' });
    Object.assign(third, { language: 'null' });
    expect((await runCli(databaseUrl, ['import', writeTempJson(withLanguages)], env)).status).toBe(0);
    const exported = async (id: string) => (await runCli(databaseUrl, ['export', id], env)).json<ImportFile>().customers[0] as WireCustomer & { language?: string };
    expect(await exported(first.id)).toEqual({ ...first, language: 'zh-Hant' });
    expect(await exported(second.id)).toEqual({ ...second, language: 'tl' });
    const { language: _none, ...withoutLanguage } = third;
    expect(await exported(third.id)).toEqual(withoutLanguage);

    // The export, imported again, is the same; a file without languages leaves them as they are.
    const again = { customers: [await exported(first.id)], holidays: file.holidays };
    expect((await runCli(databaseUrl, ['import', writeTempJson(again)], env)).status).toBe(0);
    expect((await runCli(databaseUrl, ['import', writeTempJson(file)], env)).status).toBe(0);
    expect((await exported(first.id)).language).toBe('zh-Hant');
  });

  it('rejects a language the hauler does not offer, naming the customer, and changes nothing', async () => {
    const withLanguage = structuredClone(file);
    Object.assign(withLanguage.customers[1], { language: 'vi' });
    const result = await runCli(databaseUrl, ['import', writeTempJson(withLanguage)], { LANGUAGES: 'en,es' });
    expect(result.status).toBe(3);
    expect(result.stderr).toContain(`customer ${withLanguage.customers[1].id}, customers[1] (id ${withLanguage.customers[1].id}), customers[1].language: expected a language the hauler offers (LANGUAGES): en, es`);
    for (const customer of file.customers) expect((await runCli(databaseUrl, ['export', customer.id])).status).toBe(4);
  });

  it('rejects a file with one bad field, names it, and changes nothing', async () => {
    const broken = structuredClone(file);
    broken.customers[1].tickets[2].created_date_time = '02/30/26 08:00:00';
    // In a process of its own: no stack trace leaves it by any way.
    const result = runCliProcess(databaseUrl, ['import', writeTempJson(broken)]);
    expect(result.status).toBe(3);
    expect(result.stderr).toContain('customers[1].tickets[2].created_date_time');
    expect(result.stderr).toContain(`customer ${broken.customers[1].id}`);
    expect(result.stderr).not.toMatch(/\n\s+at /); // no stack trace

    // Not even the valid first customer was written.
    for (const customer of file.customers) expect((await runCli(databaseUrl, ['export', customer.id])).status).toBe(4);
  });

  it('rejects a file that is not an import file, or not JSON at all', async () => {
    const notAnObject = await runCli(databaseUrl, ['import', writeTempJson(['customers'])]);
    expect(notAnObject.status).toBe(3);
    const notJson = await runCli(databaseUrl, ['import', __filename]);
    expect(notJson.status).toBe(3);
    expect(notJson.stderr).toMatch(/not valid JSON/);
  });

  it('checks a file without writing on --dry-run', async () => {
    const result = await runCli(databaseUrl, ['import', writeTempJson(file), '--dry-run', '--json']);
    expect(result.status).toBe(0);
    expect(result.json()).toMatchObject({ dry_run: true, customers: [{ customerId: '1000001', exists: false, records: { tickets: 8 } }, {}, {}] });
    expect((await runCli(databaseUrl, ['export', '1000001'])).status).toBe(4);
  });

  it('sums up a file of more than a screenful of customers in one line; --json still gives every customer', async () => {
    const first = file.customers[0];
    const many = {
      customers: Array.from({ length: 41 }, (_, i) => ({ id: String(5_000_000 + i), currency: 'USD', tickets: i === 0 ? first.tickets : [] })),
    };
    const path = writeTempJson(many);
    const planned = await runCli(databaseUrl, ['import', path, '--dry-run']);
    expect(planned.stdout.trim().split('\n')).toEqual([
      `${path} is valid. Nothing was written (dry run). It would load 0 holiday(s) and:`,
      `41 customers (0 to replace by id, 41 to create), ${first.tickets.length} records.`,
    ]);
    const imported = await runCli(databaseUrl, ['import', path]);
    expect(imported.stderr).toBe('');
    expect(imported.stdout.trim().split('\n')).toEqual([
      `Imported 41 customer(s) and the holiday calendar (+0 ~0) from ${path}.`,
      `41 created, 0 updated; records +${first.tickets.length} ~0.`,
    ]);
    const again = await runCli(databaseUrl, ['import', path, '--json']);
    const summary = again.json<{ customers: Array<{ customer_id: string; customer_created: boolean }>; holidays: unknown }>();
    expect(summary.customers.map((c) => c.customer_id)).toEqual(many.customers.map((c) => c.id));
    expect(summary.customers.every((c) => !c.customer_created)).toBe(true);
    expect(summary.holidays).toEqual({ created: 0, replaced: 0 });
    expect(again.stdout).toBe(`${JSON.stringify(summary, null, 2)}\n`);
  });

  it('explains what a customer was or will be told for a day (notices explain); the reasons are the use case\'s tests (apps/notifier)', async () => {
    await runCli(databaseUrl, ['import', writeTempJson(file)]);
    const json = await runCli(databaseUrl, ['notices', 'explain', '1000001', '--date', '2026-06-17', '--json']);
    expect(json.status).toBe(0);
    expect(json.json()).toEqual({
      customer_id: '1000001',
      date: '2026-06-17',
      pickups: expect.any(Array),
      moved_away: expect.any(Array),
      reminder_run: { day: '2026-06-16', finished: false },
      notices: expect.any(Array),
    });
    const human = await runCli(databaseUrl, ['notices', 'explain', '1000001', '--date', '2026-06-17']);
    expect(human.status).toBe(0);
    expect(human.stdout.split('\n')[0]).toBe('Customer 1000001, 2026-06-17:');
    expect((await runCli(databaseUrl, ['notices', 'explain', '8888888'])).status).toBe(4);
    expect((await runCli(databaseUrl, ['notices', 'explain', '1000001', '--date', '2026-02-30'])).status).toBe(2);
  });

  it('seeds the demo sandbox once, with a working demo client', async () => {
    const first = await runCli(databaseUrl, ['seed', '--demo', '--if-empty', '--json']);
    expect(first.status).toBe(0);
    expect(first.json()).toMatchObject({ seeded: true, customers: ['1000001', '1000002', '2000001'] });
    const again = await runCli(databaseUrl, ['seed', '--demo', '--if-empty', '--json']);
    expect(again.json()).toMatchObject({ seeded: false });
    expect((await runCli(databaseUrl, ['export', '2000001'])).status).toBe(0);
  });

  it('moves a ticket to another status and says from what', async () => {
    await runCli(databaseUrl, ['import', writeTempJson(file)]);
    const ticket = file.customers[0].tickets.find((t) => t.status === 'OPEN') as Record<string, string>;
    const moved = await runCli(databaseUrl, ['tickets', 'set-status', '1000001', ticket.id, 'CLOSED', '--by', 'ops.kim', '--json']);
    expect(moved.status).toBe(0);
    expect(moved.json()).toEqual({ customer_id: '1000001', ticket_id: ticket.id, from: 'OPEN', to: 'CLOSED' });
    const exported = (await runCli(databaseUrl, ['export', '1000001'])).json<ImportFile>().customers[0];
    expect(exported.tickets.find((t) => t.id === ticket.id)).toMatchObject({ status: 'CLOSED', closed_by: 'ops.kim' });

    expect((await runCli(databaseUrl, ['tickets', 'set-status', '1000001', ticket.id, 'DONE'])).status).toBe(3);
    expect((await runCli(databaseUrl, ['tickets', 'set-status', '1000002', ticket.id, 'OPEN'])).status).toBe(4);
  });

  it('answers usage errors with exit code 2 and unknown records with 4', async () => {
    expect((await runCli(databaseUrl, ['clients', 'create', '--name', 'x'])).status).toBe(2);
    expect((await runCli(databaseUrl, ['no-such-command'])).status).toBe(2);
    expect((await runCli(databaseUrl, ['clients', 'revoke', 'cs_nobody'])).status).toBe(4);
    expect((await runCli(databaseUrl, ['export', 'abc'])).status).toBe(3);
    expect((await runCli(databaseUrl, ['--help'])).status).toBe(0);
  });

  // A failure to start is the process's own (runMain): a process of its own.
  it('stops with a one-line reason on a bad DATABASE_URL', () => {
    const result = runCliProcess('mysql://nowhere', ['db', 'migrate']);
    expect(result.status).toBe(2);
    expect(result.stderr.trim().split('\n')).toHaveLength(1);
    expect(result.stderr).toContain('DATABASE_URL');
  });
});
