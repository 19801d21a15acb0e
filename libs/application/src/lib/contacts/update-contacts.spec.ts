import type { ContactUpdate } from '@curbside/domain';
import { CustomerImport } from '../import/customer-import';
import { testDatabases } from '@curbside/testing';
import { contact, dataVersions, emptyBundle, useDatabase } from '@curbside/persistence/testing';
import { ContactRepository, EventRepository } from '@curbside/persistence';
import { UpdateContacts } from './update-contacts';

describe.each(testDatabases())('UpdateContacts (PUT contacts) on $name', (db) => {
  const dataSource = useDatabase(db);
  const stored = (customerId: string) => new ContactRepository(dataSource()).list(customerId);
  const events = (customerId: string) => new EventRepository(dataSource()).list(customerId);
  const update = (customerId: string, updates: ContactUpdate[], precondition?: () => void) =>
    new UpdateContacts(dataSource()).execute(customerId, updates, precondition);
  const { bumpOf } = dataVersions(dataSource);
  const withoutAddress = ({ address: _address, ...rest }: ReturnType<typeof contact>): ContactUpdate => rest;
  let next = 4200000;

  async function newCustomer(withBilling = true): Promise<string> {
    const id = String((next += 1));
    await new CustomerImport(dataSource()).importBundle({ ...emptyBundle(id), contacts: withBilling ? [contact('billing')] : [] });
    return id;
  }

  it('replaces the named contact\u2019s members and keeps its address and place; writes one contacts.changed event', async () => {
    const id = await newCustomer();
    const after = await update(id, [{ ...withoutAddress(contact('billing')), email: 'ap@acme.example', middleName: null }]);
    expect(after).toEqual([{ ...contact('billing'), email: 'ap@acme.example', middleName: null }]);
    expect(await stored(id)).toEqual(after);
    expect((await events(id)).map(({ type, payload }) => ({ type, payload }))).toEqual([
      { type: 'contacts.changed', payload: expect.anything() },
    ]);
  });

  it('creates a contact of a type the customer has none of, after the others', async () => {
    const id = await newCustomer();
    await update(id, [withoutAddress(contact('service'))]);
    expect((await stored(id)).map((c) => c.type)).toEqual(['billing', 'service']);
  });

  it('bumps the data version; a precondition that refuses writes nothing, the version and events included', async () => {
    const id = await newCustomer();
    expect(await bumpOf(id, () => update(id, [withoutAddress(contact('billing'))]))).toBe(1);
    const refused = () =>
      update(id, [withoutAddress(contact('service'))], () => {
        throw new Error('stale');
      });
    expect(await bumpOf(id, () => refused().catch(() => undefined))).toBe(0);
    expect((await stored(id)).map((c) => c.type)).toEqual(['billing']);
    expect(await events(id)).toHaveLength(1);
  });
});
