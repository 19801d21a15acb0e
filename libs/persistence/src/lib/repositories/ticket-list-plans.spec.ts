import { testDatabases } from '@curbside/testing';
import { wholeList, type ListQuery } from '@curbside/domain';
import { DataSource, type Logger } from 'typeorm';
import { useDatabase } from '../../../test/database';
import { storeBundles } from '../../../test/stored-bundles';
import { fullBundle, serviceTicket } from '../../../test/fixtures';
import { CustomerRepository } from './customer.repository';
import { ServiceTicketRepository } from './service-ticket.repository';

/*
 * Issue 45: a date-filtered ticket list cost PostgreSQL 200 ms a statement where the unfiltered one
 * cost 2 ms. The filtered page's service codes were read by `"ticket_id" IN (…500 keys…)`, a named
 * statement whose generic plan walked the customer's rows and compared each with an array built
 * anew per row. Every statement a ticket list sends is planned here as it runs (SQLite's plan;
 * PostgreSQL's generic plan of the named statement), before and after the tables have statistics:
 * each must find its rows through an index's condition, in the order it answers them (a page is
 * the index's next entries, not a sort of every ticket in the range), and filter none by a list of keys.
 */

const CUSTOMER = '4500001';
const TICKETS = 30;

/** Pages of the list as portals ask for them: whole and paged, with and without dates. */
const LISTS: ListQuery[] = [
  wholeList(),
  wholeList({ from: '2024-01-01', to: null }),
  wholeList({ from: '2024-01-01', to: '2024-12-31' }),
  { range: { from: '2024-01-01', to: null }, limit: 10, after: null },
  { range: { from: null, to: null }, limit: 10, after: null },
];

interface Sent {
  sql: string;
  parameters: unknown[];
}

/** The SELECTs `read` sends through `dataSource`'s logger (the prepared reads log what they send). */
async function selectsOf(dataSource: DataSource, read: () => Promise<unknown>): Promise<Sent[]> {
  const original = dataSource.logger;
  const sent: Sent[] = [];
  const recorder: Logger = {
    logQuery: (sql, parameters) => void sent.push({ sql, parameters: parameters ?? [] }),
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

/** What is wrong with the plan of `sent` as the driver runs it: scans without an index condition, filters by a list of keys, sorts. */
async function planProblems(dataSource: DataSource, { sql, parameters }: Sent): Promise<string[]> {
  if (dataSource.options.type !== 'postgres') {
    const rows: { detail: string }[] = await dataSource.query(`EXPLAIN QUERY PLAN ${sql}`, parameters);
    return rows.map((row) => row.detail).filter((detail) => /^SCAN |TEMP B-TREE/.test(detail));
  }
  const runner = dataSource.createQueryRunner();
  try {
    // The fixture's few rows would rightly be read whole: with sequential scans off, the planner uses an index wherever one serves.
    await runner.query('SET enable_seqscan = off');
    await runner.query('SET plan_cache_mode = force_generic_plan');
    await runner.query(`PREPARE planned AS ${sql}`);
    const literal = (value: unknown) => (typeof value === 'number' ? String(value) : `'${String(value).replace(/'/g, "''")}'`);
    const execute = parameters.length === 0 ? 'EXECUTE planned' : `EXECUTE planned(${parameters.map(literal).join(', ')})`;
    const [row]: { 'QUERY PLAN': [{ Plan: PlanNode }] }[] = await runner.query(`EXPLAIN (FORMAT JSON) ${execute}`);
    return problemsIn(row['QUERY PLAN'][0].Plan);
  } finally {
    await runner.query('DEALLOCATE planned'); // not ALL: the pool's connections keep the prepared reads' named statements
    await runner.query('RESET plan_cache_mode');
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

function problemsIn(node: PlanNode): string[] {
  const scan = /Scan$/.test(node['Node Type']) && node['Relation Name'] !== undefined;
  const own = [
    ...(scan && node['Index Cond'] === undefined && node['Recheck Cond'] === undefined ? [`${node['Node Type']} on ${node['Relation Name']} without an index condition`] : []),
    ...(/ANY \(/.test(node.Filter ?? '') ? [`${node['Node Type']} filtered by a list: ${node.Filter?.slice(0, 80)}`] : []),
    ...(/Sort$/.test(node['Node Type']) ? [`${node['Node Type']}: the rows are not read in the list's order`] : []),
  ];
  return [...own, ...(node.Plans ?? []).flatMap(problemsIn)];
}

describe.each(testDatabases())('the ticket list’s statements as $name plans them, with and without statistics (issue 45)', (db) => {
  const dataSource = useDatabase(db);
  const tickets = () => new ServiceTicketRepository(dataSource());

  beforeAll(async () => {
    const times = Array.from({ length: TICKETS }, (_, n) => `2024-0${1 + (n % 9)}-${String(10 + (n % 18)).padStart(2, '0')}T08:00:00.000`);
    await storeBundles(dataSource(), {
      ...fullBundle(CUSTOMER),
      tickets: times.map((time, n) => serviceTicket(String(100 + n), time)),
    });
  });

  async function problems(): Promise<string[]> {
    const found: string[] = [];
    for (const list of LISTS) {
      for (const sent of await selectsOf(dataSource(), () => tickets().list(CUSTOMER, list))) {
        for (const problem of await planProblems(dataSource(), sent)) found.push(`${problem}: ${sent.sql}`);
      }
    }
    return found;
  }

  it('reads a page’s service codes in one statement by a range of the primary key, whatever the page (no list of keys)', async () => {
    const paged = await selectsOf(dataSource(), () => tickets().list(CUSTOMER, LISTS[3]));
    const codes = paged.filter(({ sql }) => sql.includes('"service_ticket_services"'));
    expect(codes).toHaveLength(1);
    expect(codes[0].sql).not.toMatch(/\bIN\s*\(/);
    expect(codes[0].parameters).toHaveLength(3);
  });

  it('plans every statement through an index condition, unsorted, before the tables have statistics', async () => {
    expect(await problems()).toEqual([]);
  });

  it('plans every statement through an index condition, unsorted, once the tables have statistics (after an import)', async () => {
    await new CustomerRepository(dataSource()).refreshStatistics();
    expect(await problems()).toEqual([]);
  });
});
