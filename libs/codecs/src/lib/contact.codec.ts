import { CONTACT_TYPES } from '@curbside/domain';
import type { Contact } from '@curbside/domain';
import { type ObjectReader, decodeStrictly, oneOf, text, trueFalseFlag } from './reader';
import { type WireObject, orNull, trueFalse } from './wire';

export function readContact(r: ObjectReader): Contact {
  return {
    type: r.required('type', oneOf(CONTACT_TYPES)),
    name: r.optional('name', text),
    firstName: r.optional('first_name', text),
    middleName: r.optional('middle_name', text),
    lastName: r.optional('last_name', text),
    landLine: r.optional('land_line', text),
    workPhone: r.optional('work_phone', text),
    mobilePhone: r.optional('mobile_phone', text),
    fax: r.optional('fax', text),
    email: r.optional('email', text),
    address: r.object('address', (a) => ({
      street: a.optional('street', text),
      city: a.optional('city', text),
      country: a.optional('country', text),
      province: a.optional('province', text),
      postalCode: a.optional('postal_code', text),
      state: a.optional('state', text),
      zip: a.optional('zip', text),
      zip4: a.optional('zip4', text),
      cleansed: a.object('metadata', (m) => m.optional('cleansed', trueFalseFlag)),
    })),
  };
}

/** Contacts: US addresses use state/zip/zip4, Canadian ones province/postal_code; `cleansed` is `true`/`false`. */
export const contactCodec = {
  /** An entry of the contact list (operation 8), also the import-file record. */
  encode(contact: Contact): WireObject {
    const { address } = contact;
    return {
      type: contact.type,
      name: orNull(contact.name),
      first_name: orNull(contact.firstName),
      middle_name: orNull(contact.middleName),
      last_name: orNull(contact.lastName),
      land_line: orNull(contact.landLine),
      work_phone: orNull(contact.workPhone),
      mobile_phone: orNull(contact.mobilePhone),
      fax: orNull(contact.fax),
      email: orNull(contact.email),
      address: {
        street: orNull(address.street),
        city: orNull(address.city),
        country: orNull(address.country),
        province: orNull(address.province),
        postal_code: orNull(address.postalCode),
        state: orNull(address.state),
        zip: orNull(address.zip),
        zip4: orNull(address.zip4),
        metadata: { cleansed: trueFalse(address.cleansed) },
      },
    };
  },

  /** Strictly reads a contact object; throws DecodeError listing every problem. */
  decode(wire: unknown, path = 'contact'): Contact {
    return decodeStrictly(wire, path, readContact);
  },
};
