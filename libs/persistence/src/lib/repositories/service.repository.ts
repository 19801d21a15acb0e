import type { Id, LocalDate, Service, StoredServiceRequest } from '@curbside/domain';
import { inRead } from '../database/index';
import { DataSource } from 'typeorm';
import { loadServiceRequests } from '../stores/service-request.store';
import { serviceStore } from '../stores/service.store';

export class ServiceRepository {
  constructor(private readonly dataSource: DataSource) {}

  /** The customer's services with their invoice fees, by id. */
  list(customerId: Id): Promise<Service[]> {
    return inRead(this.dataSource, (manager) => serviceStore.load(manager, customerId));
  }

  /** The residents' requests (CONTRACT §9) made for one of the customer's services with a date in `from`..`to` (inclusive). */
  requests(customerId: Id, serviceId: Id, range: { from: LocalDate; to: LocalDate }): Promise<StoredServiceRequest[]> {
    return inRead(this.dataSource, (manager) => loadServiceRequests(manager, customerId, serviceId, range));
  }
}
