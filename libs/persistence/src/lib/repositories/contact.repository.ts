import type { Contact, Id } from '@curbside/domain';
import { DataSource } from 'typeorm';
import { contactStore } from '../stores/contact.store';

export class ContactRepository {
  constructor(private readonly dataSource: DataSource) {}

  list(customerId: Id): Promise<Contact[]> {
    return contactStore.load(this.dataSource.manager, customerId);
  }
}
