import type { Contact, ContactType, Id } from '@curbside/domain';
import type { EntityManager } from 'typeorm';
import { ContactEntity } from '../entities';
import type { RecordStore } from './record-store';
import { deleteRows } from '../sql/delete-rows';
import { insertRows } from '../sql/insert-rows';
import { inStoredOrder } from '../sql/query-steps';
import { selectRows, withKeys } from '../sql/select-rows';
import { liftSuppressions } from './suppression.store';

/** Contacts are keyed by type: a customer has at most one billing and one service contact. */
export const contactStore: RecordStore<Contact> = {
  key: (contact) => contact.type,
  load: async (manager, customerId, keys) =>
    (
      await selectRows(manager, ContactEntity, customerId, {
        keys: withKeys('type', keys),
        order: (q) => inStoredOrder()(q).addOrderBy('r.type'),
      })
    ).map(toContact),
  insert: (manager, customerId, contacts) =>
    insertRows(
      manager,
      ContactEntity,
      contacts.map((contact, position) => toContactRow(customerId, position, contact)),
    ),
  delete: (manager, customerId, keys) => deleteRows(manager, ContactEntity, customerId, 'type', keys),
};

export function toContactRow(customerId: string, position: number, { address, ...contact }: Contact): ContactEntity {
  return {
    customerId,
    position,
    ...contact,
    addressStreet: address.street,
    addressCity: address.city,
    addressCountry: address.country,
    addressProvince: address.province,
    addressPostalCode: address.postalCode,
    addressState: address.state,
    addressZip: address.zip,
    addressZip4: address.zip4,
    addressCleansed: address.cleansed,
  };
}

function toContact(row: ContactEntity): Contact {
  return {
    type: row.type as ContactType,
    name: row.name,
    firstName: row.firstName,
    middleName: row.middleName,
    lastName: row.lastName,
    landLine: row.landLine,
    workPhone: row.workPhone,
    mobilePhone: row.mobilePhone,
    fax: row.fax,
    email: row.email,
    address: {
      street: row.addressStreet,
      city: row.addressCity,
      country: row.addressCountry,
      province: row.addressProvince,
      postalCode: row.addressPostalCode,
      state: row.addressState,
      zip: row.addressZip,
      zip4: row.addressZip4,
      cleansed: row.addressCleansed,
    },
  };
}

/**
 * Saves each contact over the stored one of its type, or after the others when the customer has
 * none of that type; an email address set again leaves the suppression list (CONTRACT §10).
 * Inside the caller's transaction.
 */
export async function saveContacts(manager: EntityManager, customerId: Id, contacts: readonly Contact[]): Promise<void> {
  for (const contact of contacts) {
    const key = { customerId, type: contact.type };
    if (await manager.exists(ContactEntity, { where: key })) {
      const { position: _unchanged, ...row } = toContactRow(customerId, 0, contact);
      await manager.update(ContactEntity, key, row);
    } else {
      const position = await manager.count(ContactEntity, { where: { customerId } });
      await manager.insert(ContactEntity, toContactRow(customerId, position, contact));
    }
  }
  await liftSuppressions(manager, contacts.map((contact) => contact.email));
}
