import sample from '../../test/fixtures/sample-import.json';
import { DecodeError } from './errors';
import { decodeImportFile } from './import-file';
import { scheduleAnswers } from './schedule-answers';

describe('the schedule rules\u2019 inputs, as the API answers them', () => {
  const file = decodeImportFile(structuredClone(sample));
  const services = file.customers[0].services;

  it('reads back the services with their schedules, the time zone and today, invoice fees left out', () => {
    const body = scheduleAnswers.encodeServiceSchedules('rt', { timeZone: 'America/Chicago', today: '2026-11-23', services });
    expect(body.services.every((service) => !('prices' in service))).toBe(true);
    expect(scheduleAnswers.decodeServiceSchedules(JSON.parse(JSON.stringify(body)))).toEqual({
      timeZone: 'America/Chicago',
      today: '2026-11-23',
      services: services.map((service) => ({ ...service, invoiceFees: [] })),
    });
  });

  it('reads back the holiday calendar', () => {
    const body = scheduleAnswers.encodeHolidays('rt', { timeZone: 'UTC', holidays: file.holidays });
    expect(file.holidays.length).toBeGreaterThan(0);
    expect(scheduleAnswers.decodeHolidays(body)).toEqual({ timeZone: 'UTC', holidays: file.holidays });
  });

  it('reads next-pickup entries, moved or not, and refuses what is not one', () => {
    const moved = { service_id: '41', name: 'Cart', pickup_schedule: 'Every Monday', next_pickup: 'Friday, Nov 27 , 2026', next_pickup_date: '2026-11-27', scheduled_date: '2026-11-26', delay_reason: 'HOLIDAY', holiday_name: 'Thanksgiving Day' };
    const none = { service_id: '42', name: 'Bin', pickup_schedule: 'Every Tuesday', next_pickup: 'null', next_pickup_date: 'null' };
    expect(scheduleAnswers.decodeNextPickups({ request_tracking_id: 'rt', services: [moved, none] })).toEqual([
      { serviceId: '41', name: 'Cart', pickupSchedule: 'Every Monday', date: '2026-11-27', scheduledDate: '2026-11-26', holidayName: 'Thanksgiving Day' },
      { serviceId: '42', name: 'Bin', pickupSchedule: 'Every Tuesday', date: null, scheduledDate: null, holidayName: null },
    ]);
    expect(() => scheduleAnswers.decodeNextPickups({ services: [{ ...none, next_pickup_date: '11/27/2026' }] })).toThrow(DecodeError);
  });
});
