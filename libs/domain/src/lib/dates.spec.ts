import { addDays, compareDates, daysBetween, isCalendarDate, mondayOf, nextDay, nowLocalDateTime, rangeBounds, weekdayIndex } from './dates';

describe('dates', () => {
  it('knows real calendar days, leap years included', () => {
    expect(isCalendarDate(2024, 2, 29)).toBe(true);
    expect(isCalendarDate(2023, 2, 29)).toBe(false);
    expect(isCalendarDate(2023, 13, 1)).toBe(false);
    expect(isCalendarDate(2023, 4, 31)).toBe(false);
  });

  it('counts the days of every month of every four-digit year as Date does, two-digit years as Date.UTC reads them', () => {
    const wrong: string[] = [];
    for (let year = 0; year <= 9999; year++) {
      for (let month = 1; month <= 12; month++) {
        const days = new Date(Date.UTC(year, month, 0)).getUTCDate();
        if (!isCalendarDate(year, month, days) || isCalendarDate(year, month, days + 1)) wrong.push(`${year}-${month}`);
      }
    }
    expect(wrong).toEqual([]);
    expect([isCalendarDate(2023, 0, 1), isCalendarDate(2023, 1, 0), isCalendarDate(2023, 12, 31)]).toEqual([false, false, true]);
  });

  it('counts days at both ends of the four-digit years', () => {
    expect(addDays('0001-01-01', 1)).toBe('0001-01-02');
    expect(addDays('0099-12-31', 1)).toBe('0100-01-01');
    expect(daysBetween('9999-12-27', '9999-12-31')).toBe(4);
    expect(addDays('9999-12-31', -365)).toBe('9998-12-31');
  });

  it('steps over month and year ends', () => {
    expect(nextDay('2023-12-31')).toBe('2024-01-01');
    expect(nextDay('2024-02-28')).toBe('2024-02-29');
  });

  it('turns an inclusive day range into half-open bounds', () => {
    expect(rangeBounds({ from: '2024-01-01', to: '2024-01-31' })).toEqual({ from: '2024-01-01', toExclusive: '2024-02-01' });
    expect(rangeBounds({ from: null, to: null })).toEqual({ from: null, toExclusive: null });
    // The day after 9999-12-31 would sort before every date: the last day leaves the range open.
    expect(rangeBounds({ from: '2026-01-01', to: '9999-12-31' })).toEqual({ from: '2026-01-01', toExclusive: null });
  });

  it('formats the current time canonically', () => {
    expect(nowLocalDateTime(new Date(2024, 0, 2, 3, 4, 5, 6))).toBe('2024-01-02T03:04:05.006');
  });

  it('counts days and weeks across month and year ends', () => {
    expect(addDays('2026-12-30', 3)).toBe('2027-01-02');
    expect(addDays('2024-03-01', -1)).toBe('2024-02-29');
    expect(daysBetween('2026-12-28', '2027-01-04')).toBe(7);
    expect(daysBetween('2027-01-04', '2026-12-28')).toBe(-7);
    expect(weekdayIndex('2026-11-23')).toBe(0); // a Monday
    expect(weekdayIndex('2026-11-29')).toBe(6); // a Sunday
    expect(mondayOf('2027-01-03')).toBe('2026-12-28');
    expect(mondayOf('2026-12-28')).toBe('2026-12-28');
  });

  it('orders canonical dates as text', () => {
    expect(['2026-12-01', '2026-01-31', '2026-12-01T08:00:00.000'].sort(compareDates)).toEqual([
      '2026-01-31',
      '2026-12-01',
      '2026-12-01T08:00:00.000',
    ]);
  });
});
