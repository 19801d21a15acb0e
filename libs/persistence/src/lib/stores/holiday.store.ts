import type { Holiday } from '@curbside/domain';
import { EntityManager } from 'typeorm';
import { HolidayEntity } from '../entities';
import { touchAllCustomers } from './data-version.store';
import { insertRows } from '../sql/insert-rows';

/** The holiday calendar, by date; `from`/`to` (inclusive) narrow it. */
export async function loadHolidays(
  manager: EntityManager,
  range: { from: string | null; to: string | null } = { from: null, to: null },
): Promise<Holiday[]> {
  const query = manager.createQueryBuilder(HolidayEntity, 'h').orderBy('h.date', 'ASC');
  if (range.from !== null) query.andWhere('h.date >= :from', { from: range.from });
  if (range.to !== null) query.andWhere('h.date <= :to', { to: range.to });
  return (await query.getMany()).map(({ date, name, delayDays }) => ({ date, name, delayDays: Number(delayDays) }));
}

/** Creates or replaces holidays by date; the others stay. Returns how many were replaced. */
export async function replaceHolidays(manager: EntityManager, holidays: readonly Holiday[]): Promise<number> {
  if (holidays.length === 0) return 0;
  const dates = holidays.map((holiday) => holiday.date);
  const replaced = await manager.createQueryBuilder(HolidayEntity, 'h').where('h.date IN (:...dates)', { dates }).getCount();
  await manager.createQueryBuilder().delete().from(HolidayEntity).where('date IN (:...dates)', { dates }).execute();
  await insertRows(manager, HolidayEntity, [...holidays]);
  await touchAllCustomers(manager);
  return replaced;
}
