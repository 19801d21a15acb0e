import {
  type Id,
  type ListQuery,
  type Page,
  type ServiceTicket,
  type ServiceTicketSummary,
} from '@curbside/domain';
import { DataSource, EntityManager } from 'typeorm';
import { inRead } from '../database/index';
import { ServiceTicketEntity, ServiceTicketServiceEntity } from '../entities';
import { serviceTicketStore } from '../stores/service-ticket.store';
import { groupBy, inStoredOrder, rawMany, selectPage, selectRows, withKeys } from '../stores/rows';

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
        (tickets) => rawMany<SummaryRow>(tickets),
        (ticket) => ({ date: ticket.createdAt, id: ticket.id }),
      );
      const lines = await selectRows(manager, ServiceTicketServiceEntity, customerId, {
        columns: ['ticketId', 'code'],
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
