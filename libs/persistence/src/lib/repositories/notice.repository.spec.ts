import { testDatabases } from '@curbside/testing';
import { isScheduledService, type ServiceStatus } from '@curbside/domain';
import { useDatabase } from '../../../test/support/database';
import { storeBundles } from '../../../test/support/stored-bundles';
import { emptyBundle, service } from '../../../test/support/fixtures';
import { ServiceEntity } from '../entities';
import { NoticeRepository } from './notice.repository';
import { ServiceRepository } from './service.repository';

/** The schedule's three columns: each set (true) or null (false). */
type ScheduleColumns = { days: boolean; everyWeeks: boolean; startsOn: boolean };

/** Every status with every mix of the schedule's columns, and whether the rule picks the service up. */
const CASES: Array<{ status: ServiceStatus; columns: ScheduleColumns; scheduled: boolean }> = (['Active', 'Inactive'] as const).flatMap((status) =>
  [false, true].flatMap((days) =>
    [false, true].flatMap((everyWeeks) =>
      [false, true].map((startsOn) => ({ status, columns: { days, everyWeeks, startsOn }, scheduled: status === 'Active' && days && everyWeeks && startsOn })),
    ),
  ),
);

describe.each(testDatabases())('the notices\' SQL for a scheduled service on $name', (db) => {
  const dataSource = useDatabase(db);

  it('picks exactly the services the domain\'s isScheduledService picks, on every case', async () => {
    const customerId = '7700001';
    const services = CASES.map(({ status }, index) => ({ ...service(String(101 + index)), status }));
    await storeBundles(dataSource(), { ...emptyBundle(customerId), services });
    for (const [index, { columns }] of CASES.entries()) {
      const nulls = {
        ...(columns.days ? {} : { scheduleDays: null }),
        ...(columns.everyWeeks ? {} : { scheduleEveryWeeks: null }),
        ...(columns.startsOn ? {} : { scheduleStartsOn: null }),
      };
      if (Object.keys(nulls).length === 0) continue;
      await dataSource()
        .createQueryBuilder()
        .update(ServiceEntity)
        .set(nulls)
        .where('customerId = :customerId AND id = :id', { customerId, id: services[index].id })
        .execute();
    }

    const bySql = ((await new NoticeRepository(dataSource()).scheduledServicesAfter(null, 10)).get(customerId) ?? []).map(({ id }) => id);
    const byDomain = (await new ServiceRepository(dataSource()).list(customerId)).filter(isScheduledService).map(({ id }) => id);
    const expected = services.filter((_, index) => CASES[index].scheduled).map(({ id }) => id);

    expect(expected).toHaveLength(1);
    expect(bySql).toEqual(expected);
    expect(byDomain).toEqual(expected);
  });
});
