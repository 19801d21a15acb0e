import { type AnswerKey, type CachedAnswer, ResponseCache } from './response-cache';

const key = (url: string, dataVersion = 1): AnswerKey => ({ customerId: '1000001', dataVersion, today: '2026-11-30', format: 'json', url });
const answer = (bodyLength: number): CachedAnswer => ({
  representation: { contentType: 'application/json', etag: '"x"', head: '{"request_tracking_id":', tail: `${'x'.repeat(bodyLength)}}`, format: 'json', replayable: true },
  headers: [],
});

describe('ResponseCache', () => {
  it('finds an answer only under the same customer version, day, format and URL', () => {
    const cache = new ResponseCache(1024 * 1024);
    cache.set(key('/tickets'), answer(10));
    expect(cache.get(key('/tickets'))).toBeDefined();
    expect(cache.get(key('/tickets', 2))).toBeUndefined();
    expect(cache.get({ ...key('/tickets'), today: '2026-12-01' })).toBeUndefined();
    expect(cache.get({ ...key('/tickets'), format: 'xml' })).toBeUndefined();
    expect(cache.get(key('/tickets?limit=1'))).toBeUndefined();
  });

  it('stays within its bytes: the least recently used answers go first, one larger than the bound is not kept', () => {
    const cache = new ResponseCache(10_000);
    for (let n = 0; n < 20; n += 1) cache.set(key(`/tickets/${n}`), answer(1_000));
    expect(cache.size).toBeLessThanOrEqual(10_000);
    expect(cache.get(key('/tickets/0'))).toBeUndefined();
    expect(cache.get(key('/tickets/19'))).toBeDefined();
    cache.set(key('/huge'), answer(20_000));
    expect(cache.get(key('/huge'))).toBeUndefined();
  });

  it('keeps nothing with 0 bytes (RESPONSE_CACHE_MAX_BYTES=0)', () => {
    const cache = new ResponseCache(0);
    cache.set(key('/tickets'), answer(10));
    expect(cache.enabled).toBe(false);
    expect(cache.get(key('/tickets'))).toBeUndefined();
  });
});
