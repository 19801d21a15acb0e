import type { Contact, Id } from '@curbside/domain';
import { inRead } from '../database';
import { DataSource } from 'typeorm';
import { contactStore } from '../stores/contact.store';

export class ContactRepository {
  constructor(private readonly dataSource: DataSource) {}

  list(customerId: Id): Promise<Contact[]> {
    return inRead(this.dataSource, (manager) => contactStore.load(manager, customerId));
  }
}
