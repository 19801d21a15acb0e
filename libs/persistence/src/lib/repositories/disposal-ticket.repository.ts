import type { DisposalTicket, DisposalTicketSummary, Id, ListQuery, Page } from '@curbside/domain';
import { inRead } from '../database/index';
import { DataSource } from 'typeorm';
import { DisposalTicketEntity } from '../entities';
import { disposalTicketStore } from '../stores/disposal-ticket.store';
import { rawMany } from '../sql/raw-many';
import { selectPage } from '../sql/select-page';

export class DisposalTicketRepository {
  constructor(private readonly dataSource: DataSource) {}

  /** Tickets last modified within the range, newest first (tickets never modified last). */
  async list(customerId: Id, list: ListQuery): Promise<Page<DisposalTicketSummary>> {
    return inRead(this.dataSource, (manager) => {
      const query = manager
        .createQueryBuilder(DisposalTicketEntity, 't')
        .select('t.id', 'id')
        .addSelect('t.status', 'status')
        .addSelect('t.amount', 'amount')
        .addSelect('t.siteName', 'siteName')
        .addSelect('t.modifiedAt', 'date')
        .where('t.customerId = :customerId', { customerId });
      return selectPage(
        query,
        'modifiedAt',
        list,
        (page, limit) => rawMany<DisposalTicketSummary>(page, limit),
        (ticket) => ({ date: ticket.date, id: ticket.id }),
      );
    });
  }

  async find(customerId: Id, id: Id): Promise<DisposalTicket | null> {
    const [ticket] = await inRead(this.dataSource, (manager) => disposalTicketStore.load(manager, customerId, [id]));
    return ticket ?? null;
  }
}
