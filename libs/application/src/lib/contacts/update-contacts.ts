import { applyContactUpdate, contactsChanged, type Contact, type ContactUpdate, type Id } from '@curbside/domain';
import { Injectable } from '@nestjs/common';
import { appendEvents, contactStore, saveContacts, writeIfCurrent, type Precondition, Traced } from '@curbside/persistence';
import { DataSource } from 'typeorm';

/**
 * PUT contacts: each contact named gets exactly the update's members (its address is kept; a
 * missing one is created after the others), with one `contacts.changed` event, in one
 * transaction under the customer's lock. `precondition` (If-Match) sees the contacts before and
 * may refuse, and then nothing is written. The contacts after.
 */
@Injectable()
export class UpdateContacts {
  constructor(private readonly dataSource: DataSource) {}

  @Traced()
  execute(customerId: Id, updates: readonly ContactUpdate[], precondition?: Precondition<Contact[]>): Promise<Contact[]> {
    return writeIfCurrent(this.dataSource, customerId, {
      read: (manager) => contactStore.load(manager, customerId),
      precondition,
      write: async (manager) => {
        if (updates.length === 0) return;
        const before = await contactStore.load(manager, customerId, updates.map((update) => update.type));
        const after = updates.map((update) => applyContactUpdate(before.find((contact) => contact.type === update.type), update));
        await saveContacts(manager, customerId, after);
        await appendEvents(manager, [contactsChanged(customerId, updates.map((update) => update.type))]);
      },
    });
  }
}
