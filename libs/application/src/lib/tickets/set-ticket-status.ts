import { applyTicketStatus, nowLocalDateTime, type Id, type TicketStatus } from '@curbside/domain';
import { Injectable } from '@nestjs/common';
import { appendEvents, inTransaction, serviceTicketStore, touchCustomers, Traced } from '@curbside/persistence';
import { DataSource } from 'typeorm';

/**
 * Moves a service ticket to a status (CLI `tickets set-status`, and any other door): load,
 * apply the domain rule, save and append its events, in one transaction. Null when the
 * customer has no such ticket; an unchanged status changes nothing.
 */
@Injectable()
export class SetTicketStatus {
  constructor(private readonly dataSource: DataSource) {}

  @Traced()
  execute(customerId: Id, id: Id, status: TicketStatus, by: string): Promise<{ from: TicketStatus; to: TicketStatus } | null> {
    return inTransaction(this.dataSource, async (manager) => {
      const [ticket] = await serviceTicketStore.load(manager, customerId, [id]);
      if (ticket === undefined) return null;
      const change = applyTicketStatus(customerId, ticket, status, nowLocalDateTime(), by);
      if (change.events.length > 0) {
        // The stored ticket is replaced whole, with its service lines.
        await serviceTicketStore.delete(manager, customerId, [id]);
        await serviceTicketStore.insert(manager, customerId, [change.ticket]);
        await appendEvents(manager, change.events);
        await touchCustomers(manager, [customerId]);
      }
      return { from: change.from, to: status };
    });
  }
}
