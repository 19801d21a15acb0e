import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { SqliteImportScratch } from './import-scratch';

const customer = (n: number) => ({
  customer: { id: String(1_000_000 + n), currency: n % 2 ? 'USD' : 'CAD', ivrFee: n % 3 ? null : '5.0' },
  records: { tickets: n, invoices: 0 } as never,
});

describe('SqliteImportScratch: what an import keeps per customer, off the heap', () => {
  it('gives back every customer added, in order, across pages', () => {
    const scratch = new SqliteImportScratch();
    try {
      for (let n = 0; n < 1_234; n++) scratch.add(customer(n));
      expect(scratch.count).toBe(1_234);
      expect([...scratch.customers()]).toEqual(Array.from({ length: 1_234 }, (_, n) => customer(n)));
    } finally {
      scratch.close();
    }
  });

  it('answers the first position of an id seen before, and nothing for a new one', () => {
    const scratch = new SqliteImportScratch();
    try {
      expect(scratch.firstIndex('1000001', 0)).toBeUndefined();
      expect(scratch.firstIndex('1000002', 1)).toBeUndefined();
      expect(scratch.firstIndex('1000001', 2)).toBe(0);
      expect(scratch.firstIndex('1000001', 3)).toBe(0);
      expect(scratch.firstIndex('1000002', 4)).toBe(1);
    } finally {
      scratch.close();
    }
  });

  it("gives back each customer's batches, in order, across pages, streamed or kept, and none to a customer without records", () => {
    const scratch = new SqliteImportScratch();
    const batch = (customer: number, n: number) => ({
      kind: n % 2 ? 'pickups' : 'tickets',
      records: Array.from({ length: customer === 3 ? 2_000 : 3 }, (_, i) => ({ id: `${customer}-${n}-${i}`, amount: null })),
    });
    const batchesOf = (customer: number) =>
      customer % 5 === 1 ? [] : Array.from({ length: customer === 3 ? 12 : 2 }, (_, n) => batch(customer, n));
    try {
      for (let customer = 0; customer < 2_000; customer++) {
        for (const added of batchesOf(customer)) scratch.addBatches(customer, [added as never], added.records.length);
        if (customer % 7 === 0) scratch.addBatches(customer, batchesOf(customer) as never, 6);
      }
      const expected = (customer: number) => (customer % 7 === 0 ? [...batchesOf(customer), ...batchesOf(customer)] : batchesOf(customer));
      for (let customer = 0; customer < 2_000; customer++) {
        if (customer % 3 === 0) expect([...scratch.batchesOf(customer)]).toEqual(expected(customer));
        else {
          // Taken at once, decoded when iterated, as often as it is (a failed group is written again customer by customer).
          const kept = scratch.keptBatchesOf(customer);
          expect([...kept]).toEqual(expected(customer));
          expect([...kept]).toEqual(expected(customer));
        }
      }
    } finally {
      scratch.close();
    }
  });

  it('removes its file when closed', () => {
    const parent = mkdtempSync(path.join(tmpdir(), 'curbside-scratch-spec-'));
    try {
      const scratch = new SqliteImportScratch(parent);
      expect(readdirSync(parent)).toHaveLength(1);
      scratch.close();
      expect(readdirSync(parent)).toEqual([]);
    } finally {
      rmSync(parent, { recursive: true, force: true });
    }
  });
});
