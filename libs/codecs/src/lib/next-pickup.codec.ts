import { describeSchedule, formatPublishedPickupDate } from '@curbside/domain';
import type { ServiceNextPickup } from '@curbside/domain';
import { isoDateShape } from './dates';
import { dateOrNull } from './wire';
import type { WireNextPickup } from '@curbside/contract';


/** Why a pickup is not on its scheduled day. */
const HOLIDAY = 'HOLIDAY';

/** An entry of `services/next-pickup`: the published members, then when a holiday moved it, from when and why. */
export function encodeNextPickup({ service, name, next }: ServiceNextPickup): WireNextPickup {
  const entry: WireNextPickup = {
    service_id: service.id,
    name,
    pickup_schedule: describeSchedule(service.schedule),
    next_pickup: next === null ? 'null' : formatPublishedPickupDate(next.date),
    next_pickup_date: dateOrNull(isoDateShape, next?.date ?? null),
  };
  if (next === null || next.holidays.length === 0) return entry;
  return {
    ...entry,
    scheduled_date: isoDateShape.format(next.scheduledDate),
    delay_reason: HOLIDAY,
    holiday_name: next.holidays.map((holiday) => holiday.name).join(' and '),
  };
}
