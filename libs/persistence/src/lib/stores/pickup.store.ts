import { pickupKey } from '@curbside/domain';
import type { Pickup, PickupStatus } from '@curbside/domain';
import { PickupEntity } from '../entities';
import type { RecordStore } from './record-store';
import { deleteRows } from '../sql/delete-rows';
import { insertRows } from '../sql/insert-rows';
import type { QueryStep } from '../sql/query-steps';
import { selectRows, withKeys } from '../sql/select-rows';

/*
 * The pickups of the published operations (CONTRACT §6); their profiles, notes and the company's
 * holiday calendar are in profile.store.ts, note.store.ts and holiday.store.ts.
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
