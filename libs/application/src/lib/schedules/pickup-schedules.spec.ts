import { CALENDAR_MESSAGES } from '@curbside/codecs';
import { messagesFor } from '@curbside/messages';
import { emptyBundle, type Holiday } from '@curbside/domain';
import { CustomerImport } from '../import/customer-import';
import { HolidayRepository, PickupRepository, ServiceRepository } from '@curbside/persistence';
import { pickup, service, useDatabase } from '@curbside/persistence/testing';
import { testDatabases } from '@curbside/testing';
import { PickupSchedules } from './pickup-schedules';

const TODAY = '2026-11-24'; // a Tuesday
const THANKSGIVING: Holiday = { date: '2026-11-26', name: 'Thanksgiving', delayDays: 1 };
/** Picked up every Monday and Thursday. */
const cart = { ...service('501'), name: 'Cart', schedule: { days: ['MONDAY' as const, 'THURSDAY' as const], everyWeeks: 1, startsOn: '2026-01-05' } };
/** Not picked up: inactive. */
const stopped = { ...service('502'), status: 'Inactive' as const, schedule: { days: ['TUESDAY' as const], everyWeeks: 1, startsOn: '2026-01-06' } };

describe.each(testDatabases())('PickupSchedules on $name', (db) => {
  const dataSource = useDatabase(db);
  const schedules = () => new PickupSchedules(new ServiceRepository(dataSource()), new PickupRepository(dataSource()), new HolidayRepository(dataSource()));
  const importCustomer = (id: string, pickups = [pickup('501', '2026-11-20')]) =>
    new CustomerImport(dataSource()).importBundle({ ...emptyBundle(id), services: [cart, stopped], pickups });

  beforeAll(async () => {
    await new HolidayRepository(dataSource()).importHolidays([THANKSGIVING]);
    await importCustomer('5000001');
    await importCustomer('5000002', [pickup('501', '2026-11-27', { status: 'Confirmed Positive' })]);
  });

  it('answers the next pickup of each scheduled service, holiday moves applied', async () => {
    expect(await schedules().nextPickups('5000001', TODAY)).toEqual([
      { service: cart, name: 'Cart', next: { date: '2026-11-27', scheduledDate: '2026-11-26', holidays: [THANKSGIVING] } },
    ]);
  });

  it('skips a pickup the customer\u2019s records confirm as done, and reads no other customer\u2019s', async () => {
    const [next] = await schedules().nextPickups('5000002', TODAY);
    expect(next.next).toEqual({ date: '2026-11-30', scheduledDate: '2026-11-30', holidays: [] });
    expect((await schedules().nextPickups('5000001', TODAY))[0].next?.date).toBe('2026-11-27');
  });

  it('answers no next pickup for a customer without services', async () => {
    await new CustomerImport(dataSource()).importBundle(emptyBundle('5000003'));
    expect(await schedules().nextPickups('5000003', TODAY)).toEqual([]);
  });

  it('writes the calendar of the scheduled services from today, holiday moves applied', async () => {
    const calendar = await schedules().calendar('5000001', TODAY, messagesFor({ languages: ['en'] }).writer('en', CALENDAR_MESSAGES));
    expect(calendar).toContain('Pickups of customer 5000001');
    expect(calendar).toContain('DTSTART;VALUE=DATE:20261127');
    expect(calendar).not.toContain('DTSTART;VALUE=DATE:20261126');
    expect(calendar).toContain('SUMMARY;LANGUAGE=en:Cart pickup (moved: Thanksgiving)');
    // 12 weeks of the cart's two pickups a week, none of the inactive service's
    expect(calendar.match(/SUMMARY;LANGUAGE=en:Cart pickup/g)).toHaveLength(24);
    expect(calendar.match(/BEGIN:VEVENT/g)).toHaveLength(24);
  });
});
