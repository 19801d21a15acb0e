import {
  nowLocalDateTime,
  type Id,
  type ListQuery,
  type Page,
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
import { groupBy, inStoredOrder, selectPage, selectRows, withKeys } from '../stores/rows';

type SummaryRow = Omit<ServiceTicketSummary, 'serviceCodes'>;

export class ServiceTicketRepository {
  constructor(private readonly dataSource: DataSource) {}

  /** Tickets created within the range, newest first, each with the codes of its services in stored order. */
  async list(customerId: Id, list: ListQuery): Promise<Page<ServiceTicketSummary>> {
    return inRead(this.dataSource, async (manager) => {
      const query = manager
        .createQueryBuilder(ServiceTicketEntity, 't')
        .select('t.id', 'id')
        .addSelect('t.status', 'status')
        .addSelect('t.loadType', 'loadType')
        .addSelect('t.loadDescription', 'loadDescription')
        .addSelect('t.createdAt', 'createdAt')
        .addSelect('t.dispatchedAt', 'dispatchedAt')
        .where('t.customerId = :customerId', { customerId });
      const page = await selectPage(
        query,
        'createdAt',
        list,
        (tickets) => tickets.getRawMany<SummaryRow>(),
        (ticket) => ({ date: ticket.createdAt, id: ticket.id }),
      );
      const lines = await selectRows(manager, ServiceTicketServiceEntity, customerId, {
        keys: withKeys(
          'ticketId',
          page.items.map((ticket) => ticket.id),
        ),
        order: inStoredOrder('ticketId'),
      });
      const codesByTicket = groupBy(lines, (line) => line.ticketId);
      const items = page.items.map((ticket) => ({
        ...ticket,
        serviceCodes: (codesByTicket.get(ticket.id) ?? []).map((line) => line.code),
      }));
      return { ...page, items };
    });
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
