import type { Contact, ContactType, Id } from '@curbside/domain';
import { DataSource } from 'typeorm';
import { inRead } from '../database/index';
import { contactStore } from '../stores/contact.store';

/** Reads contacts. PUT contacts is a use case of the application layer (`UpdateContacts`) over `saveContacts`. */
export class ContactRepository {
  constructor(private readonly dataSource: DataSource) {}

  list(customerId: Id): Promise<Contact[]> {
    return inRead(this.dataSource, (manager) => contactStore.load(manager, customerId));
  }

  async find(customerId: Id, type: ContactType): Promise<Contact | null> {
    const [contact] = await inRead(this.dataSource, (manager) => contactStore.load(manager, customerId, [type]));
    return contact ?? null;
  }
}
