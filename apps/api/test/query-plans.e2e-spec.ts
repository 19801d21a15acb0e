import { testDatabases } from '@curbside/testing';
import { DataSource } from 'typeorm';
import { documentedGets, recordQueries, type SentQuery as Sent, startTestApp, TestApp } from './support';
import { fixtureCustomer } from './support/fixtures';

/*
 * A read must cost the same at 10,000 customers as at 1,000,000, so no query a GET
 * sends may read a whole table. The queries are not listed by hand: every SELECT the stores send
 * while every documented GET (and the next page of every list) is answered is recorded through
 * TypeORM's logger, so a new route or query is checked without being named here. Each is then
 * EXPLAINed with the parameters it was sent with.
 *
 * - SQLite: EXPLAIN QUERY PLAN, which fails on `SCAN <table>` (a full table or full index scan;
 *   `SEARCH` is a lookup by index). SQLite plans without statistics (no ANALYZE has run), as if
 *   every table were large, so the plan on the small fixture is the plan on a large database.
 * - PostgreSQL: EXPLAIN with enable_seqscan off. On the fixture's few rows the planner would
 *   rightly pick sequential scans; with them off it picks an index whenever one can serve the
 *   query, and a Seq Scan (or an Index Scan with no Index Cond, a walk of a whole index) is left
 *   only where no index can: a plan that would scan the table on a large database too.
 */

/** Tables read whole by design: the holiday calendar, one for the whole hauler (a few rows a year, whatever the customers). */
const READ_WHOLE: readonly string[] = ['holidays'];

/** The full scans in the plan of `sent`, e.g. `SCAN ServiceTicket` or `Seq Scan on service_tickets`. */
async function fullScans(dataSource: DataSource, { sql, parameters }: Sent): Promise<string[]> {
  if (dataSource.options.type !== 'postgres') {
    const rows: { detail: string }[] = await dataSource.query(`EXPLAIN QUERY PLAN ${sql}`, parameters);
    return rows.map((row) => row.detail).filter((detail) => /^SCAN /.test(detail) && !/^SCAN CONSTANT ROW/.test(detail));
  }
  const runner = dataSource.createQueryRunner();
  try {
    await runner.query('SET enable_seqscan = off');
    const [row]: { 'QUERY PLAN': [{ Plan: PlanNode }] }[] = await runner.query(`EXPLAIN (FORMAT JSON) ${sql}`, parameters);
    return scansIn(row['QUERY PLAN'][0].Plan);
  } finally {
    await runner.query('RESET enable_seqscan');
    await runner.release();
  }
}

interface PlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  'Index Name'?: string;
  'Index Cond'?: string;
  Plans?: PlanNode[];
}

function scansIn(node: PlanNode): string[] {
  const own =
    node['Node Type'] === 'Seq Scan'
      ? [`Seq Scan on ${node['Relation Name']}`]
      : /^Index (Only )?Scan$/.test(node['Node Type']) && node['Index Cond'] === undefined
        ? [`${node['Node Type']} using ${node['Index Name']} without a condition`]
        : [];
  return [...own, ...(node.Plans ?? []).flatMap(scansIn)];
}

const isRead = (sql: string) => /^\s*(SELECT|WITH)\b/i.test(sql);
const readsOnlyWholeTables = (sql: string) => READ_WHOLE.some((table) => new RegExp(`FROM "${table}"`).test(sql));

describe.each(testDatabases())('query plans of every read on $name', (database) => {
  let t: TestApp;
  let dataSource: DataSource;

  beforeAll(async () => {
    t = await startTestApp(database, { customers: ['1000002'], fixture: true, env: { RATE_LIMIT_PER_MINUTE: '100000' } });
    dataSource = t.app.get(DataSource);
  });
  afterAll(() => t.close());

  it('finds a full scan where there is one (a query on a column no index starts with)', async () => {
    const unindexed = { sql: `SELECT "id" FROM "service_tickets" WHERE "status" = ${dataSource.options.type === 'postgres' ? '$1' : '?'}`, parameters: ['OPEN'] };
    expect(await fullScans(dataSource, unindexed)).toHaveLength(1);
  });

  it('reads through indexes only: no SELECT of any GET (first and next pages) scans a table', async () => {
    const customer = fixtureCustomer('1000002');
    const document = (await t.http().get('/docs/openapi.json').expect(200)).body;
    const gets = documentedGets(document, {
      customerId: () => customer.id,
      ticketId: (query) => (query.ticket_type === 'disposal' ? customer.disposal_tickets[0].id : customer.tickets[0].id),
      invoiceId: () => customer.invoices[1].id,
      caseId: () => customer.cases[0].case_id,
      serviceId: () => customer.services[0].id,
    });
    const recording = recordQueries(dataSource);
    try {
      for (const { path, query } of gets) {
        const response = await t.api.get(path).expect(200);
        if ('limit' in query) await nextPage(path);
        if (response.body.calendar_url !== undefined) await t.http().get(new URL(response.body.calendar_url).pathname).expect(200);
      }
    } finally {
      recording.stop();
    }
    const reads = unique(recording.sent.filter((s) => isRead(s.sql) && !readsOnlyWholeTables(s.sql)));
    expect(reads.length).toBeGreaterThan(gets.length);
    const scans: string[] = [];
    for (const read of reads) for (const scan of await fullScans(dataSource, read)) scans.push(`${scan}: ${read.sql}`);
    expect(scans).toEqual([]);
  });

  /** The second page of a list, one record per page: the cursor's query. */
  async function nextPage(path: string): Promise<void> {
    const first = await t.api.get(`${path}${path.includes('?') ? '&' : '?'}limit=1`).expect(200);
    const next = /<([^>]+)>;\s*rel="next"/.exec(first.headers.link ?? '')?.[1];
    if (next !== undefined) await t.api.get(next.startsWith('http') ? new URL(next).pathname + new URL(next).search : next).expect(200);
  }
});

/** One of each statement text (with the last parameters it was sent with). */
function unique(sent: Sent[]): Sent[] {
  return [...new Map(sent.map((s) => [s.sql, s])).values()];
}
