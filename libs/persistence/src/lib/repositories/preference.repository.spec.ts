import { testDatabases } from '@curbside/testing';
import { useDatabase } from '../../../test/database';
import { emptyBundle, preferences } from '../../../test/fixtures';
import { CustomerRepository } from './customer.repository';
import { EventRepository } from './event.repository';
import { PreferenceRepository } from './preference.repository';

const CANONICAL_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}$/;

describe.each(testDatabases())('PreferenceRepository on $name', (db) => {
  const dataSource = useDatabase(db);
  const repository = () => new PreferenceRepository(dataSource());
  const events = () => new EventRepository(dataSource());

  it('lists preferences as stored', async () => {
    await new CustomerRepository(dataSource()).importBundle({ ...emptyBundle('4000001'), preferences: preferences() });
    expect(await repository().list('4000001')).toEqual(preferences());
  });

  it('reads the preferences of many customers set-wise, each as list() reads it', async () => {
    const customers = new CustomerRepository(dataSource());
    await customers.importBundle({ ...emptyBundle('4000011'), preferences: preferences() });
    await customers.importBundle({ ...emptyBundle('4000012'), preferences: preferences().slice(1) });
    await customers.importBundle(emptyBundle('4000013'));

    const many = await repository().listOf(['4000012', '4000011', '4000013', '4000011']);
    expect([...many.keys()]).toEqual(['4000012', '4000011', '4000013']);
    for (const id of many.keys()) expect(many.get(id)).toEqual(await repository().list(id));
    expect(many.get('4000012')).toEqual(preferences().slice(1));
    expect(many.get('4000013')).toEqual([]);
  });

  it('updates a selection by category, channel and type, stamping who changed it and when', async () => {
    await new CustomerRepository(dataSource()).importBundle({ ...emptyBundle('4000002'), preferences: preferences() });
    await repository().updateSelections(
      '4000002',
      [{ category: 'Service Notification', channel: 'Email', type: 'SEMAIL', value: 'ops@acme.example', optIn: true }],
      'portal.user7',
    );

    const [notification, exception] = await repository().list('4000002');
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
    await new CustomerRepository(dataSource()).importBundle(emptyBundle('4000003'));
    await repository().updateSelections(
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
    const stored = await repository().list('4000003');
    expect(stored).toEqual([
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
    await new CustomerRepository(dataSource()).importBundle({ ...emptyBundle('4000004'), preferences: preferences() });
    await repository().updateSelections('4000004', [], 'portal.user9');
    expect(await repository().list('4000004')).toEqual(preferences());
    expect(await events().list('4000004')).toEqual([]);
  });
});
