import {
  type DateRange,
  type Id,
  type ServiceTicket,
  type ServiceTicketSummary,
  type TicketStatus,
} from '@curbside/domain';
import { DataSource, EntityManager } from 'typeorm';
import { inRead } from '../database';
import { ServiceTicketEntity, ServiceTicketServiceEntity } from '../entities';
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

  /** The ticket, inside the caller's transaction (a use case's load). */
  async load(manager: EntityManager, customerId: Id, id: Id): Promise<ServiceTicket | null> {
    const [ticket] = await serviceTicketStore.load(manager, customerId, [id]);
    return ticket ?? null;
  }

  /** Replaces the stored ticket (with its service lines), inside the caller's transaction. */
  async save(manager: EntityManager, customerId: Id, ticket: ServiceTicket): Promise<void> {
    await serviceTicketStore.delete(manager, customerId, [ticket.id]);
    await serviceTicketStore.insert(manager, customerId, [ticket]);
  }
}
