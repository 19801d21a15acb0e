import { isConfirmed, PICKUP_STATUSES } from '@curbside/domain';
import type { DateRange, Holiday, Id, ImportFile, ListQuery, LocalDate, Note, Page, Pickup, Profile } from '@curbside/domain';
import { DataSource } from 'typeorm';
import { inRead, inTransaction } from '../database/index';
import { HolidayEntity, NoteEntity, PickupEntity } from '../entities';
import type { ImportCount } from '../stores/resources';
import { loadHolidays, replaceHolidays } from '../stores/holiday.store';
import { toNote } from '../stores/note.store';
import { pickupOrder, toPickup } from '../stores/pickup.store';
import { profileStore } from '../stores/profile.store';
import { inRange } from '../sql/query-steps';
import { mapItems, selectRowPage } from '../sql/select-page';
import { selectRows } from '../sql/select-rows';

/*
 * Reads of the records of the published operations (CONTRACT §6). They are written by import
 * (the application's CustomerImport, HolidayRepository.importHolidays).
 */

/**
 * `status IN (…)` of the confirmed statuses, written as literals, not bound: the confirmed pickups'
 * list-order index is partial on this very condition (`NotesPickupsListOrder1765300000000`), and
 * neither driver can tell a bound list implies it. The statuses are the domain's constants.
 */
const CONFIRMED_STATUSES = PICKUP_STATUSES.filter(isConfirmed)
  .map((status) => `'${status.replace(/'/g, "''")}'`)
  .join(', ');

export class PickupRepository {
  constructor(private readonly dataSource: DataSource) {}

  /** Pickups planned within the range, newest planned date first. */
  async list(customerId: Id, range: DateRange): Promise<Pickup[]> {
    const rows = await inRead(this.dataSource, (manager) =>
      selectRows(manager, PickupEntity, customerId, { where: inRange('plannedDate', range), order: pickupOrder }),
    );
    return rows.map(toPickup);
  }

  /**
   * A page of the pickups with a `Confirmed …` status planned within the list's range (the
   * `services/stats` window), newest planned date first; within a day by stored key.
   */
  async confirmed(customerId: Id, list: ListQuery): Promise<Page<Pickup>> {
    const page = await inRead(this.dataSource, (manager) =>
      selectRowPage(manager, PickupEntity, customerId, 'plannedDate', list, {
        tieBreak: 'key',
        where: (query) => query.andWhere(`${query.alias}.status IN (${CONFIRMED_STATUSES})`),
      }),
    );
    return mapItems(page, toPickup);
  }

  /** The pickups of one service planned on one day (several for a roll-off: one per ticket). */
  async forServiceOn(customerId: Id, serviceId: Id, date: LocalDate): Promise<Pickup[]> {
    const rows = await inRead(this.dataSource, (manager) =>
      selectRows(manager, PickupEntity, customerId, {
        where: (query) =>
          query
            .andWhere(`${query.alias}.plannedDate = :date`, { date })
            .andWhere(`${query.alias}.serviceId = :serviceId`, { serviceId }),
        order: pickupOrder,
      }),
    );
    return rows.map(toPickup);
  }
}

export class ProfileRepository {
  constructor(private readonly dataSource: DataSource) {}

  /** The customer's portal profiles, by id. */
  list(customerId: Id): Promise<Profile[]> {
    return inRead(this.dataSource, (manager) => profileStore.load(manager, customerId));
  }
}

export class NoteRepository {
  constructor(private readonly dataSource: DataSource) {}

  /** A page of the notes created within the list's range, newest first (see `noteOrder`). */
  async list(customerId: Id, list: ListQuery): Promise<Page<Note>> {
    const page = await inRead(this.dataSource, (manager) =>
      selectRowPage(manager, NoteEntity, customerId, 'createdAt', list, { tieBreak: 'key' }),
    );
    return mapItems(page, toNote);
  }
}

export class HolidayRepository {
  constructor(private readonly dataSource: DataSource) {}

  /** The holidays within the range (inclusive; either end may be open), by date. */
  list(range: DateRange = { from: null, to: null }): Promise<Holiday[]> {
    return inRead(this.dataSource, (manager) => loadHolidays(manager, range));
  }

  /** True when the holiday calendar holds any holiday. */
  any(): Promise<boolean> {
    return inRead(this.dataSource, (manager) => manager.exists(HolidayEntity));
  }

  /** Creates or replaces an import file's holidays by date, in one transaction; the others stay. */
  importHolidays(holidays: ImportFile['holidays']): Promise<ImportCount> {
    return inTransaction(this.dataSource, async (manager) => {
      const replaced = await replaceHolidays(manager, holidays);
      return { created: holidays.length - replaced, replaced };
    });
  }
}
