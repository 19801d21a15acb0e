import { serviceRecord } from '../../test/support/services';
import { localDateTimeIn, todayIn } from './dates';
import type { Holiday } from './pickups';
import {
  isInsideWindow,
  isWorkingDay,
  monthRange,
  requestKey,
  requestRefusal,
  requestTicket,
  requestTicketCreated,
  type EligibilityFacts,
  type ServiceRequest,
  type ServiceRequestType,
  type StoredServiceRequest,
  workingDaysBefore,
} from './service-requests';

const holiday = (date: string, name: string, delayDays = 1): Holiday => ({ date, name, delayDays });
const thanksgiving = holiday('2026-11-26', 'Thanksgiving Day'); // a Thursday
const dayAfterThanksgiving = holiday('2026-11-27', 'Day after Thanksgiving'); // a Friday
const christmas = holiday('2026-12-25', 'Christmas Day'); // a Friday
const newYearsDay = holiday('2027-01-01', "New Year's Day"); // a Friday

/** Picked up every Monday and Thursday. */
const cart = serviceRecord({
  id: '5001',
  name: 'Hauling - 96 Gallon Cart for MSW Residential',
  typeCode: 'RES',
  catalog: { id: '1', name: 'Cart service', description: null, subCategory: null, category: null },
  schedule: { days: ['MONDAY', 'THURSDAY'], everyWeeks: 1, startsOn: '2026-01-05' },
});

const request = (type: ServiceRequestType, date: string, serviceId = cart.id): ServiceRequest => ({
  type,
  serviceId,
  date,
  comments: null,
  requestedBy: null,
});
const made = (type: ServiceRequestType, date: string, ticketId: string, existing: StoredServiceRequest[] = []): StoredServiceRequest => {
  const asked = request(type, date);
  return { ticketId, type, serviceId: cart.id, date, key: requestKey(asked, existing) };
};

const facts = (asked: ServiceRequest, today: string, more: Partial<EligibilityFacts> = {}): EligibilityFacts => ({
  request: asked,
  service: cart,
  holidays: [],
  today,
  existing: [],
  extraPickupsPerMonth: 2,
  ...more,
});

describe('working days', () => {
  it.each<[string, string, Holiday[], boolean]>([
    ['a Wednesday', '2026-11-25', [], true],
    ['a Saturday', '2026-11-28', [], false],
    ['a Sunday', '2026-11-29', [], false],
    ['a Thursday that is a holiday', '2026-11-26', [thanksgiving], false],
  ])('%s', (_case, date, holidays, expected) => expect(isWorkingDay(date, holidays)).toBe(expected));

  it.each<[string, string, Holiday[], string[]]>([
    ['back over a weekend', '2026-11-30', [], ['2026-11-27', '2026-11-26']],
    ['back over a weekend and two holidays', '2026-11-30', [thanksgiving, dayAfterThanksgiving], ['2026-11-25', '2026-11-24']],
    ['back over a month end', '2026-12-01', [], ['2026-11-30', '2026-11-27']],
    ['back over a year end and its holidays', '2027-01-04', [christmas, newYearsDay], ['2026-12-31', '2026-12-30']],
    ['from a Saturday', '2026-11-28', [], ['2026-11-27', '2026-11-26']],
  ])('the 2 working days before a day: %s', (_case, day, holidays, expected) =>
    expect(workingDaysBefore(day, 2, holidays)).toEqual(expected));
});

describe('the window of each request type', () => {
  it.each<[string, ServiceRequestType, string, string, Holiday[], boolean]>([
    ['missed: today', 'MISSED_PICKUP', '2026-11-24', '2026-11-24', [], true],
    ['missed: the working day before', 'MISSED_PICKUP', '2026-11-23', '2026-11-24', [], true],
    ['missed: 2 working days before, over a weekend', 'MISSED_PICKUP', '2026-11-20', '2026-11-24', [], true],
    ['missed: 3 working days before', 'MISSED_PICKUP', '2026-11-19', '2026-11-24', [], false],
    ['missed: a Saturday, on Monday (not a working day)', 'MISSED_PICKUP', '2026-11-28', '2026-11-30', [], false],
    ['missed: a Saturday, that Saturday', 'MISSED_PICKUP', '2026-11-28', '2026-11-28', [], true],
    ['missed: the holidays do not count', 'MISSED_PICKUP', '2026-11-24', '2026-11-30', [thanksgiving, dayAfterThanksgiving], true],
    ['missed: without the holidays that is too late', 'MISSED_PICKUP', '2026-11-24', '2026-11-30', [], false],
    ['missed: across a month end', 'MISSED_PICKUP', '2026-11-27', '2026-12-01', [], true],
    ['missed: tomorrow', 'MISSED_PICKUP', '2026-11-25', '2026-11-24', [], false],
    ['extra: today', 'EXTRA_PICKUP', '2026-11-24', '2026-11-24', [], false],
    ['extra: tomorrow', 'EXTRA_PICKUP', '2026-11-25', '2026-11-24', [], true],
    ['extra: 60 days ahead', 'EXTRA_PICKUP', '2027-01-23', '2026-11-24', [], true],
    ['extra: 61 days ahead', 'EXTRA_PICKUP', '2027-01-24', '2026-11-24', [], false],
    ['extra: yesterday', 'EXTRA_PICKUP', '2026-11-23', '2026-11-24', [], false],
  ])('%s', (_case, type, date, today, holidays, expected) => expect(isInsideWindow(type, date, today, holidays)).toBe(expected));
});

describe('requestRefusal', () => {
  it.each<[string, EligibilityFacts, ReturnType<typeof requestRefusal>]>([
    ['a missed Monday pickup, reported on Tuesday', facts(request('MISSED_PICKUP', '2026-11-23'), '2026-11-24'), null],
    ['a service the customer does not have', facts(request('MISSED_PICKUP', '2026-11-23', '9'), '2026-11-24', { service: null }), { code: 'UNKNOWN_SERVICE', field: 'serviceId' }],
    ['a day without a pickup', facts(request('MISSED_PICKUP', '2026-11-24'), '2026-11-24'), { code: 'NOT_SCHEDULED', field: 'date' }],
    ['outside the window, checked before the schedule', facts(request('MISSED_PICKUP', '2026-11-10'), '2026-11-24'), { code: 'OUT_OF_WINDOW', field: 'date' }],
    ['Thanksgiving: the Thursday pickup moved to Friday', facts(request('MISSED_PICKUP', '2026-11-26'), '2026-11-26', { holidays: [thanksgiving] }), { code: 'NOT_SCHEDULED', field: 'date' }],
    ['Thanksgiving: the moved pickup on Friday', facts(request('MISSED_PICKUP', '2026-11-27'), '2026-11-30', { holidays: [thanksgiving] }), null],
    ['an inactive service has no pickups', facts(request('MISSED_PICKUP', '2026-11-23'), '2026-11-24', { service: { ...cart, status: 'Inactive' } }), { code: 'NOT_SCHEDULED', field: 'date' }],
    ['an on-call service has no pickups', facts(request('EXTRA_PICKUP', '2026-11-26'), '2026-11-24', { service: { ...cart, schedule: null } }), { code: 'NOT_SCHEDULED', field: 'date' }],
    [
      'a second report of one missed pickup',
      facts(request('MISSED_PICKUP', '2026-11-23'), '2026-11-24', { existing: [made('MISSED_PICKUP', '2026-11-23', '90000007')] }),
      { code: 'ALREADY_REPORTED', ticketId: '90000007' },
    ],
    ['a report of another day', facts(request('MISSED_PICKUP', '2026-11-23'), '2026-11-24', { existing: [made('MISSED_PICKUP', '2026-11-19', '90000007')] }), null],
    ['an extra pickup on a pickup day', facts(request('EXTRA_PICKUP', '2026-12-03'), '2026-11-24'), null],
    ['an extra pickup on a day without one', facts(request('EXTRA_PICKUP', '2026-12-02'), '2026-11-24'), { code: 'NOT_SCHEDULED', field: 'date' }],
    [
      'the third extra pickup of a month',
      facts(request('EXTRA_PICKUP', '2026-12-31'), '2026-11-24', {
        existing: [made('EXTRA_PICKUP', '2026-12-03', '1'), made('EXTRA_PICKUP', '2026-12-07', '2', [made('EXTRA_PICKUP', '2026-12-03', '1')])],
      }),
      { code: 'LIMIT_REACHED', limit: 2 },
    ],
    [
      'the limit counts by the month of the date, not of today',
      facts(request('EXTRA_PICKUP', '2026-12-03'), '2026-11-24', { existing: [made('EXTRA_PICKUP', '2026-11-26', '1'), made('EXTRA_PICKUP', '2026-11-30', '2')] }),
      null,
    ],
    ['a limit of 0 refuses every extra pickup', facts(request('EXTRA_PICKUP', '2026-12-03'), '2026-11-24', { extraPickupsPerMonth: 0 }), { code: 'LIMIT_REACHED', limit: 0 }],
  ])('%s', (_case, asked, expected) => expect(requestRefusal(asked)).toEqual(expected));
});

describe('requestKey: unique per service, so the database refuses a second report or a booking over the limit', () => {
  it('is the date for a missed pickup, and the month with its n-th booking for an extra one', () => {
    expect(requestKey(request('MISSED_PICKUP', '2026-11-23'), [])).toBe('MISSED_PICKUP|2026-11-23');
    const first = made('EXTRA_PICKUP', '2026-12-03', '1');
    expect(first.key).toBe('EXTRA_PICKUP|2026-12|1');
    expect(requestKey(request('EXTRA_PICKUP', '2026-12-31'), [first])).toBe('EXTRA_PICKUP|2026-12|2');
  });

  it.each([
    ['2026-02-14', { from: '2026-02-01', to: '2026-02-28' }],
    ['2028-02-01', { from: '2028-02-01', to: '2028-02-29' }],
    ['2026-12-31', { from: '2026-12-01', to: '2026-12-31' }],
  ])('the month of %s', (date, range) => expect(monthRange(date)).toEqual(range));
});

describe('the ticket and event of a request', () => {
  it('a missed pickup: MIS, a complaint, not dispatched', () => {
    const asked = { ...request('MISSED_PICKUP', '2026-11-23'), comments: 'Cart was out by 6', requestedBy: 'Maria' };
    const ticket = requestTicket(asked, cart, '90000001', '2026-11-24T09:30:00.000', 'client-1');
    expect(ticket).toMatchObject({
      id: '90000001',
      status: 'PENDING',
      loadType: 'MIS',
      loadDescription: 'Missed pickup',
      complaint: true,
      generated: false,
      dispatchedAt: null,
      createdAt: '2026-11-24T09:30:00.000',
      createdBy: 'client-1',
      comments: 'Cart was out by 6',
      requestedBy: 'Maria',
      services: [{ code: 'RES', description: 'Hauling - 96 Gallon Cart for MSW Residential', quantity: '1', cost: null, specialDescription: null }],
    });
    expect(requestTicketCreated('1000001', ticket, asked)).toEqual({
      customerId: '1000001',
      type: 'ticket.created',
      payload: { ticketId: '90000001', status: 'PENDING', loadType: 'MIS', requestType: 'MISSED_PICKUP', serviceId: '5001', date: '2026-11-23' },
    });
  });

  it('an extra pickup: XPU, no complaint, dispatched at midnight of its date; the catalog name when the service has none', () => {
    const ticket = requestTicket(request('EXTRA_PICKUP', '2026-12-03'), { ...cart, name: null }, '90000002', '2026-11-24T09:30:00.000', 'c');
    expect(ticket).toMatchObject({ loadType: 'XPU', loadDescription: 'Extra pickup', complaint: false, dispatchedAt: '2026-12-03T00:00:00.000' });
    expect(ticket.services[0].description).toBe('Cart service');
  });
});

describe('days and times in TIME_ZONE', () => {
  const lateEvening = new Date('2026-11-25T03:15:42.123Z'); // Tuesday evening in Chicago, Wednesday in UTC and Auckland

  it.each([
    ['UTC', '2026-11-25', '2026-11-25T03:15:42.123'],
    ['America/Chicago', '2026-11-24', '2026-11-24T21:15:42.123'],
    ['Pacific/Auckland', '2026-11-25', '2026-11-25T16:15:42.123'],
  ])('%s', (zone, today, now) => {
    expect(todayIn(zone, lateEvening)).toBe(today);
    expect(localDateTimeIn(zone, lateEvening)).toBe(now);
  });

  it('moves the missed-pickup window with the zone: Monday is still reportable on Tuesday evening in Chicago', () => {
    const asked = request('MISSED_PICKUP', '2026-11-20');
    expect(isInsideWindow(asked.type, asked.date, todayIn('America/Chicago', lateEvening), [])).toBe(true);
    expect(isInsideWindow(asked.type, asked.date, todayIn('UTC', lateEvening), [])).toBe(false);
  });

});
