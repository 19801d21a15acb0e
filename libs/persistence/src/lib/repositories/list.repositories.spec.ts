import { testDatabases } from '@curbside/testing';
import { wholeList, type DateRange, type Id, type ListPosition, type ListQuery, type Page, type UncountedPage, type ServiceTicketSummary } from '@curbside/domain';
import { DataSource } from 'typeorm';
import { useDatabase } from '../../../test/support/database';
import { storeBundles } from '../../../test/support/stored-bundles';
import {
  caseRecord,
  disposalTicket,
  emailActivity,
  emptyBundle,
  fullBundle,
  invoice,
  issueActivity,
  serviceTicket,
} from '../../../test/support/fixtures';
import { ServiceTicketRepository } from './service-ticket.repository';
import { DisposalTicketRepository } from './disposal-ticket.repository';
import { InvoiceRepository } from './invoice.repository';
import { CaseRepository } from './case.repository';
import { EmailActivityRepository, IssueActivityRepository } from './activity.repository';
import { ContactRepository } from './contact.repository';
import { ServiceRepository } from './service.repository';

const CUSTOMER = '2000001';
const OTHER_CUSTOMER = '2000002';

/** Record times around March 2024; ids 9 and 10 share a time, so ids break the tie (numerically). */
const TIMES: Array<[Id, string]> = [
  ['1', '2024-03-01T00:00:00.000'],
  ['9', '2024-03-15T12:00:00.000'],
  ['10', '2024-03-15T12:00:00.000'],
  ['3', '2024-03-31T23:59:59.999'],
  ['4', '2024-04-01T00:00:00.000'],
];

const day = (time: string) => time.slice(0, 10);

/** Each date-filtered list, by pages (the service tickets' uncounted: op 1 answers no totalCount). */
const LISTS: Array<{ name: string; page: (dataSource: DataSource, customerId: Id, list: ListQuery) => Promise<UncountedPage<{ id: Id }> | Page<{ id: Id }>> }> = [
  { name: 'service tickets (created)', page: (ds, id, list) => new ServiceTicketRepository(ds).list(id, list) },
  { name: 'disposal tickets (modified)', page: (ds, id, list) => new DisposalTicketRepository(ds).list(id, list) },
  { name: 'invoices (date)', page: (ds, id, list) => new InvoiceRepository(ds).listWithBalances(id, list).then((read) => read.invoices) },
  { name: 'cases (requested)', page: (ds, id, list) => new CaseRepository(ds).list(id, list) },
  { name: 'email activities (sent)', page: (ds, id, list) => new EmailActivityRepository(ds).list(id, list) },
  { name: 'issue activities (submitted)', page: (ds, id, list) => new IssueActivityRepository(ds).list(id, list) },
];

/** Walks a list `limit` records at a time: the ids of every page, and each counted page's totalCount. */
async function walk(
  page: (list: ListQuery) => Promise<UncountedPage<{ id: Id }> | Page<{ id: Id }>>,
  range: DateRange,
  limit: number,
): Promise<{ pages: Id[][]; totals: number[] }> {
  const pages: Id[][] = [];
  const totals: number[] = [];
  let after: ListPosition | null = null;
  do {
    const current: UncountedPage<{ id: Id }> | Page<{ id: Id }> = await page({ range, limit, after });
    pages.push(current.items.map((record) => record.id));
    if ('totalCount' in current) totals.push(current.totalCount);
    after = current.next;
  } while (after !== null);
  return { pages, totals };
}

const RANGES: Array<{ range: DateRange; ids: Id[] }> = [
  { range: { from: null, to: null }, ids: ['4', '3', '10', '9', '1'] },
  { range: { from: '2024-03-01', to: '2024-03-31' }, ids: ['3', '10', '9', '1'] },
  { range: { from: '2024-03-15', to: null }, ids: ['4', '3', '10', '9'] },
  { range: { from: null, to: '2024-03-14' }, ids: ['1'] },
  { range: { from: '2024-03-15', to: '2024-03-15' }, ids: ['10', '9'] },
  { range: { from: '2024-03-02', to: '2024-03-14' }, ids: [] },
];

describe.each(testDatabases())('record lists on $name', (db) => {
  const dataSource = useDatabase(db);

  beforeAll(async () => {
    await storeBundles(dataSource(), {
      ...fullBundle(CUSTOMER),
      tickets: TIMES.map(([id, time]) => serviceTicket(id, time, id === '9' ? { services: [] } : {})),
      disposalTickets: TIMES.map(([id, time]) => disposalTicket(id, time)),
      invoices: TIMES.map(([id, time]) => invoice(id, day(time))),
      cases: TIMES.map(([id, time]) => caseRecord(id, time)),
      emailActivities: TIMES.map(([id, time]) => emailActivity(id, time)),
      issueActivities: TIMES.map(([id, time]) => issueActivity(id, time)),
    });
    await storeBundles(dataSource(), emptyBundle(OTHER_CUSTOMER));
  });

  describe.each(LISTS)('$name', ({ page }) => {
    const ids = async (customerId: Id, range: DateRange) =>
      (await page(dataSource(), customerId, wholeList(range))).items.map((record) => record.id);

    it.each(RANGES)('from $range.from to $range.to (inclusive), newest first', async ({ range, ids: expected }) => {
      expect(await ids(CUSTOMER, range)).toEqual(expected);
    });

    it.each(RANGES)('pages from $range.from to $range.to two at a time, each record once, a counted list counting them all', async ({ range, ids: expected }) => {
      const { pages, totals } = await walk((list) => page(dataSource(), CUSTOMER, list), range, 2);
      expect(pages.flat()).toEqual(expected);
      expect(pages.slice(0, -1).every((ids) => ids.length === 2)).toBe(true);
      expect(totals.every((total) => total === expected.length)).toBe(true);
    });

    it("shows nothing of another customer's records", async () => {
      expect(await ids(OTHER_CUSTOMER, { from: null, to: null })).toEqual([]);
    });
  });

  it('summarizes service tickets with their service codes in order', async () => {
    const summaries = (await new ServiceTicketRepository(dataSource()).list(CUSTOMER, wholeList())).items;
    const [newest] = summaries;
    expect(newest).toEqual({
      id: '4',
      status: 'CLOSED',
      loadType: 'XPU',
      loadDescription: 'Extra pickup',
      createdAt: '2024-04-01T00:00:00.000',
      dispatchedAt: '2024-03-06T07:05:00.000',
      serviceCodes: ['BLK', 'XBG'],
    });
    expect(summaries.find((summary) => summary.id === '9')?.serviceCodes).toEqual([]);
  });

  it('gives back service codes exactly as stored, whatever their text (PostgreSQL reads them as an array)', async () => {
    const customer = '2000003';
    const awkward = ['A,B', 'x"y', 'NULL', '', ' spaced ', '{b}', 'back\\slash', 'Ünï ✓'];
    const services = awkward.map((code) => ({ code, description: null, quantity: null, cost: null, specialDescription: null }));
    await storeBundles(dataSource(), { ...emptyBundle(customer), tickets: [serviceTicket('1', TIMES[0][1], { services })] });
    const [ticket] = (await new ServiceTicketRepository(dataSource()).list(customer, wholeList())).items;
    expect(ticket.serviceCodes).toEqual(awkward);
  });

  it('gives each ticket its own service codes on a partial page as on the whole list (read by key, not by customer)', async () => {
    const repository = new ServiceTicketRepository(dataSource());
    const codes = (items: readonly ServiceTicketSummary[]) => items.map((ticket) => [ticket.id, ticket.serviceCodes] as const);
    const whole = codes((await repository.list(CUSTOMER, wholeList())).items);
    expect(whole.some(([, serviceCodes]) => serviceCodes.length > 0)).toBe(true);
    const paged: Array<readonly [Id, readonly string[]]> = [];
    let after: ListPosition | null = null;
    do {
      const page: UncountedPage<ServiceTicketSummary> = await repository.list(CUSTOMER, { range: { from: null, to: null }, limit: 2, after });
      paged.push(...codes(page.items));
      after = page.next;
    } while (after !== null);
    expect(paged).toEqual(whole);
    const march = await repository.list(CUSTOMER, wholeList({ from: '2024-03-01', to: '2024-03-31' }));
    expect(codes(march.items)).toEqual(whole.filter(([id]) => id !== '4'));
  });

  it('summarizes disposal tickets by their last modification, undated ones last and only when unfiltered', async () => {
    const disposals = new DisposalTicketRepository(dataSource());
    await storeBundles(dataSource(), {
      ...emptyBundle(CUSTOMER),
      disposalTickets: [disposalTicket('7', null), disposalTicket('20', null)],
    });
    const all = (await disposals.list(CUSTOMER, wholeList())).items;
    expect(all[0]).toEqual({
      id: '4',
      status: 'COMPLETE',
      amount: '452.01',
      siteName: 'North Valley Landfill',
      date: '2024-04-01T00:00:00.000',
    });
    expect(all.map((ticket) => ticket.id)).toEqual(['4', '3', '10', '9', '1', '20', '7']);
    const everything = { from: null, to: null };
    for (const limit of [1, 5, 6]) {
      const { pages } = await walk((list) => disposals.list(CUSTOMER, list), everything, limit);
      expect(pages.flat()).toEqual(['4', '3', '10', '9', '1', '20', '7']);
    }
    expect((await disposals.list(CUSTOMER, wholeList({ from: '2000-01-01', to: null }))).items.map((ticket) => ticket.id)).not.toContain(
      '20',
    );
  });

  it('summarizes invoices without their lines, and returns balances in order', async () => {
    const invoices = new InvoiceRepository(dataSource());
    const read = await invoices.listWithBalances(CUSTOMER, wholeList());
    const { lines: _lines, ...summary } = invoice('4', '2024-04-01');
    expect(read.invoices.items[0]).toEqual(summary);
    expect(read.balances).toEqual(fullBundle().balances);
    expect((await invoices.listWithBalances(OTHER_CUSTOMER, wholeList())).balances).toEqual([]);
  });

  it('lists whole cases and activities', async () => {
    expect((await new CaseRepository(dataSource()).list(CUSTOMER, wholeList({ from: '2024-04-01', to: null }))).items[0]).toEqual(
      caseRecord('4', '2024-04-01T00:00:00.000'),
    );
    expect(
      (await new EmailActivityRepository(dataSource()).list(CUSTOMER, wholeList({ from: '2024-04-01', to: null }))).items[0],
    ).toEqual(emailActivity('4', '2024-04-01T00:00:00.000'));
    expect(
      (await new IssueActivityRepository(dataSource()).list(CUSTOMER, wholeList({ from: '2024-04-01', to: null }))).items[0],
    ).toEqual(issueActivity('4', '2024-04-01T00:00:00.000'));
  });

  it('lists contacts and services (with invoice fees) as stored', async () => {
    expect(await new ContactRepository(dataSource()).list(CUSTOMER)).toEqual(fullBundle().contacts);
    expect(await new ServiceRepository(dataSource()).list(CUSTOMER)).toEqual(fullBundle().services);
    expect(await new ContactRepository(dataSource()).list(OTHER_CUSTOMER)).toEqual([]);
  });

  it("finds a customer's own records by id, and never another customer's", async () => {
    const tickets = new ServiceTicketRepository(dataSource());
    const disposals = new DisposalTicketRepository(dataSource());
    const invoices = new InvoiceRepository(dataSource());
    expect(await tickets.find(CUSTOMER, '10')).toEqual(serviceTicket('10', '2024-03-15T12:00:00.000'));
    expect(await disposals.find(CUSTOMER, '10')).toEqual(disposalTicket('10', '2024-03-15T12:00:00.000'));
    expect(await invoices.find(CUSTOMER, '10')).toEqual(invoice('10', '2024-03-15'));
    expect(await tickets.find(OTHER_CUSTOMER, '10')).toBeNull();
    expect(await disposals.find(OTHER_CUSTOMER, '10')).toBeNull();
    expect(await invoices.find(OTHER_CUSTOMER, '10')).toBeNull();
    expect(await tickets.find(CUSTOMER, '404')).toBeNull();
  });
});
