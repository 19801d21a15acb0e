import type { Holiday, Id, LocalDate, Service } from '@curbside/domain';
import type { HolidaysBody, ServiceSchedulesBody } from '@curbside/contract';
import { isoDateShape } from './dates';
import { readHoliday, holidayCodec } from './holiday.codec';
import { dateIn, decodeStrictly, id, type ObjectReader, text } from './reader';
import { readService, serviceCodec } from './service.codec';

/*
 * The answers a team feeds Curbside's schedule rules with (CONTRACT §6): `services/schedules` and
 * `services/holidays` encoded as the API sends them, and read back into the domain's records, so that
 * `nextPickupsOf`, `scheduledPickups`, `hasPickupOn` and `isWorkingDay` run on what the API answered.
 */

/** `services/schedules` read: the services (schedules included) and the operating day. */
export interface ServiceSchedules {
  /** The operating time zone (IANA), in which every date of the API is a calendar day. */
  timeZone: string;
  /** Today's date in the operating time zone: the day `next-pickup` counts from. */
  today: LocalDate;
  services: Service[];
}

/** `services/holidays` read: the holiday calendar. */
export interface HolidayCalendar {
  timeZone: string;
  holidays: Holiday[];
}

/** An entry of `services/next-pickup` read: when a holiday moved the pickup, the day it was scheduled for and why. */
export interface NextPickupEntry {
  serviceId: Id;
  name: string;
  /** The schedule in words, as the answer says it. */
  pickupSchedule: string;
  /** `null` when the schedule has no pickup ahead. */
  date: LocalDate | null;
  scheduledDate: LocalDate | null;
  holidayName: string | null;
}

const isoDate = dateIn(isoDateShape);

export const scheduleAnswers = {
  encodeServiceSchedules(trackingId: string, schedules: ServiceSchedules): ServiceSchedulesBody {
    return {
      request_tracking_id: trackingId,
      time_zone: schedules.timeZone,
      today: isoDateShape.format(schedules.today),
      services: schedules.services.map(serviceCodec.encodeScheduled),
    };
  },

  encodeHolidays(trackingId: string, calendar: HolidayCalendar): HolidaysBody {
    return { request_tracking_id: trackingId, time_zone: calendar.timeZone, holidays: calendar.holidays.map(holidayCodec.encode) };
  },

  /** Strictly reads a `services/schedules` answer (JSON parsed); throws DecodeError listing every problem. Invoice fees read empty. */
  decodeServiceSchedules(body: unknown): ServiceSchedules {
    return decodeStrictly(body, 'body', readServiceSchedules);
  },

  /** Strictly reads a `services/holidays` answer. */
  decodeHolidays(body: unknown): HolidayCalendar {
    return decodeStrictly(body, 'body', readHolidayCalendar);
  },

  /** Strictly reads a `services/next-pickup` answer (JSON). */
  decodeNextPickups(body: unknown): NextPickupEntry[] {
    return decodeStrictly(body, 'body', readNextPickups);
  },
};

export function readServiceSchedules(r: ObjectReader): ServiceSchedules {
  r.optional('request_tracking_id', text);
  return { timeZone: r.required('time_zone', text), today: r.required('today', isoDate), services: r.list('services', readService) };
}

export function readHolidayCalendar(r: ObjectReader): HolidayCalendar {
  r.optional('request_tracking_id', text);
  return { timeZone: r.required('time_zone', text), holidays: r.list('holidays', readHoliday) };
}

export function readNextPickups(r: ObjectReader): NextPickupEntry[] {
  r.optional('request_tracking_id', text);
  return r.list('services', readNextPickup);
}

function readNextPickup(r: ObjectReader): NextPickupEntry {
  r.optional('next_pickup', text);
  r.optional('delay_reason', text);
  return {
    serviceId: r.required('service_id', id),
    name: r.required('name', text),
    pickupSchedule: r.required('pickup_schedule', text),
    date: r.optional('next_pickup_date', isoDate),
    scheduledDate: r.optional('scheduled_date', isoDate),
    holidayName: r.optional('holiday_name', text),
  };
}
