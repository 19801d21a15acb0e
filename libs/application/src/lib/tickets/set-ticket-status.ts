import { applyTicketStatus, nowLocalDateTime, type Id, type TicketStatus } from '@curbside/domain';
import { Injectable } from '@nestjs/common';
import { EventRepository, inTransaction, ServiceTicketRepository, touchCustomers, Traced } from '@curbside/persistence';
import { DataSource } from 'typeorm';

/**
 * Moves a service ticket to a status (CLI `tickets set-status`, and any other door): load,
 * apply the domain rule, save and append its events, in one transaction. Null when the
 * customer has no such ticket; an unchanged status changes nothing.
 */
@Injectable()
export class SetTicketStatus {
  private readonly tickets: ServiceTicketRepository;
  private readonly events: EventRepository;

  constructor(private readonly dataSource: DataSource) {
    this.tickets = new ServiceTicketRepository(dataSource);
    this.events = new EventRepository(dataSource);
  }

  @Traced()
  execute(customerId: Id, id: Id, status: TicketStatus, by: string): Promise<{ from: TicketStatus; to: TicketStatus } | null> {
    return inTransaction(this.dataSource, async (manager) => {
      const ticket = await this.tickets.load(manager, customerId, id);
      if (ticket === null) return null;
      const change = applyTicketStatus(customerId, ticket, status, nowLocalDateTime(), by);
      if (change.events.length > 0) {
        await this.tickets.save(manager, customerId, change.ticket);
        await this.events.append(manager, change.events);
        await touchCustomers(manager, [customerId]);
      }
      return { from: change.from, to: status };
    });
  }
}
