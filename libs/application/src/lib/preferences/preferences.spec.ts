import type { Id, PreferenceCategory, SelectionUpdate } from '@curbside/domain';
import { CustomerImport } from '../import/customer-import';
import { testDatabases } from '@curbside/testing';
import { dataVersions, emptyBundle, preferences, service, useDatabase } from '@curbside/persistence/testing';
import { EventRepository, PreferenceRepository } from '@curbside/persistence';
import { SetTextOptIn } from './set-text-opt-in';
import { Unsubscribe } from './unsubscribe';
import { UpdatePreferences } from './update-preferences';

const CANONICAL_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}$/;

describe.each(testDatabases())('the preference use cases on $name', (db) => {
  const dataSource = useDatabase(db);
  const customers = () => new CustomerImport(dataSource());
  const events = () => new EventRepository(dataSource());
  const stored = (customerId: Id) => new PreferenceRepository(dataSource()).list(customerId);
  const update = (customerId: Id, updates: SelectionUpdate[], modifiedBy: string) =>
    new UpdatePreferences(dataSource()).execute(customerId, updates, modifiedBy);
  const unsubscribe = (customerId: Id, category: PreferenceCategory, address: string) =>
    new Unsubscribe(dataSource()).execute(customerId, category, address);
  const setTextOptIn = (phone: string, optIn: boolean, by: string) => new SetTextOptIn(dataSource()).execute(phone, optIn, by);
  const { versionOf, bumpOf } = dataVersions(dataSource);
  let next = 4100000;

  /** A new customer with a scheduled cart service. */
  async function newCustomer(): Promise<string> {
    const id = String((next += 1));
    const cart = { ...service('501'), schedule: { days: ['MONDAY' as const], everyWeeks: 1, startsOn: '2026-01-05' } };
    await customers().importBundle({ ...emptyBundle(id), services: [cart] });
    return id;
  }

  describe('UpdatePreferences (PUT op 10)', () => {
    it('updates a selection by category, channel and type, stamping who changed it and when', async () => {
      await customers().importBundle({ ...emptyBundle('4000002'), preferences: preferences() });
      await update(
        '4000002',
        [{ category: 'Service Notification', channel: 'Email', type: 'SEMAIL', value: 'ops@acme.example', optIn: true }],
        'portal.user7',
      );

      const [notification, exception] = await stored('4000002');
      const [billing, updated] = notification.channels[0].selections;
      expect(billing).toEqual(preferences()[0].channels[0].selections[0]);
      expect(updated).toEqual({
        type: 'SEMAIL',
        value: 'ops@acme.example',
        optIn: true,
        audit: {
          createdBy: 'csr.jdoe',
          createdAt: '2023-05-01T12:00:00.000',
          modifiedBy: 'portal.user7',
          modifiedAt: expect.stringMatching(CANONICAL_TIME),
        },
      });
      expect(exception).toEqual(preferences()[1]);
      expect((await events().list('4000002')).map(({ type, payload }) => ({ type, payload }))).toEqual([
        { type: 'preferences.changed', payload: { modifiedBy: 'portal.user7' } },
      ]);
    });

    it('creates the category, channel and selection a change names when they are missing', async () => {
      await customers().importBundle(emptyBundle('4000003'));
      await update(
        '4000003',
        [
          { category: 'Service Exception', channel: 'Text', type: 'SMOBILE', value: '2175550142', optIn: true },
          { category: 'Service Exception', channel: 'Text', type: 'BMOBILE', value: '2175550100', optIn: false },
        ],
        'portal.user8',
      );

      const audit = (time: unknown) => ({
        createdBy: 'portal.user8',
        createdAt: time,
        modifiedBy: 'portal.user8',
        modifiedAt: time,
      });
      const after = await stored('4000003');
      expect(after).toEqual([
        {
          category: 'Service Exception',
          enabled: true,
          channels: [
            {
              name: 'Text',
              optIn: true,
              selections: [
                {
                  type: 'SMOBILE',
                  value: '2175550142',
                  optIn: true,
                  audit: audit(expect.stringMatching(CANONICAL_TIME)),
                },
                {
                  type: 'BMOBILE',
                  value: '2175550100',
                  optIn: false,
                  audit: audit(expect.stringMatching(CANONICAL_TIME)),
                },
              ],
              options: [],
            },
          ],
        },
      ]);
      expect(await events().list('4000003')).toHaveLength(1);
    });

    it('changes nothing and writes no event for an empty update', async () => {
      await customers().importBundle({ ...emptyBundle('4000004'), preferences: preferences() });
      await update('4000004', [], 'portal.user9');
      expect(await stored('4000004')).toEqual(preferences());
      expect(await events().list('4000004')).toEqual([]);
    });
  });

  describe('Unsubscribe and SetTextOptIn', () => {
    it('unsubscribe opts out the Email selections of one category at the address, in any case, and nothing else', async () => {
      const id = await newCustomer();
      const email = (category: PreferenceCategory, type: 'SEMAIL' | 'BEMAIL', value: string) => ({ category, channel: 'Email' as const, type, value, optIn: true });
      await update(id, [email('Service Notification', 'SEMAIL', 'Resident@Example.com'), email('Service Notification', 'BEMAIL', 'billing@example.com'), email('Service Exception', 'SEMAIL', 'resident@example.com')], 'portal');
      expect(await unsubscribe(id, 'Service Notification', 'resident@EXAMPLE.com')).toBe(1);
      const optIns = (await stored(id)).flatMap((p) => p.channels.flatMap((c) => c.selections.map((s) => `${p.category}/${s.type}:${s.optIn ? 'Y' : 'N'} by ${s.audit.modifiedBy}`)));
      expect(optIns).toEqual(['Service Notification/SEMAIL:N by UNSUBSCRIBE', 'Service Notification/BEMAIL:Y by portal', 'Service Exception/SEMAIL:Y by portal']);
      expect((await events().list(id)).map((event) => event.payload)).toEqual([{ modifiedBy: 'portal' }, { modifiedBy: 'UNSUBSCRIBE' }]);
    });

    it('a number without digits changes no one', async () => {
      expect(await setTextOptIn('STOP', false, 'STOP')).toEqual([]);
    });

    it('PUT communication-preferences (UpdatePreferences) bumps it', async () => {
      const id = await newCustomer();
      const selection = { category: 'Service Notification' as const, channel: 'Email' as const, type: 'SEMAIL' as const, value: 'a@example.com', optIn: true };
      expect(await bumpOf(id, () => update(id, [selection], 'portal'))).toBe(1);
    });

    it('one-click unsubscribe (Unsubscribe) bumps it when it opts out, not on a repeat', async () => {
      const id = await newCustomer();
      const email = { category: 'Service Notification' as const, channel: 'Email' as const, type: 'SEMAIL' as const, value: 'a@example.com', optIn: true };
      await update(id, [email], 'portal');
      expect(await bumpOf(id, () => unsubscribe(id, 'Service Notification', 'A@example.com'))).toBe(1);
      expect(await bumpOf(id, () => unsubscribe(id, 'Service Notification', 'a@example.com'))).toBe(0);
    });

    it('STOP and START by text (SetTextOptIn) bump every customer whose number it changes', async () => {
      const [first, second, other] = [await newCustomer(), await newCustomer(), await newCustomer()];
      const text = (value: string) => ({ category: 'Service Exception' as const, channel: 'Text' as const, type: 'SMOBILE' as const, value, optIn: true });
      await update(first, [text('+1 (555) 010-0199')], 'portal');
      await update(second, [text('555.010.0199')], 'portal');
      await update(other, [text('555-010-0200')], 'portal');
      const versions = () => Promise.all([first, second, other].map(versionOf));
      const before = await versions();
      expect((await setTextOptIn('+15550100199', false, 'STOP')).sort()).toEqual([first, second].sort());
      expect((await versions()).map((version, i) => version - before[i])).toEqual([1, 1, 0]);
      expect(await setTextOptIn('+15550100199', false, 'STOP')).toEqual([]);
      expect((await versions()).map((version, i) => version - before[i])).toEqual([1, 1, 0]);
      expect((await setTextOptIn('15550100199', true, 'START')).sort()).toEqual([first, second].sort());
      expect((await versions()).map((version, i) => version - before[i])).toEqual([2, 2, 0]);
    });
  });
});
