import { pickupRecord } from '../../test/support/pickup-records';
import { statsPickups, statsWindow, summarizePickups } from './pickup-stats';

describe('services/stats rules', () => {
  it.each([
    [1, { from: '2026-11-23', to: '2026-11-23' }],
    [60, { from: '2026-09-25', to: '2026-11-23' }],
    [366, { from: '2025-11-23', to: '2026-11-23' }],
  ])('the window of %i days ends today, today included', (days, window) => {
    expect(statsWindow('2026-11-23', days)).toEqual(window);
  });

  it('lists the confirmed records of the window, newest first', () => {
    const records = [
      pickupRecord('2026-09-24', 'Confirmed Positive'), // one day too old
      pickupRecord('2026-09-25', 'Confirmed Negative'),
      pickupRecord('2026-11-23', 'Confirmed Positive', { serviceTime: '2026-11-23T08:00:00.000' }),
      pickupRecord('2026-11-23', 'Planned'),
      pickupRecord('2026-11-23', 'Confirmed Incomplete', { serviceTime: '2026-11-23T10:30:00.000' }),
      pickupRecord('2026-11-24', 'Confirmed Positive'), // tomorrow
    ];
    expect(statsPickups(records, '2026-11-23', 60).map((p) => [p.plannedDate, p.status])).toEqual([
      ['2026-11-23', 'Confirmed Incomplete'],
      ['2026-11-23', 'Confirmed Positive'],
      ['2026-09-25', 'Confirmed Negative'],
    ]);
  });

  it.each([
    ['no records', [], { totalServices: 0, successfulServices: 0, missedPickups: 0, serviceExceptions: 0 }],
    [
      'each kind counted once',
      [
        pickupRecord('2026-11-02', 'Confirmed Positive'),
        pickupRecord('2026-11-05', 'Confirmed Positive'),
        pickupRecord('2026-11-09', 'Confirmed Negative', { exceptionReasonCode: 'BLOCKED' }),
        pickupRecord('2026-11-12', 'Confirmed Negative'),
        pickupRecord('2026-11-16', 'Confirmed Incomplete', { exceptionReasonCode: 'OVERWEIGHT' }),
        pickupRecord('2026-11-19', 'Confirmed Positive', { exceptionReasonCode: '' }),
      ],
      { totalServices: 6, successfulServices: 3, missedPickups: 2, serviceExceptions: 2 },
    ],
    [
      'planned records left out',
      [pickupRecord('2026-11-23', 'Planned', { exceptionReasonCode: 'BLOCKED' }), pickupRecord('2026-11-19', 'Confirmed Positive')],
      { totalServices: 1, successfulServices: 1, missedPickups: 0, serviceExceptions: 0 },
    ],
  ])('summarizes %s', (_case, records, summary) => {
    expect(summarizePickups(records)).toEqual(summary);
  });
});
