import { CONTACT_TYPES } from '@curbside/domain';
import type { Contact, ContactType, ContactUpdate } from '@curbside/domain';
import { emailAddress, phoneNumber } from './contact-values';
import { findDuplicates } from './duplicates';
import { type ObjectReader, type ValueParser, atMost, decodeStrictly, oneOf, text, trueFalseFlag } from './reader';
import { orNull, trueFalse } from './wire';
import type { WireContact } from '@curbside/contract';

type ContactMember = Exclude<keyof ContactUpdate, 'type'>;
type ContactRule = 'text' | 'email' | 'phone';

/**
 * The members of a contact between `type` and `address`, in wire order, and what PUT contacts
 * accepts in each. The list, the import, PUT contacts and its OpenAPI schema all read this one table.
 */
/** The wire members of a contact that hold one of its values (name, phones, email). */
type ContactValueMember = Exclude<keyof WireContact, 'type' | 'address'>;

const CONTACT_MEMBERS: ReadonlyArray<{ wire: ContactValueMember; member: ContactMember; rule: ContactRule }> = [
  { wire: 'name', member: 'name', rule: 'text' },
  { wire: 'first_name', member: 'firstName', rule: 'text' },
  { wire: 'middle_name', member: 'middleName', rule: 'text' },
  { wire: 'last_name', member: 'lastName', rule: 'text' },
  { wire: 'land_line', member: 'landLine', rule: 'phone' },
  { wire: 'work_phone', member: 'workPhone', rule: 'phone' },
  { wire: 'mobile_phone', member: 'mobilePhone', rule: 'phone' },
  { wire: 'fax', member: 'fax', rule: 'phone' },
  { wire: 'email', member: 'email', rule: 'email' },
];

/** The most characters PUT contacts takes in a member of each rule (254: the longest address SMTP carries). */
const CONTACT_MAX_LENGTHS: Record<ContactRule, number> = { text: 100, email: 254, phone: 32 };
/** The most characters of the `request_tracking_id` a body may repeat, as of the header. */
const TRACKING_ID_MAX_LENGTH = 200;

const rule = (name: ContactRule, parse: ValueParser<string>, doc: Record<string, unknown>) => ({
  parse: atMost(CONTACT_MAX_LENGTHS[name], parse),
  doc: { maxLength: CONTACT_MAX_LENGTHS[name], ...doc },
});

const RULES: Record<ContactRule, { parse: ValueParser<string>; doc: Record<string, unknown> }> = {
  text: rule('text', text, { example: 'Maria Alvarez' }),
  email: rule('email', emailAddress, { format: 'email', example: 'maria.alvarez@example.com' }),
  phone: rule('phone', phoneNumber, {
    description: '7 to 15 digits once spaces, +, -, ., ( and ) are removed',
    example: '(602) 555-0147',
  }),
};

/** `type`, then the members of the table read by `parseOf` (imported values are taken as written). */
function readContactMembers(r: ObjectReader, parseOf: (rule: ContactRule) => ValueParser<string>): ContactUpdate {
  const update = { type: r.required('type', oneOf(CONTACT_TYPES)) } as ContactUpdate;
  for (const { wire, member, rule } of CONTACT_MEMBERS) update[member] = r.optional(wire, parseOf(rule));
  return update;
}

export function readContact(r: ObjectReader): Contact {
  return {
    ...readContactMembers(r, () => text),
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

/** The body of PUT contacts: at least one entry, each type at most once; `request_tracking_id` is allowed and ignored. */
function readUpdateRequest(r: ObjectReader): ContactUpdate[] {
  r.optional('request_tracking_id', atMost(TRACKING_ID_MAX_LENGTH, text));
  const contacts = r.nonEmptyList('contacts', 'contact', (c) => readContactMembers(c, (rule) => RULES[rule].parse));
  findDuplicates(
    contacts,
    (contact) => contact.type,
    (index, firstIndex, type) =>
      r.report(`${r.fieldPath('contacts')}[${index}].type`, `duplicate type ${type} (also contacts[${firstIndex}])`),
  );
  return contacts;
}

/** The OpenAPI (JSON Schema) description of the body of PUT contacts, made from the same table as its reader. */
const UPDATE_REQUEST_SCHEMA = {
  type: 'object',
  additionalProperties: false,
  required: ['contacts'],
  properties: {
    contacts: {
      type: 'array',
      minItems: 1,
      description: 'At most one entry per type. An entry replaces the members of that contact: a member left out becomes absent ("null"); the address is kept.',
      items: {
        type: 'object',
        additionalProperties: false,
        required: ['type'],
        properties: {
          type: { type: 'string', enum: [...CONTACT_TYPES] satisfies ContactType[], example: 'billing' },
          ...Object.fromEntries(CONTACT_MEMBERS.map(({ wire, rule }) => [wire, { type: 'string', ...RULES[rule].doc }])),
        },
      },
    },
    request_tracking_id: {
      type: 'string',
      maxLength: TRACKING_ID_MAX_LENGTH,
      description: 'Allowed, as the published sample repeats it; the header is what is echoed',
    },
  },
} as const;

/** Contacts: US addresses use state/zip/zip4, Canadian ones province/postal_code; `cleansed` is `true`/`false`. */
export const contactCodec = {
  /** An entry of the contact list (operation 8), also the import-file record. */
  encode(contact: Contact): WireContact {
    const { address } = contact;
    return {
      type: contact.type,
      ...(Object.fromEntries(CONTACT_MEMBERS.map(({ wire, member }) => [wire, orNull(contact[member])])) as Record<ContactValueMember, string>),
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

  /**
   * Strictly reads the body of PUT contacts (CONTRACT §6): `{contacts: [{type, name, ..., email}], request_tracking_id?}`.
   * Field paths in the DecodeError start at the body root, e.g. `contacts[1].mobile_phone`.
   */
  decodeUpdateRequest(body: unknown): ContactUpdate[] {
    return decodeStrictly(body, '', readUpdateRequest);
  },

  /** The JSON Schema of that body, for the OpenAPI document. */
  updateRequestSchema: (): Record<string, unknown> => structuredClone(UPDATE_REQUEST_SCHEMA) as unknown as Record<string, unknown>,
};
