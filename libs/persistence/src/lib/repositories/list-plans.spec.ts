import { testDatabases } from '@curbside/testing';
import { wholeList, type ListPosition, type ListQuery } from '@curbside/domain';
import { DataSource, type Logger } from 'typeorm';
import { useDatabase } from '../../../test/support/database';
import { storeBundles } from '../../../test/support/stored-bundles';
import { caseRecord, disposalTicket, emailActivity, fullBundle, invoice, issueActivity, note, pickup, serviceTicket } from '../../../test/support/fixtures';
import { CaseRepository } from './case.repository';
import { CustomerRepository } from './customer.repository';
import { EmailActivityRepository, IssueActivityRepository } from './activity.repository';
import { DisposalTicketRepository } from './disposal-ticket.repository';
import { InvoiceRepository } from './invoice.repository';
import { NoteRepository, PickupRepository } from './pickup.repository';
import { ServiceTicketRepository } from './service-ticket.repository';

/*
 * A date-filtered ticket list cost PostgreSQL 200 ms a statement where the unfiltered one
 * cost 2 ms. The filtered page's service codes were read by `"ticket_id" IN (…500 keys…)`, a named
 * statement whose generic plan walked the customer's rows and compared each with an array built
 * anew per row; and every page sorted the customer's rows in the range, its plan hanging on
 * statistics. Every statement each dated list sends (the service and disposal tickets, invoices,
 * cases, email and issue activities, the notes and the confirmed pickups; pages, their counts,
 * their children) is planned here as it
 * runs (SQLite's plan; on PostgreSQL, the generic plan of a prepared read's named statement, the
 * plan for the values sent of TypeORM's unnamed ones), before and after the tables have
 * statistics: each must find its rows through an index's condition, in the order it answers them
 * (a page is the index's next entries, not a sort of every row in the range), and filter none by
 * a list of keys. On main before the list-order indexes every page of the five TypeORM lists
 * sorted, on both drivers, with statistics and without; before `NotesPickupsListOrder1765300000000`
 * the notes' and the confirmed pickups' pages sorted too, and the pickups' `status IN (…)` (then
 * bound) was a filter of every entry read, on both drivers, with statistics and without.
 */

const CUSTOMER = '4500001';
const RECORDS = 30;

/** Pages of a list as portals ask for them: whole and paged, with and without dates; a paged list is followed to its end (`after`). */
const LISTS: ListQuery[] = [
  wholeList(),
  wholeList({ from: '2024-06-01', to: null }),
  wholeList({ from: '2024-06-01', to: '2024-12-31' }),
  { range: { from: '2024-06-01', to: null }, limit: 10, after: null },
  { range: { from: null, to: null }, limit: 10, after: null },
];

/** Each dated list's first page for a query, and where its next page starts. */
type ListRead = (dataSource: DataSource, list: ListQuery) => Promise<{ next: ListPosition | null }>;

const LIST_READS: Record<string, ListRead> = {
  'service tickets': (dataSource, list) => new ServiceTicketRepository(dataSource).list(CUSTOMER, list),
  'disposal tickets': (dataSource, list) => new DisposalTicketRepository(dataSource).list(CUSTOMER, list),
  invoices: async (dataSource, list) => (await new InvoiceRepository(dataSource).listWithBalances(CUSTOMER, list)).invoices,
  cases: (dataSource, list) => new CaseRepository(dataSource).list(CUSTOMER, list),
  'email activities': (dataSource, list) => new EmailActivityRepository(dataSource).list(CUSTOMER, list),
  'issue activities': (dataSource, list) => new IssueActivityRepository(dataSource).list(CUSTOMER, list),
  notes: (dataSource, list) => new NoteRepository(dataSource).list(CUSTOMER, list),
  'confirmed pickups': (dataSource, list) => new PickupRepository(dataSource).confirmed(CUSTOMER, list),
};

interface Sent {
  sql: string;
  parameters: unknown[];
  /** A prepared read's named statement, which PostgreSQL plans once for any values; TypeORM's are unnamed, planned for the values sent. */
  named: boolean;
}

/** The SELECTs `read` sends through `dataSource`'s logger (the prepared reads log what they send). */
async function selectsOf(dataSource: DataSource, read: () => Promise<unknown>): Promise<Sent[]> {
  const original = dataSource.logger;
  const sent: Sent[] = [];
  const recorder: Logger = {
    // TypeORM's runners log with themselves; the prepared reads without a runner.
    logQuery: (sql, parameters, queryRunner) => void sent.push({ sql, parameters: parameters ?? [], named: queryRunner === undefined }),
    logQueryError: () => undefined,
    logQuerySlow: () => undefined,
    logSchemaBuild: () => undefined,
    logMigration: () => undefined,
    log: () => undefined,
  };
  Object.assign(dataSource, { logger: recorder });
  try {
    await read();
  } finally {
    Object.assign(dataSource, { logger: original });
  }
  return [...new Map(sent.filter(({ sql }) => /^\s*SELECT\b/i.test(sql)).map((s) => [s.sql, s])).values()];
}

/**
 * The statement reads the rows after a cursor: its conditions compare ids (`LENGTH(id)`), not only its order. Its own
 * ORDER BY is the last one (a subquery's, such as the ticket list's codes on PostgreSQL, comes earlier).
 */
function afterCursor(sql: string): boolean {
  const order = sql.lastIndexOf('ORDER BY');
  return /LENGTH\(/.test(order < 0 ? sql : sql.slice(0, order));
}

/**
 * What is wrong with the plan of `sent` as the driver runs it: scans without an index condition, filters by a list of keys, sorts;
 * and, for a page after a cursor, a cursor the index does not bound (a deep page would walk the index from the customer's newest row).
 */
async function planProblems(dataSource: DataSource, { sql, parameters, named }: Sent): Promise<string[]> {
  if (dataSource.options.type !== 'postgres') {
    const rows: { detail: string }[] = await dataSource.query(`EXPLAIN QUERY PLAN ${sql}`, parameters);
    const details = rows.map((row) => row.detail);
    // SQLite names the index range it searches: `(customer_id=? AND modified_at<?)`; a cursor only filtered leaves `(customer_id=?)` or the date range's lower bound.
    const unbounded = afterCursor(sql) && !details.some((detail) => /^SEARCH .*\(customer_id=\?.* AND [^)]*<\?/.test(detail));
    return [...details.filter((detail) => /^SCAN |TEMP B-TREE/.test(detail)), ...(unbounded ? [`the cursor bounds no index range: ${details.join('; ')}`] : [])];
  }
  const runner = dataSource.createQueryRunner();
  try {
    // The fixture's few rows would rightly be read whole, and sorted: with sequential scans and sorts off, the planner reads
    // through an index, in its order, wherever one serves; a scan or a sort left is one no index spares.
    await runner.query('SET enable_seqscan = off');
    await runner.query('SET enable_sort = off');
    await runner.query(`SET plan_cache_mode = ${named ? 'force_generic_plan' : 'force_custom_plan'}`);
    await runner.query(`PREPARE planned AS ${sql}`);
    const literal = (value: unknown) => (typeof value === 'number' ? String(value) : `'${String(value).replace(/'/g, "''")}'`);
    const execute = parameters.length === 0 ? 'EXECUTE planned' : `EXECUTE planned(${parameters.map(literal).join(', ')})`;
    const [row]: { 'QUERY PLAN': [{ Plan: PlanNode }] }[] = await runner.query(`EXPLAIN (FORMAT JSON) ${execute}`);
    const plan = row['QUERY PLAN'][0].Plan;
    return [...problemsIn(plan), ...(named && afterCursor(sql) ? unboundParameters(sql, plan) : [])];
  } finally {
    await runner.query('DEALLOCATE planned'); // not ALL: the pool's connections keep the prepared reads' named statements
    await runner.query('RESET plan_cache_mode');
    await runner.query('RESET enable_sort');
    await runner.query('RESET enable_seqscan');
    await runner.release();
  }
}

interface PlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  'Index Cond'?: string;
  'Recheck Cond'?: string;
  Filter?: string;
  Plans?: PlanNode[];
}

/**
 * The parameters of a named statement's conditions (the cursor's among them) that no `Index Cond` of its generic plan holds: those
 * only a `Filter` applies, to every entry the scan reads.
 */
function unboundParameters(sql: string, plan: PlanNode): string[] {
  const conditions = (node: PlanNode): string[] => [node['Index Cond'] ?? '', ...(node.Plans ?? []).flatMap(conditions)];
  const bounds = conditions(plan).join(' ');
  const parameters = sql.split(/\bORDER BY\b/)[0].match(/\$\d+\b/g) ?? [];
  return parameters.filter((p) => !new RegExp(`\\${p}\\b`).test(bounds)).map((p) => `${p} is no index condition, only a filter`);
}

function problemsIn(node: PlanNode): string[] {
  const scan = /Scan$/.test(node['Node Type']) && node['Relation Name'] !== undefined;
  const own = [
    ...(scan && node['Index Cond'] === undefined && node['Recheck Cond'] === undefined ? [`${node['Node Type']} on ${node['Relation Name']} without an index condition`] : []),
    ...(/ANY \(/.test(node.Filter ?? '') ? [`${node['Node Type']} filtered by a list: ${node.Filter?.slice(0, 80)}`] : []),
    ...(/Sort$/.test(node['Node Type']) ? [`${node['Node Type']}: the rows are not read in the list's order`] : []),
  ];
  return [...own, ...(node.Plans ?? []).flatMap(problemsIn)];
}

describe.each(testDatabases())('the dated lists’ statements as $name plans them, with and without statistics', (db) => {
  const dataSource = useDatabase(db);

  beforeAll(async () => {
    // Days across the year, ids of two lengths (LENGTH(id) orders them), half the disposal tickets never modified (they come last; a page ends among them);
    // the newest pickups only planned (the confirmed list skips them), their keys of two lengths too.
    const day = (n: number) => new Date(Date.UTC(2024, 11, 31) - n * 86_400_000).toISOString().slice(0, 10);
    const time = (n: number) => `${day(n)}T08:00:00.000`;
    const ids = Array.from({ length: RECORDS }, (_, n) => String(95 + (RECORDS - n) * 7));
    await storeBundles(dataSource(), {
      ...fullBundle(CUSTOMER),
      tickets: ids.map((id, n) => serviceTicket(id, time(n))),
      disposalTickets: ids.map((id, n) => disposalTicket(id, n < RECORDS / 2 ? time(n) : null)),
      invoices: ids.map((id, n) => invoice(id, day(n))),
      cases: ids.map((id, n) => caseRecord(id, time(n))),
      emailActivities: ids.map((id, n) => emailActivity(id, time(n))),
      issueActivities: ids.map((id, n) => issueActivity(id, time(n))),
      notes: ids.map((id, n) => note(time(n), `Note ${id}`)),
      pickups: ids.map((id, n) => pickup(id, day(n), { ticketNumber: id, status: n < 5 ? 'Planned' : 'Confirmed Positive' })),
    });
  });

  /** Every SELECT `read` sends for each of `LISTS`, a paged one followed page by page to its end. */
  async function statementsOf(read: ListRead): Promise<Sent[]> {
    const sent: Sent[] = [];
    for (const list of LISTS) {
      let query: ListQuery | null = list;
      while (query !== null) {
        let next: ListPosition | null = null;
        sent.push(...(await selectsOf(dataSource(), async () => ({ next } = await read(dataSource(), query as ListQuery)))));
        query = next === null ? null : { ...query, after: next };
      }
    }
    return [...new Map(sent.map((s) => [s.sql, s])).values()];
  }

  async function problems(): Promise<string[]> {
    const found: string[] = [];
    for (const [name, read] of Object.entries(LIST_READS)) {
      for (const sent of await statementsOf(read)) {
        for (const problem of await planProblems(dataSource(), sent)) found.push(`${name}: ${problem}: ${sent.sql}`);
      }
    }
    return found;
  }

  it('reads a ticket page’s service codes in one statement by a range of the primary key, whatever the page (no list of keys)', async () => {
    const paged = await selectsOf(dataSource(), () => new ServiceTicketRepository(dataSource()).list(CUSTOMER, LISTS[3]));
    const codes = paged.filter(({ sql }) => sql.includes('"service_ticket_services"'));
    expect(codes).toHaveLength(1);
    expect(codes[0].sql).not.toMatch(/\bIN\s*\(/);
    expect(codes[0].parameters).toHaveLength(3);
  });

  it('follows every paged list past its first page, and the disposal tickets to their undated ones', async () => {
    const disposal = await statementsOf(LIST_READS['disposal tickets']);
    expect(disposal.some(({ sql }) => /IS NULL AND/.test(sql))).toBe(true);
    for (const read of Object.values(LIST_READS)) expect((await statementsOf(read)).some(({ sql }) => afterCursor(sql))).toBe(true);
  });

  // PostgreSQL's alone: SQLite's plan does not hang on the limit (TypeORM writes numbers into SQLite's text).
  if (db.name === 'postgres')
    it('sends every page on PostgreSQL as a named statement with its limit bound (one plan for every limit)', async () => {
      for (const [name, read] of Object.entries(LIST_READS)) {
        const pages = (await statementsOf(read)).filter(({ sql }) => /\bLIMIT\b/.test(sql));
        expect(pages.length).toBeGreaterThan(0);
        for (const { sql, named } of pages) expect({ name, named, sql }).toEqual({ name, named: true, sql: expect.stringMatching(/LIMIT \$\d+$/) });
      }
    });

  it('plans every statement through an index condition, unsorted, before the tables have statistics', async () => {
    expect(await problems()).toEqual([]);
  });

  it('plans every statement through an index condition, unsorted, once the tables have statistics (after an import)', async () => {
    await new CustomerRepository(dataSource()).refreshStatistics();
    expect(await problems()).toEqual([]);
  });
});
