import { isCalendarDate, nextDay, nowLocalDateTime, rangeBounds } from './dates';

describe('dates', () => {
  it('knows real calendar days, leap years included', () => {
    expect(isCalendarDate(2024, 2, 29)).toBe(true);
    expect(isCalendarDate(2023, 2, 29)).toBe(false);
    expect(isCalendarDate(2023, 13, 1)).toBe(false);
    expect(isCalendarDate(2023, 4, 31)).toBe(false);
  });

  it('steps over month and year ends', () => {
    expect(nextDay('2023-12-31')).toBe('2024-01-01');
    expect(nextDay('2024-02-28')).toBe('2024-02-29');
  });

  it('turns an inclusive day range into half-open bounds', () => {
    expect(rangeBounds({ from: '2024-01-01', to: '2024-01-31' })).toEqual({ from: '2024-01-01', toExclusive: '2024-02-01' });
    expect(rangeBounds({ from: null, to: null })).toEqual({ from: null, toExclusive: null });
  });

  it('formats the current time canonically', () => {
    expect(nowLocalDateTime(new Date(2024, 0, 2, 3, 4, 5, 6))).toBe('2024-01-02T03:04:05.006');
  });
});
