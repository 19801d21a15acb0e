import {
  type Id,
  type ListQuery,
  type UncountedPage,
  type ServiceTicket,
  type ServiceTicketSummary,
} from '@curbside/domain';
import { DataSource, EntityMetadata } from 'typeorm';
import { inPreparedRead, selectRaw } from '../database/index';
import { ServiceTicketEntity, ServiceTicketServiceEntity } from '../entities';
import { toServiceTicket } from '../stores/service-ticket.store';
import { selectPreparedPage, type PageTable } from '../sql/select-page';
import { selectPreparedChildren, type ChildTable } from '../sql/select-rows';
import { groupBy } from '../sql/group-by';
import { fromRawColumns } from '../sql/raw-columns';

type SummaryRow = Omit<ServiceTicketSummary, 'serviceCodes'>;

/** The list's page: the summary columns of the customer's tickets, by creation time. */
const SUMMARY_PAGE: PageTable = {
  selectList:
    '"t"."id" AS "id", "t"."status" AS "status", "t"."load_type" AS "loadType", "t"."load_description" AS "loadDescription", ' +
    '"t"."created_at" AS "createdAt", "t"."dispatched_at" AS "dispatchedAt"',
  from: '"service_tickets" "t"',
  customer: '"t"."customer_id"',
  date: '"t"."created_at"',
  id: '"t"."id"',
};

/**
 * On PostgreSQL the page's statement reads each ticket's codes too, in stored order (an array per row, from the lines'
 * primary key): one round trip where two cost a third of the difference from the bare minimum (docs/performance.md).
 * SQLite reads the codes apart, which costs less there than a subquery per row.
 */
const SUMMARY_PAGE_WITH_CODES: PageTable = {
  ...SUMMARY_PAGE,
  selectList:
    `${SUMMARY_PAGE.selectList}, ARRAY(SELECT "s"."code" FROM "service_ticket_services" "s" ` +
    'WHERE "s"."customer_id" = "t"."customer_id" AND "s"."ticket_id" = "t"."id" ORDER BY "s"."position") AS "serviceCodes"',
};

/** Lines grouped by ticket, each ticket's in stored order (`inStoredOrder('ticketId')`). */
const LINE_ORDER = 'ORDER BY "ticket_id", "position"';

const CODES_OF_TICKETS: ChildTable = {
  sql: 'SELECT "ticket_id" AS "ticketId", "code" FROM "service_ticket_services" WHERE "customer_id" = ?',
  key: '"ticket_id"',
  order: LINE_ORDER,
};

/** What the detail's statement names its lines' columns: `line_<database name>`, apart from the ticket's own. */
const LINE_PREFIX = 'line_';

/** Every column of an entity of the table aliased `alias`, named `<prefix><database name>` as `fromRawColumns` reads them. */
function columnsOf(metadata: EntityMetadata, alias: string, prefix: string): string {
  return metadata.columns.map((column) => `"${alias}"."${column.databaseName}" AS "${prefix}${column.databaseName}"`).join(', ');
}

export class ServiceTicketRepository {
  constructor(private readonly dataSource: DataSource) {}

  /**
   * Tickets created within the range, newest first, each with the codes of its services in stored order; not counted
   * (op 1 answers no `totalCount`). On PostgreSQL one statement a page; on SQLite the page, then its codes, in one snapshot.
   */
  async list(customerId: Id, list: ListQuery): Promise<UncountedPage<ServiceTicketSummary>> {
    const positionOf = (ticket: SummaryRow) => ({ date: ticket.createdAt, id: ticket.id });
    if (this.dataSource.options.type !== 'better-sqlite3') {
      return inPreparedRead(this.dataSource, (select) => selectPreparedPage<ServiceTicketSummary>(select, SUMMARY_PAGE_WITH_CODES, customerId, list, positionOf));
    }
    return inPreparedRead(this.dataSource, async (select) => {
      const page = await selectPreparedPage<SummaryRow>(select, SUMMARY_PAGE, customerId, list, positionOf);
      const ids = page.items.map((ticket) => ticket.id);
      const lines = await selectPreparedChildren<{ ticketId: string; code: string }>(select, CODES_OF_TICKETS, customerId, ids);
      const codesByTicket = groupBy(lines, (line) => line.ticketId);
      // The rows are this read's own objects: each gets its codes in place, not copied.
      const items = page.items as ServiceTicketSummary[];
      for (const ticket of items) ticket.serviceCodes = (codesByTicket.get(ticket.id) ?? []).map((line) => line.code);
      return { ...page, items };
    });
  }

  /** The detail's statements, written once: a detail is read per request, and its text is the same for each. */
  private detailReads?: { tickets: EntityMetadata; lines: EntityMetadata; ticketSql: string; linesSql: string; joinedSql: string };

  private detailRead(): NonNullable<ServiceTicketRepository['detailReads']> {
    if (this.detailReads === undefined) {
      const tickets = this.dataSource.getMetadata(ServiceTicketEntity);
      const lines = this.dataSource.getMetadata(ServiceTicketServiceEntity);
      this.detailReads = {
        tickets,
        lines,
        ticketSql: `SELECT ${columnsOf(tickets, 't', '')} FROM "service_tickets" "t" WHERE "t"."customer_id" = ? AND "t"."id" = ?`,
        linesSql: `SELECT ${columnsOf(lines, 's', '')} FROM "service_ticket_services" "s" WHERE "customer_id" = ? AND "ticket_id" = ? ${LINE_ORDER}`,
        joinedSql:
          `SELECT ${columnsOf(tickets, 't', '')}, ${columnsOf(lines, 's', LINE_PREFIX)} FROM "service_tickets" "t" ` +
          'LEFT JOIN "service_ticket_services" "s" ON "s"."customer_id" = "t"."customer_id" AND "s"."ticket_id" = "t"."id" ' +
          'WHERE "t"."customer_id" = ? AND "t"."id" = ? ORDER BY "s"."position"',
      };
    }
    return this.detailReads;
  }

  /**
   * The ticket with its lines, as each driver reads it cheapest (docs/benchmarks.md): on PostgreSQL,
   * where each statement is a round trip, one LEFT JOIN (the ticket's columns on each line's row, or
   * on one row with null lines when it has none; one statement sees one snapshot); on SQLite, where a
   * statement is a call into the library, the ticket and then its lines in one read snapshot, which
   * cost half what the join costs there.
   */
  async find(customerId: Id, id: Id): Promise<ServiceTicket | null> {
    const { tickets, lines, ticketSql, linesSql, joinedSql } = this.detailRead();
    if (this.dataSource.options.type === 'better-sqlite3') {
      return inPreparedRead(this.dataSource, async (select) => {
        const [row] = await select<Record<string, unknown>>(ticketSql, [customerId, id]);
        if (row === undefined) return null;
        const lineRows = await select<Record<string, unknown>>(linesSql, [customerId, id]);
        return toServiceTicket(
          fromRawColumns(tickets, row),
          lineRows.map((line) => fromRawColumns(lines, line)),
        );
      });
    }
    const rows = await selectRaw<Record<string, unknown>>(this.dataSource, joinedSql, [customerId, id]);
    if (rows.length === 0) return null;
    const lineRows = rows[0][`${LINE_PREFIX}position`] === null ? [] : rows;
    return toServiceTicket(
      fromRawColumns(tickets, rows[0]),
      lineRows.map((row) => fromRawColumns(lines, row, LINE_PREFIX)),
    );
  }
}
