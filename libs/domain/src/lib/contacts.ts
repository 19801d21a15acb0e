import type { Contact, ContactAddress } from './customer';

/**
 * What PUT contacts sets on one contact: every member but the address. A member left out of
 * the request is null here, and becomes absent on the contact.
 */
export type ContactUpdate = Omit<Contact, 'address'>;

const NO_ADDRESS: ContactAddress = {
  street: null,
  city: null,
  country: null,
  province: null,
  postalCode: null,
  state: null,
  zip: null,
  zip4: null,
  cleansed: null,
};

/** The contact as PUT contacts leaves it: the update's members, the existing address kept (none for a new contact). */
export const applyContactUpdate = (existing: Contact | undefined, update: ContactUpdate): Contact => ({
  ...update,
  address: existing?.address ?? NO_ADDRESS,
});
