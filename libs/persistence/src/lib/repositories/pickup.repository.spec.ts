import { testDatabases } from '@curbside/testing';
import { wholeList, type DateRange, type Holiday } from '@curbside/domain';
import { useDatabase } from '../../../test/support/database';
import { emptyBundle, fullBundle, pickup } from '../../../test/support/fixtures';
import { storeBundles } from '../../../test/support/stored-bundles';
import { CaseRepository } from './case.repository';
import { HolidayRepository, NoteRepository, PickupRepository, ProfileRepository } from './pickup.repository';
import { ServiceRepository } from './service.repository';

const everything = { from: null, to: null };

describe.each(testDatabases())('the records of the published operations on $name', (db) => {
  const dataSource = useDatabase(db);

  it('reads pickups by planned-date range, newest first, and one service on one day', async () => {
    await storeBundles(dataSource(), fullBundle('5000002'));
    await storeBundles(dataSource(), { ...emptyBundle('5000003'), pickups: [pickup('101', '2024-03-04')] });
    const pickups = new PickupRepository(dataSource());
    const { pickups: all } = fullBundle('5000002');

    expect(await pickups.list('5000002', everything)).toEqual(all);
    expect(await pickups.list('5000002', { from: '2024-03-05', to: null })).toEqual([all[0]]);
    expect(await pickups.list('5000002', { from: null, to: '2024-03-04' })).toEqual(all.slice(1));
    expect(await pickups.list('5000002', { from: '2024-03-05', to: '2024-03-06' })).toEqual([]);
    expect(await pickups.forServiceOn('5000002', '101', '2024-03-04')).toEqual([all[1], all[2]]);
    expect(await pickups.forServiceOn('5000002', '101', '2024-03-07')).toEqual([]);
    expect(await pickups.forServiceOn('5000003', '101', '2024-03-04')).toHaveLength(1);
  });

  it('reads services with their schedule, equipment and routes, a case with its details, profiles and notes', async () => {
    await storeBundles(dataSource(), fullBundle('5000004'));
    const bundle = fullBundle('5000004');
    expect(await new ServiceRepository(dataSource()).list('5000004')).toEqual(bundle.services);
    expect(await new CaseRepository(dataSource()).find('5000004', '3302')).toEqual(bundle.cases[0]);
    expect(await new CaseRepository(dataSource()).find('5000004', '9999')).toBeNull();
    expect(await new CaseRepository(dataSource()).find('5000005', '3302')).toBeNull();
    expect((await new CaseRepository(dataSource()).list('5000004', wholeList(everything))).items).toEqual(bundle.cases);
    expect(await new ProfileRepository(dataSource()).list('5000004')).toEqual(bundle.profiles);
    const notes = new NoteRepository(dataSource());
    const notesWithin = async (range: DateRange) => (await notes.list('5000004', wholeList(range))).items;
    expect(await notesWithin(everything)).toEqual(bundle.notes);
    expect(await notesWithin({ from: '2024-03-01', to: '2024-03-05' })).toEqual([bundle.notes[0]]);
    expect(await notesWithin({ from: null, to: '2024-02-29' })).toEqual([bundle.notes[1]]);
  });

  it('replaces holidays by date and keeps the others; lists them by date within a range', async () => {
    const holidays = new HolidayRepository(dataSource());
    const christmas: Holiday = { date: '2031-12-25', name: 'Christmas Day', delayDays: 1 };
    const newYear: Holiday = { date: '2032-01-01', name: "New Year's Day", delayDays: 1 };
    const thanksgiving: Holiday = { date: '2031-11-27', name: 'Thanksgiving Day', delayDays: 1 };
    expect(await holidays.importHolidays([christmas, newYear])).toEqual({ created: 2, replaced: 0 });
    const longerChristmas = { ...christmas, name: 'Christmas', delayDays: 2 };
    expect(await holidays.importHolidays([longerChristmas, thanksgiving])).toEqual({ created: 1, replaced: 1 });
    expect(await holidays.importHolidays([])).toEqual({ created: 0, replaced: 0 });

    expect(await holidays.list({ from: '2031-01-01', to: '2032-12-31' })).toEqual([thanksgiving, longerChristmas, newYear]);
    expect(await holidays.list({ from: '2031-12-01', to: '2031-12-31' })).toEqual([longerChristmas]);
    expect(await holidays.list({ from: '2031-11-28', to: '2031-12-24' })).toEqual([]);
  });
});
