import { createHash } from 'node:crypto';
import { noteKey, pickupKey } from '@curbside/domain';
import type { Holiday, Note, Pickup, PickupStatus, Profile } from '@curbside/domain';
import { EntityManager } from 'typeorm';
import { HolidayEntity, NoteEntity, PickupEntity, ProfileEntity } from '../entities';
import { touchAllCustomers } from './data-version.store';
import type { RecordStore } from './record-store';
import { type QueryStep, byId, deleteRows, insertRows, newestFirst, selectRows, withKeys } from './rows';

/*
 * The records of the published operations (CONTRACT §6) that are not parts of older records:
 * pickups, profiles, notes, and the company's holiday calendar.
 */

/** Newest planned date first; within a day by service id (numerically), then ticket number. */
export const pickupOrder: QueryStep = (query) =>
  query
    .orderBy(`${query.alias}.plannedDate`, 'DESC')
    .addOrderBy(`LENGTH(${query.alias}.serviceId)`, 'ASC')
    .addOrderBy(`${query.alias}.serviceId`, 'ASC')
    .addOrderBy(`${query.alias}.key`, 'ASC');

export const pickupStore: RecordStore<Pickup> = {
  key: pickupKey,
  load: async (manager, customerId, keys) =>
    (await selectRows(manager, PickupEntity, customerId, { keys: withKeys('key', keys), order: pickupOrder })).map(
      toPickup,
    ),
  insert: (manager, customerId, pickups) =>
    insertRows(
      manager,
      PickupEntity,
      pickups.map((pickup) => toPickupRow(customerId, pickup)),
    ),
  delete: (manager, customerId, keys) => deleteRows(manager, PickupEntity, customerId, 'key', keys),
};

function toPickupRow(customerId: string, pickup: Pickup): PickupEntity {
  const { operations, eta, ...columns } = pickup;
  return {
    customerId,
    key: pickupKey(pickup),
    ...columns,
    routeId: operations.routeId,
    routeOrderNumber: operations.routeOrderNumber,
    hasEta: eta !== null,
    etaFrom: eta?.from ?? null,
    etaTo: eta?.to ?? null,
    etaReasonCode: eta?.reasonCode ?? null,
    etaReasonText: eta?.reasonText ?? null,
    etaServicedAt: eta?.servicedAt ?? null,
    etaRouteId: eta?.routeId ?? null,
  };
}

export function toPickup(row: Omit<PickupEntity, 'customerId'>): Pickup {
  return {
    serviceId: row.serviceId,
    status: row.status as PickupStatus,
    ticketNumber: row.ticketNumber,
    plannedDate: row.plannedDate,
    orderedDate: row.orderedDate,
    ticketType: row.ticketType,
    ticketLoadType: row.ticketLoadType,
    lineOfBusiness: row.lineOfBusiness,
    exceptionReasonCode: row.exceptionReasonCode,
    exceptionClass: row.exceptionClass,
    serviceTime: row.serviceTime,
    operations: { routeId: row.routeId, routeOrderNumber: row.routeOrderNumber },
    eta: row.hasEta
      ? {
          from: row.etaFrom,
          to: row.etaTo,
          reasonCode: row.etaReasonCode,
          reasonText: row.etaReasonText,
          servicedAt: row.etaServicedAt,
          routeId: row.etaRouteId,
        }
      : null,
  };
}

export const profileStore: RecordStore<Profile> = {
  key: (profile) => profile.id,
  load: (manager, customerId, keys) =>
    selectRows(manager, ProfileEntity, customerId, { keys: withKeys('id', keys), order: byId }).then((rows) =>
      rows.map(({ customerId: _customerId, owner: _owner, ...profile }) => profile),
    ),
  insert: (manager, customerId, profiles) =>
    insertRows(
      manager,
      ProfileEntity,
      profiles.map((profile) => ({ customerId, ...profile })),
    ),
  delete: (manager, customerId, keys) => deleteRows(manager, ProfileEntity, customerId, 'id', keys),
};

/** Newest note first; notes written at the same moment by their stored key (the order `NoteRepository.list` pages in). */
const noteOrder: QueryStep = newestFirst('createdAt', 'key');

/** A note's stored key: a digest of `noteKey`, which may be as long as the comment. */
const storedNoteKey = (note: Note): string => createHash('sha256').update(noteKey(note)).digest('hex');

export const noteStore: RecordStore<Note> = {
  key: storedNoteKey,
  load: async (manager, customerId, keys) =>
    (await selectRows(manager, NoteEntity, customerId, { keys: withKeys('key', keys), order: noteOrder })).map(toNote),
  insert: (manager, customerId, notes) =>
    insertRows(
      manager,
      NoteEntity,
      notes.map((note) => ({
        customerId,
        key: storedNoteKey(note),
        comment: note.comment,
        createdAt: note.createdAt,
        auditCreatedAt: note.audit.createdAt,
        auditCreatedBy: note.audit.createdBy,
      })),
    ),
  delete: (manager, customerId, keys) => deleteRows(manager, NoteEntity, customerId, 'key', keys),
};

export const toNote = (row: Omit<NoteEntity, 'customerId' | 'key'>): Note => ({
  comment: row.comment,
  createdAt: row.createdAt,
  audit: { createdAt: row.auditCreatedAt, createdBy: row.auditCreatedBy },
});

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
