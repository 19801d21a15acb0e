import { decodeImportFile } from '@curbside/codecs';
import { buildDemoImportFile } from '@curbside/demo';
import type { CustomerBundle, Pickup } from '@curbside/domain';

/** What `seed --demo` loads: it must decode, and show something on every operation of CONTRACT §6. */
describe('the demo sandbox', () => {
  const today = new Date(2026, 10, 23);
  const { customers, holidays } = decodeImportFile(buildDemoImportFile(today));

  it.each([new Date(2026, 5, 15), new Date(2027, 0, 3), new Date(2028, 1, 29), new Date(2026, 11, 31)])(
    'decodes strictly for any today (%s)',
    (day) => {
      expect(() => decodeImportFile(buildDemoImportFile(day))).not.toThrow();
    },
  );

  const serviceIdOf = (bundle: CustomerBundle, everyWeeks: number) =>
    bundle.services.find((service) => service.schedule?.everyWeeks === everyWeeks)?.id;
  const plannedDates = (pickups: Pickup[], serviceId: string | undefined) =>
    pickups.filter((pickup) => pickup.serviceId === serviceId).map((pickup) => pickup.plannedDate);

  it.each(['1000001', '1000002', '2000001'])('gives customer %s schedules, routes and equipment', (id) => {
    const bundle = customers.find((customer) => customer.customer.id === id) as CustomerBundle;
    const schedules = bundle.services.flatMap((service) => (service.schedule ? [service.schedule] : []));
    expect(schedules.some((schedule) => schedule.everyWeeks === 1 && schedule.days.length >= 2)).toBe(true);
    expect(schedules.map((schedule) => schedule.everyWeeks)).toEqual(expect.arrayContaining([1, 2, 4]));
    for (const service of bundle.services) {
      expect(service.name).not.toBeNull();
      expect(service.equipment.name).not.toBeNull();
      if (service.schedule) expect(service.operations.map((operation) => operation.dayOfWeek)).toEqual(service.schedule.days);
    }
    expect(bundle.customer.ivrFee).not.toBeNull();
  });

  it.each(['1000001', '1000002', '2000001'])('gives customer %s pickups across the last 60 days, some missed, and today’s', (id) => {
    const bundle = customers.find((customer) => customer.customer.id === id) as CustomerBundle;
    const dates = bundle.pickups.map((pickup) => pickup.plannedDate);
    expect(dates.every((date) => date >= '2026-09-24' && date <= '2026-11-26')).toBe(true);
    expect(dates.filter((date) => date < '2026-10-01').length).toBeGreaterThan(0);
    const statuses = bundle.pickups.map((pickup) => pickup.status);
    expect(statuses).toEqual(expect.arrayContaining(['Planned', 'Confirmed Positive', 'Confirmed Negative']));
    expect(bundle.pickups.some((pickup) => pickup.exceptionReasonCode !== null && pickup.status === 'Confirmed Positive')).toBe(true);
    expect(bundle.pickups.filter((pickup) => pickup.plannedDate === '2026-11-23' && pickup.status === 'Planned').length).toBeGreaterThan(0);

    const rollOff = bundle.services.find((service) => service.lineOfBusiness === 'ROLLOFF');
    const rollOffPickups = bundle.pickups.filter((pickup) => pickup.serviceId === rollOff?.id);
    expect(rollOffPickups.length).toBeGreaterThanOrEqual(3);
    expect(rollOffPickups.every((pickup) => pickup.ticketNumber !== null && pickup.eta?.from !== null)).toBe(true);
  });

  it('moves the pickups of a holiday week a day later, as the holiday rule says', () => {
    // Veterans Day 2026 is Wednesday 11 November: the Thursday pickup of that week is made on Friday.
    const [household] = customers;
    const weekly = household.services.find((service) => service.schedule?.days.includes('THURSDAY'))?.id;
    expect(plannedDates(household.pickups, weekly)).toEqual(expect.arrayContaining(['2026-11-13', '2026-11-09', '2026-11-19']));
    expect(plannedDates(household.pickups, weekly)).not.toContain('2026-11-12');
    expect(plannedDates(household.pickups, serviceIdOf(household, 4)).length).toBeGreaterThan(0);
  });

  it('gives every customer case details, profiles and notes', () => {
    for (const bundle of customers) {
      expect(bundle.cases.every((c) => c.detail.requestor.name !== null && c.detail.notes.length > 0)).toBe(true);
      expect(bundle.cases.some((c) => c.detail.adjustments.length > 0)).toBe(true);
      expect(bundle.profiles.length).toBeGreaterThan(0);
      expect(bundle.notes.length).toBeGreaterThan(0);
    }
  });

  it('holds the US federal holidays of this year and next, each moving pickups one day', () => {
    expect(holidays).toHaveLength(22);
    expect(holidays.every((holiday) => holiday.delayDays === 1)).toBe(true);
    const dates = holidays.map((holiday) => holiday.date);
    expect(dates).toEqual([...dates].sort());
    expect(dates).toEqual(
      expect.arrayContaining([
        '2026-01-01', '2026-01-19', '2026-02-16', '2026-05-25', '2026-06-19', '2026-07-04',
        '2026-09-07', '2026-10-12', '2026-11-11', '2026-11-26', '2026-12-25',
        '2027-01-18', '2027-02-15', '2027-05-31', '2027-09-06', '2027-10-11', '2027-11-25',
      ]),
    );
  });
});
