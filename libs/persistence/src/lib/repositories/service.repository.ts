import type { Id, Service } from '@curbside/domain';
import { inRead } from '../database/index';
import { DataSource } from 'typeorm';
import { serviceStore } from '../stores/service.store';

export class ServiceRepository {
  constructor(private readonly dataSource: DataSource) {}

  /** The customer's services with their invoice fees, by id. */
  list(customerId: Id): Promise<Service[]> {
    return inRead(this.dataSource, (manager) => serviceStore.load(manager, customerId));
  }
}
