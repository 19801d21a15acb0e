import { CustomerRepository, EventRepository } from '@curbside/persistence';
import { dataVersions, emptyBundle, useDatabase } from '@curbside/persistence/testing';
import { testDatabases } from '@curbside/testing';
import { CustomerImport } from '../import/customer-import';
import { type LanguageCall, SetCustomerLanguage } from './set-customer-language';

const OFFERED = ['en', 'es', 'zh-Hans', 'zh-Hant', 'vi', 'tl', 'ko', 'ar'];
const CANONICAL_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}$/;

describe.each(testDatabases())('SetCustomerLanguage (CONTRACT §11) on $name', (db) => {
  const dataSource = useDatabase(db);
  const setLanguage = (call: Omit<LanguageCall, 'offered'>) => new SetCustomerLanguage(dataSource()).execute({ offered: OFFERED, ...call });
  const stored = (customerId: string) => new CustomerRepository(dataSource()).language(customerId);
  const eventsOf = async (customerId: string) => (await new EventRepository(dataSource()).list(customerId)).map(({ type, payload }) => ({ type, payload }));
  const { bumpOf } = dataVersions(dataSource);
  let next = 4700000;

  async function newCustomer(): Promise<string> {
    const id = String((next += 1));
    await new CustomerImport(dataSource()).importBundle(emptyBundle(id));
    return id;
  }

  it.each([
    ['ES', 'es'],
    ['zh-hant', 'zh-Hant'],
    ['fil', 'tl'],
  ])('stores %s as %s, stamped, with a preferences.changed event, the data version bumped', async (sent, canonical) => {
    const id = await newCustomer();
    expect(await bumpOf(id, () => setLanguage({ customerId: id, language: sent, modifiedBy: 'RESIDENT' }))).toBe(1);
    const language = { language: canonical, modifiedBy: 'RESIDENT', modifiedAt: expect.stringMatching(CANONICAL_TIME) };
    expect(await stored(id)).toEqual(language);
    expect(await eventsOf(id)).toEqual([{ type: 'preferences.changed', payload: { modifiedBy: 'RESIDENT' } }]);
  });

  it('clears the language with null, and the language it already has changes nothing', async () => {
    const id = await newCustomer();
    await setLanguage({ customerId: id, language: 'vi', modifiedBy: 'portal' });
    const before = await stored(id);
    expect(await setLanguage({ customerId: id, language: 'VI', modifiedBy: 'other' })).toEqual({ kind: 'set', language: before });
    expect(await eventsOf(id)).toHaveLength(1);
    expect(await setLanguage({ customerId: id, language: null, modifiedBy: 'portal' })).toEqual({
      kind: 'set',
      language: { language: null, modifiedBy: 'portal', modifiedAt: expect.stringMatching(CANONICAL_TIME) },
    });
    expect(await eventsOf(id)).toHaveLength(2);
  });

  it('refuses a tag the hauler does not offer and writes nothing', async () => {
    const id = await newCustomer();
    await setLanguage({ customerId: id, language: 'es', modifiedBy: 'portal' });
    const before = await stored(id);
    for (const tag of ['fr', 'zh', 'not a tag']) {
      const refuse = async () => expect(await setLanguage({ customerId: id, language: tag, modifiedBy: 'portal' })).toEqual({ kind: 'unsupported', offered: OFFERED });
      expect(await bumpOf(id, refuse)).toBe(0);
    }
    expect(await stored(id)).toEqual(before);
    expect(await eventsOf(id)).toHaveLength(1);
  });

  it('lets the precondition refuse, and then writes nothing', async () => {
    const id = await newCustomer();
    const refused = new Error('stale');
    await expect(
      setLanguage({
        customerId: id,
        language: 'ko',
        modifiedBy: 'portal',
        precondition: (current) => {
          expect(current.language).toBeNull();
          throw refused;
        },
      }),
    ).rejects.toBe(refused);
    expect((await stored(id))?.language).toBeNull();
    expect(await eventsOf(id)).toEqual([]);
  });
});
