import { testDatabases } from '@curbside/testing';
import { useDatabase } from '../../../test/support/database';
import { storeBundles } from '../../../test/support/stored-bundles';
import { emptyBundle, preferences } from '../../../test/support/fixtures';
import { PreferenceRepository } from './preference.repository';

describe.each(testDatabases())('PreferenceRepository on $name', (db) => {
  const dataSource = useDatabase(db);
  const repository = () => new PreferenceRepository(dataSource());

  it('lists preferences as stored', async () => {
    await storeBundles(dataSource(), { ...emptyBundle('4000001'), preferences: preferences() });
    expect(await repository().list('4000001')).toEqual(preferences());
  });

  it('reads the preferences of many customers set-wise, each as list() reads it', async () => {
    await storeBundles(dataSource(), { ...emptyBundle('4000011'), preferences: preferences() });
    await storeBundles(dataSource(), { ...emptyBundle('4000012'), preferences: preferences().slice(1) });
    await storeBundles(dataSource(), emptyBundle('4000013'));

    const many = await repository().listOf(['4000012', '4000011', '4000013', '4000011']);
    expect([...many.keys()]).toEqual(['4000012', '4000011', '4000013']);
    for (const id of many.keys()) expect(many.get(id)).toEqual(await repository().list(id));
    expect(many.get('4000012')).toEqual(preferences().slice(1));
    expect(many.get('4000013')).toEqual([]);
  });
});
