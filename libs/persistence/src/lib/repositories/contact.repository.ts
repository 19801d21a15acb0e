import { applyContactUpdate, contactsChanged, type Contact, type ContactType, type ContactUpdate, type Id } from '@curbside/domain';
import { inRead } from '../database/index';
import { DataSource } from 'typeorm';
import { writeIfCurrent, type Precondition } from '../conditional-write';
import { ContactEntity } from '../entities';
import { contactStore, toContactRow } from '../stores/contact.store';
import { appendEvents } from '../stores/event.store';
import { liftSuppressions } from '../stores/suppression.store';

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
   * `contacts.changed` event; an email address set again leaves the suppression list (CONTRACT §10). `precondition` sees the contacts before and may refuse (then
   * nothing is written); returns the contacts after.
   */
  update(customerId: Id, updates: readonly ContactUpdate[], precondition?: Precondition<Contact[]>): Promise<Contact[]> {
    return writeIfCurrent(this.dataSource, customerId, {
      read: (manager) => contactStore.load(manager, customerId),
      precondition,
      write: async (manager) => {
        if (updates.length === 0) return;
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
        await liftSuppressions(manager, updates.map((update) => update.email));
        await appendEvents(manager, [contactsChanged(customerId, updates.map((update) => update.type))]);
      },
    });
  }
}
