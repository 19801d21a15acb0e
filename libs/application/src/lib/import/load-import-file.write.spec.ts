import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { testDatabases } from '@curbside/testing';
import { rowsInStatistics, useDatabase } from '@curbside/persistence/testing';
import { CustomerRepository, HolidayRepository, ServiceTicketRepository, sqliteImportScratches } from '@curbside/persistence';
import { wholeList } from '@curbside/domain';
import type { DataSource } from 'typeorm';
import { CustomerImport, type ImportSummary } from './customer-import';
import { CheckImportFile } from './check-import-file';
import { LoadImportFile } from './load-import-file';

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any -- tests edit raw JSON freely

const sample = JSON.parse(readFileSync(path.join(__dirname, '../../../../codecs/test/fixtures/sample-import.json'), 'utf8')) as Json;

/** `count` copies of the sample's first customer, ids `first`, `first + 1`…; `edit` changes the n-th. */
function customers(first: number, count: number, edit: (customer: Json, n: number) => void = () => undefined): Json[] {
  return Array.from({ length: count }, (_, n) => {
    const customer = { ...structuredClone(sample.customers[0]), id: String(first + n) };
    edit(customer, n);
    return customer;
  });
}

/** A database rule the file's check cannot know: PostgreSQL or SQLite refuses service ticket 666. */
async function refuseTicket666(dataSource: DataSource): Promise<void> {
  if (dataSource.options.type === 'postgres') {
    await dataSource.query(`CREATE FUNCTION refuse_666() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN IF NEW.id = '666' THEN RAISE EXCEPTION 'service_tickets.id 666 is refused by this database'; END IF; RETURN NEW; END $$`);
    await dataSource.query('CREATE TRIGGER refuse_666 BEFORE INSERT ON service_tickets FOR EACH ROW EXECUTE FUNCTION refuse_666()');
  } else {
    await dataSource.query(`CREATE TRIGGER refuse_666 BEFORE INSERT ON service_tickets WHEN NEW.id = '666'
      BEGIN SELECT RAISE(ABORT, 'service_tickets.id 666 is refused by this database'); END`);
  }
}

describe.each(testDatabases())('LoadImportFile writing on $name: many customers a transaction, each all or nothing', (db) => {
  const dataSource = useDatabase(db);
  const directory = mkdtempSync(path.join(tmpdir(), 'curbside-import-write-'));
  afterAll(() => rmSync(directory, { recursive: true, force: true }));
  const checker = () => new CheckImportFile(new CustomerRepository(dataSource()), sqliteImportScratches);
  const service = () => new LoadImportFile(new CustomerRepository(dataSource()), new HolidayRepository(dataSource()), new CustomerImport(dataSource()));
  const tickets = (id: string) => new ServiceTicketRepository(dataSource()).list(id, wholeList());

  /** Checks and loads `file`: the summaries taken, and the error that stopped the load, if one did. */
  async function imported(file: Json): Promise<{ summaries: ImportSummary[]; error?: Error }> {
    const written = path.join(directory, 'import.json');
    writeFileSync(written, JSON.stringify(file));
    const checked = await checker().check(written);
    const summaries: ImportSummary[] = [];
    try {
      for await (const summary of (await service().loadChecked(checked)).customers) summaries.push(summary);
      return { summaries };
    } catch (error) {
      return { summaries, error: error as Error };
    } finally {
      checked.customers.close();
    }
  }

  it('loads small customers together and a large one (more records than a batch) alone, in file order', async () => {
    const file = {
      holidays: [],
      customers: customers(7_100_001, 5, (customer, n) => {
        if (n !== 2) return;
        const [first] = customer.tickets;
        customer.tickets = Array.from({ length: 2_500 }, (_, i) => ({ ...first, id: String(800_000 + i) }));
      }),
    };
    const { summaries, error } = await imported(file);
    expect(error).toBeUndefined();
    expect(summaries.map((s) => [s.customerId, s.customerCreated, s.resources.tickets.created])).toEqual([
      ['7100001', true, 2],
      ['7100002', true, 2],
      ['7100003', true, 2_500],
      ['7100004', true, 2],
      ['7100005', true, 2],
    ]);
    expect((await tickets('7100003')).items).toHaveLength(2_500);
    const exported = await new CustomerRepository(dataSource()).exportBundle('7100005');
    expect(exported?.contacts).toHaveLength(file.customers[4].contacts.length);
    expect(exported?.invoices.map((invoice) => invoice.id).sort()).toEqual(file.customers[4].invoices.map((invoice: Json) => invoice.id).sort());
  });

  it('when a transaction of several customers fails, loads them again one by one: the error names the customer, the list and the field, the customers before it are loaded whole, it and those after it not at all', async () => {
    await refuseTicket666(dataSource());
    const file = {
      holidays: [],
      customers: customers(7_200_001, 5, (customer, n) => {
        if (n === 3) customer.tickets[1].id = '666';
      }),
    };
    const { summaries, error } = await imported(file);
    expect(error?.message).toMatch(/^customer 7200004, tickets: .*service_tickets\.id 666 is refused by this database/);
    expect(summaries.map((s) => s.customerId)).toEqual(['7200001', '7200002', '7200003']);
    const repository = new CustomerRepository(dataSource());
    for (const id of ['7200001', '7200002', '7200003']) {
      expect(await repository.exists(id)).toBe(true);
      expect((await tickets(id)).items.map((ticket) => ticket.id)).toEqual(['5001', '5002']);
    }
    for (const id of ['7200004', '7200005']) expect(await repository.exists(id)).toBe(false);
    const [{ rows }] = await dataSource().query(`SELECT COUNT(*) AS "rows" FROM "service_tickets" WHERE "customer_id" IN ('7200004', '7200005')`);
    expect(Number(rows)).toBe(0);
  });
});

describe.each(testDatabases())('LoadImportFile on $name leaves the planner statistics of what it wrote', (db) => {
  const dataSource = useDatabase(db);
  const directory = mkdtempSync(path.join(tmpdir(), 'curbside-import-statistics-'));
  afterAll(() => rmSync(directory, { recursive: true, force: true }));
  const checker = () => new CheckImportFile(new CustomerRepository(dataSource()), sqliteImportScratches);
  const service = () => new LoadImportFile(new CustomerRepository(dataSource()), new HolidayRepository(dataSource()), new CustomerImport(dataSource()));
  const ticketsOf = (file: Json) => file.customers.reduce((sum: number, customer: Json) => sum + customer.tickets.length, 0);

  it('an import file (the CLI’s import), then a decoded one (seed): each ends with the statistics of every row written', async () => {
    expect(await rowsInStatistics(dataSource(), 'service_tickets')).toBe(-1);
    const first = { holidays: [], customers: customers(7_500_001, 3) };
    const written = path.join(directory, 'import.json');
    writeFileSync(written, JSON.stringify(first));
    const checked = await checker().check(written);
    try {
      for await (const _summary of (await service().loadChecked(checked)).customers);
    } finally {
      checked.customers.close();
    }
    expect(await rowsInStatistics(dataSource(), 'service_tickets')).toBe(ticketsOf(first));
    expect(await rowsInStatistics(dataSource(), 'customers')).toBe(3);

    const second = { holidays: [], customers: customers(7_500_011, 2) };
    await service().load(checker().parse(JSON.stringify(second), 'seed'));
    expect(await rowsInStatistics(dataSource(), 'service_tickets')).toBe(ticketsOf(first) + ticketsOf(second));
    expect(await rowsInStatistics(dataSource(), 'customers')).toBe(5);
  });
});
