import type { Id, NewEvent, OutboxEvent } from '@curbside/domain';
import { DataSource, EntityManager } from 'typeorm';
import { EventEntity } from '../entities';
import { appendEvents, toOutboxEvent } from '../stores/event.store';

/** The outbox. Changes write their events through `append`, inside their own transaction. */
export class EventRepository {
  constructor(private readonly dataSource: DataSource) {}

  append(manager: EntityManager, events: readonly NewEvent[]): Promise<void> {
    return appendEvents(manager, events);
  }

  /** Events in the order they were written, of one customer or of all. */
  async list(customerId?: Id): Promise<OutboxEvent[]> {
    const rows = await this.dataSource.manager.find(EventEntity, {
      where: customerId === undefined ? {} : { customerId },
      order: { id: 'ASC' },
    });
    return rows.map(toOutboxEvent);
  }
}
