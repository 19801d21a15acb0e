import type { Delivery } from './deliveries';
import { bounceSuppression, cappedCustomers, isDeadAfter, overHourlyCap, waitsForQuietHours } from './delivery-rules';

const delivery = (id: number, customerId: string, channel: Delivery['channel'] = 'Email'): Delivery =>
  ({ id, customerId, channel, address: `C${id}@Example.com` }) as Delivery;

describe('the rules a delivery is tried by', () => {
  it('quiet hours hold texts and calls, not emails or webhooks', () => {
    expect((['Email', 'Text', 'Voice', 'Webhook'] as const).map((channel) => waitsForQuietHours({ channel }))).toEqual([false, true, true, false]);
  });

  it('the hourly cap counts the delivered, then the batch\'s own in order; webhooks are not counted', () => {
    const claimed = [delivery(1, 'a'), delivery(2, 'a'), delivery(3, 'a'), delivery(4, 'a', 'Webhook'), delivery(5, 'b')];
    expect(cappedCustomers(claimed)).toEqual(['a', 'b']);
    const windows = new Map([
      ['a', { deliveredAt: ['2026-11-24T08:30:00.000'], leasedIds: [1, 2, 3] }],
      ['b', { deliveredAt: [], leasedIds: [5] }],
    ]);
    const holds = overHourlyCap(claimed, windows, { cap: 2, now: new Date('2026-11-24T09:00:00Z'), leaseSeconds: 60 });
    // 1 delivered + lease 1 = 2 (allowed); leases 2 and 3 are over; b's one is under.
    expect(holds.map(({ customerId, ids }) => ({ customerId, ids }))).toEqual([{ customerId: 'a', ids: [2, 3] }]);
  });

  it('a message over the cap waits an hour after the oldest delivered, or, none delivered, for the lease ahead', () => {
    const now = new Date('2026-11-24T09:00:00Z');
    const [delivered] = overHourlyCap([delivery(1, 'a')], new Map([['a', { deliveredAt: ['2026-11-24T08:30:00.000', '2026-11-24T08:40:00.000'], leasedIds: [1] }]]), { cap: 2, now, leaseSeconds: 60 });
    expect(new Date(delivered.freesAt).getTime() - new Date('2026-11-24T08:30:00.000').getTime()).toBe(3600_000);
    const [leased] = overHourlyCap([delivery(2, 'a')], new Map([['a', { deliveredAt: [], leasedIds: [1, 2] }]]), { cap: 1, now, leaseSeconds: 60 });
    expect(leased.ids).toEqual([2]);
  });

  it("counts another batch's lease ahead of this batch's messages, whatever the ids: it was kept, or will count these", () => {
    const now = new Date('2026-11-24T09:00:00Z');
    const [held] = overHourlyCap([delivery(1, 'a')], new Map([['a', { deliveredAt: [], leasedIds: [1, 2] }]]), { cap: 1, now, leaseSeconds: 60 });
    expect(held.ids).toEqual([1]);
    expect(overHourlyCap([delivery(1, 'a')], new Map([['a', { deliveredAt: [], leasedIds: [1, 2] }]]), { cap: 2, now, leaseSeconds: 60 })).toEqual([]);
  });

  it('a hard bounce suppresses the address, in lower case, with the reason (at most 1,000 characters)', () => {
    expect(bounceSuppression(delivery(7, 'a'), 'SMTP: 550 '.padEnd(1200, 'x'), '2026-11-24T09:00:00.000')).toEqual({
      address: 'c7@example.com',
      reason: 'SMTP: 550 '.padEnd(1000, 'x'),
      deliveryId: 7,
      createdAt: '2026-11-24T09:00:00.000',
    });
  });

  it('a failed try is the last when it is permanent or the tries are used up', () => {
    expect([isDeadAfter(1, false, 3), isDeadAfter(3, false, 3), isDeadAfter(1, true, 3)]).toEqual([false, true, true]);
  });
});
