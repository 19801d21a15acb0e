import { pickupRecord } from '../../test/support/pickup-records';
import { type EtaQuestion, type EtaView, etaFor } from './eta';
import type { PickupEta } from './pickups';

const computed: PickupEta = {
  from: '2026-11-23T14:00:00Z',
  to: '2026-11-23T16:00:00Z',
  reasonCode: 'ComputedETA',
  reasonText: '',
  servicedAt: null,
  routeId: 'J31A',
};
const truckBroke: PickupEta = { ...computed, from: null, to: null, reasonCode: 'TruckBreakdown', reasonText: 'Truck broke down' };

const cart: EtaQuestion['service'] = { lineOfBusiness: 'RESIDENTIAL', schedule: { days: ['MONDAY', 'THURSDAY'], everyWeeks: 1, startsOn: '2026-01-05' } };
const rollOff = { lineOfBusiness: 'ROLLOFF', schedule: null };
const thanksgiving = { date: '2026-11-26', name: 'Thanksgiving Day', delayDays: 1 };
const today = '2026-11-23'; // a Monday

const noEta = (reasonCode: string, dayOfWeekName: string): EtaView => ({
  from: null,
  to: null,
  reasonCode,
  reasonText: null,
  servicedAt: null,
  routeId: null,
  dayOfWeekName,
});

describe('etaFor: the ETA rule', () => {
  it.each<[string, Partial<EtaQuestion>, EtaView]>([
    [
      "today's record gives its ETA",
      { requestDate: today, pickups: [pickupRecord(today, 'Planned', { eta: computed })] },
      { ...computed, dayOfWeekName: 'You are scheduled to be serviced today' },
    ],
    [
      'an exception reason comes through as recorded',
      { requestDate: today, pickups: [pickupRecord(today, 'Confirmed Incomplete', { eta: truckBroke })] },
      { ...truckBroke, dayOfWeekName: 'You are scheduled to be serviced today' },
    ],
    [
      'a scheduled day without a record is Scheduled, "on" its weekday',
      { requestDate: '2026-11-19' },
      noEta('Scheduled', 'You are scheduled to be serviced on Thursday'),
    ],
    [
      'a day the schedule misses is NotScheduled',
      { requestDate: '2026-11-24' },
      noEta('NotScheduled', 'You are not scheduled to be serviced on this day'),
    ],
    [
      'the day a holiday moves a pickup to is Scheduled, tomorrow',
      { requestDate: '2026-11-27', today: '2026-11-26', holidays: [thanksgiving] },
      noEta('Scheduled', 'You are scheduled to be serviced tomorrow'),
    ],
    [
      'the day a holiday moves a pickup from is NotScheduled',
      { requestDate: '2026-11-26', holidays: [thanksgiving] },
      noEta('NotScheduled', 'You are not scheduled to be serviced on this day'),
    ],
    [
      'a record on an unscheduled day still counts (an extra pickup)',
      { requestDate: '2026-11-24', pickups: [pickupRecord('2026-11-24', 'Planned', { eta: computed })] },
      { ...computed, dayOfWeekName: 'You are scheduled to be serviced tomorrow' },
    ],
    [
      'a record without an ETA answers Scheduled, with its route',
      { requestDate: today, pickups: [pickupRecord(today, 'Planned', { operations: { routeId: 'J31A', routeOrderNumber: '3' } })] },
      { ...noEta('Scheduled', 'You are scheduled to be serviced today'), routeId: 'J31A' },
    ],
    [
      "another day's record is not used",
      { requestDate: '2026-11-24', pickups: [pickupRecord(today, 'Planned', { eta: computed })] },
      noEta('NotScheduled', 'You are not scheduled to be serviced on this day'),
    ],
    [
      'a roll-off record is picked by its ticket number',
      {
        service: rollOff,
        requestDate: today,
        ticketNumber: '790679',
        pickups: [
          pickupRecord(today, 'Planned', { ticketNumber: '790678', eta: truckBroke }),
          pickupRecord(today, 'Planned', { ticketNumber: '790679', eta: computed }),
        ],
      },
      { ...computed, dayOfWeekName: 'You are scheduled to be serviced today' },
    ],
    [
      'a roll-off without a record for that ticket is NotScheduled',
      { service: rollOff, requestDate: today, ticketNumber: '1', pickups: [pickupRecord(today, 'Planned', { ticketNumber: '790678', eta: computed })] },
      noEta('NotScheduled', 'You are not scheduled to be serviced on this day'),
    ],
    [
      'a roll-off record is never picked without its ticket number',
      { service: rollOff, requestDate: today, pickups: [pickupRecord(today, 'Planned', { ticketNumber: '790678', eta: computed })] },
      noEta('NotScheduled', 'You are not scheduled to be serviced on this day'),
    ],
  ])('%s', (_case, question, expected) => {
    expect(etaFor({ service: cart, pickups: [], holidays: [], requestDate: today, today, ...question })).toEqual(expected);
  });
});
