import { BoundedRateLimiterMemory, sourceOf } from './rate-limits';

describe('BoundedRateLimiterMemory', () => {
  it('keeps at most its bound of counters: a flood of new keys evicts the oldest, never grows the store', async () => {
    const limiter = new BoundedRateLimiterMemory({ points: 5, duration: 900 }, 100);
    for (let i = 0; i < 1_000; i++) await limiter.penalty(`key-${i}`);
    expect(limiter.size).toBe(100);
    expect(await limiter.get('key-0')).toBeNull();
    expect((await limiter.get('key-999'))?.consumedPoints).toBe(1);
  });

  it('counts a kept key on without evicting anything', async () => {
    const limiter = new BoundedRateLimiterMemory({ points: 5, duration: 900 }, 2);
    await limiter.penalty('a');
    await limiter.penalty('b');
    await limiter.penalty('a');
    expect(limiter.size).toBe(2);
    expect((await limiter.get('a'))?.consumedPoints).toBe(2);
  });
});

describe('sourceOf', () => {
  it.each([
    ['127.0.0.2', '127.0.0.2'],
    ['::ffff:203.0.113.9', '203.0.113.9'],
    ['2001:db8:1:2:3:4:5:6', '2001:db8:1:2::/64'],
    ['2001:db8:1:2::ffff', '2001:db8:1:2::/64'],
  ])('counts %s as %s (an IPv6 holder gets a /64)', (address, source) => {
    expect(sourceOf(address)).toBe(source);
  });
});
