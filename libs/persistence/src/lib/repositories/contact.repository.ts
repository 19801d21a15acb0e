import { applyContactUpdate, type Contact, type ContactType, type ContactUpdate, type Id } from '@curbside/domain';
import { inRead, inTransaction } from '../database';
import { DataSource } from 'typeorm';
import { contactsChanged } from '../change-events';
import { ContactEntity } from '../entities';
import { contactStore, toContactRow } from '../stores/contact.store';
import { appendEvents } from '../stores/event.store';

export class ContactRepository {
  constructor(private readonly dataSource: DataSource) {}

  list(customerId: Id): Promise<Contact[]> {
    return inRead(this.dataSource, (manager) => contactStore.load(manager, customerId));
  }

  async find(customerId: Id, type: ContactType): Promise<Contact | null> {
    const [contact] = await inRead(this.dataSource, (manager) => contactStore.load(manager, customerId, [type]));
    return contact ?? null;
  }

  /**
   * Applies PUT contacts in one transaction: each contact named gets exactly the update's
   * members (the address is kept); a missing one is created after the others. Writes one
   * `contacts.changed` event.
   */
  async update(customerId: Id, updates: readonly ContactUpdate[]): Promise<void> {
    if (updates.length === 0) return;
    await inTransaction(this.dataSource, async (manager) => {
      const existing = await contactStore.load(manager, customerId, updates.map((update) => update.type));
      for (const update of updates) {
        const before = existing.find((contact) => contact.type === update.type);
        const key = { customerId, type: update.type };
        if (before === undefined) {
          const position = await manager.count(ContactEntity, { where: { customerId } });
          await manager.insert(ContactEntity, toContactRow(customerId, position, applyContactUpdate(undefined, update)));
        } else {
          const { position: _unchanged, ...row } = toContactRow(customerId, 0, applyContactUpdate(before, update));
          await manager.update(ContactEntity, key, row);
        }
      }
      await appendEvents(manager, [contactsChanged(customerId, updates.map((update) => update.type))]);
    });
  }
}
