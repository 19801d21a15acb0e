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

  /** Tickets created within the range, newest first, each with the codes of its services in stored order; not counted (op 1 answers no `totalCount`). */
  async list(customerId: Id, list: ListQuery): Promise<UncountedPage<ServiceTicketSummary>> {
    return inPreparedRead(this.dataSource, async (select) => {
      const page = await selectPreparedPage<SummaryRow>(select, SUMMARY_PAGE, customerId, list, (ticket) => ({ date: ticket.createdAt, id: ticket.id }));
      const ids = page.items.map((ticket) => ticket.id);
      const lines = await selectPreparedChildren<{ ticketId: string; code: string }>(select, CODES_OF_TICKETS, customerId, ids);
      const codesByTicket = groupBy(lines, (line) => line.ticketId);
      // The rows are this read's own objects: each gets its codes in place, not copied.
      const items = page.items as ServiceTicketSummary[];
      for (const ticket of items) ticket.serviceCodes = (codesByTicket.get(ticket.id) ?? []).map((line) => line.code);
      return { ...page, items };
    });
  }

  /** The detail's statement, written once: a detail is read per request, and its text is the same for each. */
  private detailRead?: { tickets: EntityMetadata; lines: EntityMetadata; sql: string };

  /**
   * The ticket and its lines in one statement (the ticket's columns on each line's row, or on one
   * row with null lines when it has none): one statement reads one snapshot on either driver, so
   * the detail needs no transaction around two reads.
   */
  private detailStatement(): NonNullable<ServiceTicketRepository['detailRead']> {
    if (this.detailRead === undefined) {
      const tickets = this.dataSource.getMetadata(ServiceTicketEntity);
      const lines = this.dataSource.getMetadata(ServiceTicketServiceEntity);
      this.detailRead = {
        tickets,
        lines,
        sql:
          `SELECT ${columnsOf(tickets, 't', '')}, ${columnsOf(lines, 's', LINE_PREFIX)} FROM "service_tickets" "t" ` +
          'LEFT JOIN "service_ticket_services" "s" ON "s"."customer_id" = "t"."customer_id" AND "s"."ticket_id" = "t"."id" ' +
          'WHERE "t"."customer_id" = ? AND "t"."id" = ? ORDER BY "s"."position"',
      };
    }
    return this.detailRead;
  }

  async find(customerId: Id, id: Id): Promise<ServiceTicket | null> {
    const { tickets, lines, sql } = this.detailStatement();
    const rows = await selectRaw<Record<string, unknown>>(this.dataSource, sql, [customerId, id]);
    if (rows.length === 0) return null;
    const lineRows = rows[0][`${LINE_PREFIX}position`] === null ? [] : rows;
    return toServiceTicket(
      fromRawColumns(tickets, rows[0]),
      lineRows.map((row) => fromRawColumns(lines, row, LINE_PREFIX)),
    );
  }
}
