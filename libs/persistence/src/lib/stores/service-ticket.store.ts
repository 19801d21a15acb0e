import type { ServiceTicket, TicketService, TicketStatus } from '@curbside/domain';
import { ServiceTicketEntity, ServiceTicketServiceEntity } from '../entities';
import type { RecordStore } from './record-store';
import { deleteRows } from '../sql/delete-rows';
import { groupBy } from '../sql/group-by';
import { insertRows } from '../sql/insert-rows';
import { inStoredOrder, newestFirst } from '../sql/query-steps';
import { selectRows, withKeys } from '../sql/select-rows';

export const serviceTicketStore: RecordStore<ServiceTicket> = {
  key: (ticket) => ticket.id,

  async load(manager, customerId, keys) {
    const tickets = await selectRows(manager, ServiceTicketEntity, customerId, {
      keys: withKeys('id', keys),
      order: newestFirst('createdAt'),
    });
    const lines = await selectRows(manager, ServiceTicketServiceEntity, customerId, {
      keys: withKeys('ticketId', keys),
      order: inStoredOrder('ticketId'),
    });
    const linesByTicket = groupBy(lines, (line) => line.ticketId);
    return tickets.map((row) => toServiceTicket(row, linesByTicket.get(row.id) ?? []));
  },

  async insert(manager, customerId, tickets) {
    await insertRows(
      manager,
      ServiceTicketEntity,
      tickets.map((ticket) => toTicketRow(customerId, ticket)),
    );
    await insertRows(
      manager,
      ServiceTicketServiceEntity,
      tickets.flatMap((ticket) =>
        ticket.services.map((line, position) => toLineRow(customerId, ticket.id, position, line)),
      ),
    );
  },

  delete: (manager, customerId, keys) => deleteRows(manager, ServiceTicketEntity, customerId, 'id', keys),
};

function toTicketRow(customerId: string, ticket: ServiceTicket): ServiceTicketEntity {
  const { services: _services, ...columns } = ticket;
  return { customerId, ...columns };
}

function toLineRow(
  customerId: string,
  ticketId: string,
  position: number,
  line: TicketService,
): ServiceTicketServiceEntity {
  return { customerId, ticketId, position, ...line };
}

export function toServiceTicket(row: ServiceTicketEntity, lines: ServiceTicketServiceEntity[]): ServiceTicket {
  return {
    id: row.id,
    status: row.status as TicketStatus,
    loadType: row.loadType,
    loadDescription: row.loadDescription,
    createdAt: row.createdAt,
    createdBy: row.createdBy,
    closedAt: row.closedAt,
    closedBy: row.closedBy,
    dispatchedAt: row.dispatchedAt,
    generated: row.generated,
    complaint: row.complaint,
    comments: row.comments,
    completionCode: row.completionCode,
    completedDescription: row.completedDescription,
    requestedBy: row.requestedBy,
    loggedAt: row.loggedAt,
    services: lines.map((line) => ({
      code: line.code,
      description: line.description,
      quantity: line.quantity,
      cost: line.cost,
      specialDescription: line.specialDescription,
    })),
  };
}
