import { PICKUP_STATUSES } from '@curbside/domain';
import type { EtaView, Pickup, PickupEta, PickupStatsSummary } from '@curbside/domain';
import { usLongDateShape, usLongDateTimeShape } from './dates';
import { type ObjectReader, count, dateIn, decodeStrictly, id, isoInstant, oneOf, text } from './reader';
import { dateOrNull, inOrder, orNull } from './wire';
import type { WireEta, WirePickupRecord, WirePlanEntry, WireStatsEntry, WireStatsSummary } from '@curbside/contract';

const utc = isoInstant('utc');

function readEta(r: ObjectReader): PickupEta {
  return {
    from: r.optional('from', utc),
    to: r.optional('to', utc),
    reasonCode: r.optional('reason_code', text),
    reasonText: r.optional('reason_text', text),
    servicedAt: r.optional('serviced_date_time', utc),
    routeId: r.optional('route_id', text),
  };
}

/** Reads a pickup record: `id` is the service's id; dates `MM/dd/yyyy`, ETA times ISO-8601 UTC. */
export function readPickup(r: ObjectReader): Pickup {
  return {
    serviceId: r.required('id', id),
    status: r.required('status', oneOf(PICKUP_STATUSES)),
    ticketNumber: r.optional('ticket_number', text),
    plannedDate: r.required('planned_date', dateIn(usLongDateShape)),
    orderedDate: r.optional('ordered_date', dateIn(usLongDateShape)),
    ticketType: r.optional('ticket_type', text),
    ticketLoadType: r.optional('ticket_load_type', text),
    lineOfBusiness: r.optional('line_of_business', text),
    exceptionReasonCode: r.optional('exception_reason_code', text),
    exceptionClass: r.optional('exception_class', text),
    serviceTime: r.optional('service_time', dateIn(usLongDateTimeShape)),
    operations: r.object('operations', (o) => ({
      routeId: o.optional('route_id', text),
      routeOrderNumber: o.optional('route_order_number', text),
    })),
    eta: r.has('eta') ? r.object('eta', readEta) : null,
  };
}

export const encodeEta = (eta: PickupEta): Omit<WireEta, 'day_of_week_name'> => ({
  from: orNull(eta.from),
  to: orNull(eta.to),
  reason_code: orNull(eta.reasonCode),
  reason_text: orNull(eta.reasonText),
  serviced_date_time: orNull(eta.servicedAt),
  route_id: orNull(eta.routeId),
});

/** The members of a `services/plan` entry, as published. */
export const PLAN_MEMBERS = ['id', 'status', 'ticket_number', 'planned_date', 'ordered_date', 'ticket_load_type', 'line_of_business', 'operations'] as const;

/** The members of a `services/stats` entry: the published ones, then the line of business and route. */
export const STATS_MEMBERS = [
  'id',
  'status',
  'ticket_number',
  'ticket_type',
  'planned_date',
  'ordered_date',
  'ticket_load_type',
  'exception_reason_code',
  'exception_class',
  'service_time',
  'line_of_business',
  'operations',
] as const;

/** The import-file pickup record: the stats entry's members, and the ETA when there is one. */

/** Reads the `summary` block of `services/stats`. */
export function readStatsSummary(r: ObjectReader): PickupStatsSummary {
  return {
    totalServices: r.required('total_services', count),
    successfulServices: r.required('successful_services', count),
    missedPickups: r.required('missed_pickups', count),
    serviceExceptions: r.required('service_exceptions', count),
  };
}

/** Reads the `ETA` of `services/{serviceId}/ETA`. */
export function readEtaView(r: ObjectReader): EtaView {
  return { dayOfWeekName: r.required('day_of_week_name', text), ...readEta(r) };
}

/** Pickup records (CONTRACT §6): the plan and stats entries are views of this record. */
export const pickupCodec = {
  /** The import-file record; `eta` is left out when the pickup has none. */
  encodeRecord(pickup: Pickup): WirePickupRecord {
    return {
      id: pickup.serviceId,
      status: pickup.status,
      ticket_number: orNull(pickup.ticketNumber),
      planned_date: usLongDateShape.format(pickup.plannedDate),
      ordered_date: dateOrNull(usLongDateShape, pickup.orderedDate),
      ticket_type: orNull(pickup.ticketType),
      ticket_load_type: orNull(pickup.ticketLoadType),
      line_of_business: orNull(pickup.lineOfBusiness),
      exception_reason_code: orNull(pickup.exceptionReasonCode),
      exception_class: orNull(pickup.exceptionClass),
      service_time: dateOrNull(usLongDateTimeShape, pickup.serviceTime),
      operations: {
        route_id: orNull(pickup.operations.routeId),
        route_order_number: orNull(pickup.operations.routeOrderNumber),
      },
      ...(pickup.eta === null ? {} : { eta: encodeEta(pickup.eta) }),
    };
  },

  /** An entry of `services/plan`. */
  encodePlanEntry(pickup: Pickup): WirePlanEntry {
    return inOrder(pickupCodec.encodeRecord(pickup), PLAN_MEMBERS);
  },

  /** An entry of `services/stats`. */
  encodeStatsEntry(pickup: Pickup): WireStatsEntry {
    return inOrder(pickupCodec.encodeRecord(pickup), STATS_MEMBERS);
  },

  /** The `summary` block of `services/stats`. */
  encodeStatsSummary(summary: PickupStatsSummary): WireStatsSummary {
    return {
      total_services: String(summary.totalServices),
      successful_services: String(summary.successfulServices),
      missed_pickups: String(summary.missedPickups),
      service_exceptions: String(summary.serviceExceptions),
    };
  },

  /** The `ETA` of `services/{serviceId}/ETA`: the sentence for the day, then the window. */
  encodeEtaView(eta: EtaView): WireEta {
    return { day_of_week_name: eta.dayOfWeekName, ...encodeEta(eta) };
  },

  /** Strictly reads a pickup record; throws DecodeError listing every problem. */
  decode(wire: unknown, path = 'pickup'): Pickup {
    return decodeStrictly(wire, path, readPickup);
  },
};
