import {
  nowLocalDateTime,
  type DateRange,
  type Id,
  type ServiceTicket,
  type ServiceTicketSummary,
  type TicketStatus,
} from '@curbside/domain';
import { DataSource } from 'typeorm';
import { inRead, inTransaction } from '../database';
import { ServiceTicketEntity, ServiceTicketServiceEntity } from '../entities';
import { ticketStatusChanged } from '../change-events';
import { appendEvents } from '../stores/event.store';
import { serviceTicketStore } from '../stores/service-ticket.store';
import { inRange, newestFirst } from '../stores/rows';

interface SummaryRow {
  id: string;
  status: TicketStatus;
  loadType: string | null;
  loadDescription: string | null;
  createdAt: string;
  dispatchedAt: string | null;
  code: string | null;
}

export class ServiceTicketRepository {
  constructor(private readonly dataSource: DataSource) {}

  /** Tickets created within the range, newest first; one statement (tickets joined to their service codes). */
  async list(customerId: Id, range: DateRange): Promise<ServiceTicketSummary[]> {
    const rows: SummaryRow[] = await inRead(this.dataSource, (manager) => {
      const query = manager
        .createQueryBuilder(ServiceTicketEntity, 't')
        .leftJoin(ServiceTicketServiceEntity, 's', 's.customerId = t.customerId AND s.ticketId = t.id')
        .select('t.id', 'id')
        .addSelect('t.status', 'status')
        .addSelect('t.loadType', 'loadType')
        .addSelect('t.loadDescription', 'loadDescription')
        .addSelect('t.createdAt', 'createdAt')
        .addSelect('t.dispatchedAt', 'dispatchedAt')
        .addSelect('s.code', 'code')
        .where('t.customerId = :customerId', { customerId });
      return newestFirst('createdAt')(inRange('createdAt', range)(query)).addOrderBy('s.position').getRawMany<SummaryRow>();
    });

    const summaries: ServiceTicketSummary[] = [];
    for (const { code, ...ticket } of rows) {
      const current = summaries.at(-1);
      const summary = current?.id === ticket.id ? current : { ...ticket, serviceCodes: [] };
      if (summary !== current) summaries.push(summary);
      if (code !== null) summary.serviceCodes.push(code);
    }
    return summaries;
  }

  async find(customerId: Id, id: Id): Promise<ServiceTicket | null> {
    const [ticket] = await inRead(this.dataSource, (manager) => serviceTicketStore.load(manager, customerId, [id]));
    return ticket ?? null;
  }

  /**
   * Moves a ticket to `status` and writes a `ticket.status-changed` event, in one transaction.
   * Closing stamps closedAt/closedBy (`by`); reopening clears them; every change stamps
   * loggedAt. Null when there is no such ticket; an unchanged status changes nothing.
   */
  setStatus(
    customerId: Id,
    id: Id,
    status: TicketStatus,
    by: string,
  ): Promise<{ from: TicketStatus; to: TicketStatus } | null> {
    return inTransaction(this.dataSource, async (manager) => {
      const ticket = await manager.findOne(ServiceTicketEntity, { select: ['status'], where: { customerId, id } });
      if (ticket === null) return null;
      const from = ticket.status as TicketStatus;
      if (from === status) return { from, to: status };

      const now = nowLocalDateTime();
      const closing = status === 'CLOSED' ? { closedAt: now, closedBy: by } : {};
      const reopening = from === 'CLOSED' && status !== 'VOIDED' ? { closedAt: null, closedBy: null } : {};
      await manager.update(
        ServiceTicketEntity,
        { customerId, id },
        { status, loggedAt: now, ...closing, ...reopening },
      );
      await appendEvents(manager, [ticketStatusChanged(customerId, id, from, status)]);
      return { from, to: status };
    });
  }
}
