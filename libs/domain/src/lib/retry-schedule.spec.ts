import { retryDelayMs } from './retry-schedule';

describe('retryDelayMs', () => {
  it('doubles from the base, with up to half again of jitter', () => {
    expect([1, 2, 3, 4].map((attempt) => retryDelayMs(attempt, 1000, () => 0))).toEqual([1000, 2000, 4000, 8000]);
    expect([1, 2, 3, 4].map((attempt) => retryDelayMs(attempt, 1000, () => 0.999))).toEqual([1500, 2999, 5998, 11996]);
  });

  it('makes each wait longer than the one before, whatever the jitter', () => {
    for (let attempt = 1; attempt < 10; attempt++) {
      expect(retryDelayMs(attempt + 1, 1000, () => 0)).toBeGreaterThan(retryDelayMs(attempt, 1000, () => 0.999));
    }
  });

  it('stops growing at the cap', () => {
    expect(retryDelayMs(30, 1000, () => 0, 60_000)).toBe(60_000);
  });
});
