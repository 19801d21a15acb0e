import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import * as codecs from '@curbside/codecs';
import type { Customer } from '@curbside/domain';
import { sqliteImportScratches, type RecordBatch } from '@curbside/persistence';
import type { ImportSummary } from './customer-import';
import { CheckImportFile, ImportRejected } from './check-import-file';
import { LoadImportFile } from './load-import-file';

jest.mock('@curbside/codecs', () => {
  const actual = jest.requireActual<typeof import('@curbside/codecs')>('@curbside/codecs');
  return { ...actual, scannedPieces: jest.fn(actual.scannedPieces) };
});
const scannedPieces = jest.mocked(codecs.scannedPieces);

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any -- tests edit raw JSON freely

const sample = JSON.parse(readFileSync(path.join(__dirname, '../../../../codecs/test/fixtures/sample-import.json'), 'utf8')) as Json;
const contractSample = JSON.parse(readFileSync(path.join(__dirname, '../../../../codecs/test/fixtures/contract-sample-customer.json'), 'utf8')) as Json;

/** The sample file after `edit`, as JSON text. */
function edited(edit: (file: Json) => void): string {
  const file = structuredClone(sample);
  edit(file);
  return JSON.stringify(file);
}

/** The sample with thousands of tickets whose comments hold what a scan can trip on (several MiB). */
const manyTickets = (file: Json): void => {
  const [first] = file.customers[0].tickets;
  file.customers[0].tickets = Array.from({ length: 6_000 }, (_, i) => ({
    ...first,
    id: String(100_000 + i),
    comments: `a "quoted" \\ back\\\\slash\\ ] } , : [ { é ✓ 😀 ${'x'.repeat(i % 700)}\\`,
  }));
};

/** What check gives: the checked file and how it was read, or the rejection whose message and details the CLI prints. */
async function checked(service: CheckImportFile, file: string): Promise<Record<string, unknown>> {
  try {
    const { readWith, customers, holidays } = await service.check(file);
    const checked = { holidays, customers: [...customers.customers()] };
    customers.close();
    return { checked, readWith };
  } catch (error) {
    if (!(error instanceof ImportRejected)) throw error;
    return { message: error.message, details: error.details };
  }
}

describe('CheckImportFile.check: the scan and stream-json agree', () => {
  const directory = mkdtempSync(path.join(tmpdir(), 'curbside-import-check-'));
  afterAll(() => rmSync(directory, { recursive: true, force: true }));
  const service = new CheckImportFile(undefined as never, sqliteImportScratches);

  const written = (text: string): string => {
    const file = path.join(directory, 'import.json');
    writeFileSync(file, text);
    return file;
  };

  /** check's outcome; then that of stream-json alone, which must be the same. */
  async function bothPaths(text: string): Promise<Record<string, unknown>> {
    const file = written(text);
    const outcome = await checked(service, file);
    scannedPieces.mockImplementationOnce(async function* () {
      yield* [];
      throw new codecs.NotScanned('read with stream-json only');
    });
    expect(await checked(service, file)).toEqual('checked' in outcome ? { ...outcome, readWith: 'stream-json' } : outcome);
    return outcome;
  }

  it.each([
    ['the sample', JSON.stringify(sample)],
    ['the sample, pretty printed', JSON.stringify(sample, null, 2)],
    ['thousands of tickets with tricky strings', edited(manyTickets)],
    ['no customers', '{"customers":[]}'],
    ['the CONTRACT §6 sample values (empty strings, a text profile id)', JSON.stringify({ customers: [contractSample] })],
  ])('reads a good file (%s) with the scan alone, to the same result', async (_, text) => {
    expect(await bothPaths(text)).toMatchObject({ readWith: 'scan' });
  });

  it.each([
    ['a codec problem', edited((file) => (file.customers[0].tickets[1].id = 'abc'))],
    ['an unknown member', edited((file) => (file.customers[1].notes[0].colour = 'red'))],
    ['a bad customer header', edited((file) => (file.customers[1].currency = 'dollars'))],
    ['duplicate records', edited((file) => file.customers[0].tickets.push(file.customers[0].tickets[0]))],
    ['duplicate customers', edited((file) => file.customers.push({ id: file.customers[0].id, currency: 'USD' }))],
    ['duplicate holidays', edited((file) => file.holidays.push(file.holidays[0]))],
    ['problems in many places', edited((file) => {
      manyTickets(file);
      file.customers[0].tickets[5].status = 'LOST';
      file.customers[0].tickets[4_000].id = file.customers[0].tickets[17].id;
      file.customers[1].contacts = 'none';
      file.customers.push('not a customer');
    })],
    ['a top-level array', JSON.stringify([sample])],
    ['customers not an array', '{"customers":{}}'],
    ['no customers member', '{"holidays":[]}'],
    ['truncated', JSON.stringify(sample).slice(0, 20_000)],
    ['a trailing comma', JSON.stringify(sample).replace(/\]\}$/, ',]}')],
    ['not JSON at all', 'customers: []'],
    ['an empty file', ''],
  ])('reports a bad file (%s) with the very messages of stream-json', async (_, text) => {
    expect(await bothPaths(text)).toHaveProperty('message');
  });

  it('reads the same where JSON.parse and stream-json build different objects (a __proto__ member)', async () => {
    const text = JSON.stringify(sample).replace('{"id":"5001",', '{"__proto__":{"id":"1"},"id":"5001",');
    expect(text).toContain('__proto__');
    await bothPaths(text);
  });

  it('keeps no records for a dry run, and will not load what it checked so', async () => {
    const file = written(JSON.stringify(sample));
    const checkedFile = await service.check(file, { keepRecords: false });
    try {
      expect(checkedFile.recordsKept).toBe(false);
      expect(checkedFile.customers.count).toBe(sample.customers.length);
      expect([...checkedFile.customers.batchesOf(0)]).toEqual([]);
      await expect(new LoadImportFile(undefined as never, undefined as never, undefined as never).loadChecked(checkedFile)).rejects.toThrow('the file was checked without keeping its records');
    } finally {
      checkedFile.customers.close();
    }
  });

  it('writes a file only stream-json reads (a BOM, whitespace JSON does not allow) by reading it with stream-json again', async () => {
    const records = async (text: string) => {
      let count = 0;
      const customers = {
        importBatches: async (customer: Customer, batches: AsyncIterable<RecordBatch>) => {
          for await (const batch of batches) count += batch.records.length;
          return { customerId: customer.id } as ImportSummary;
        },
        startBulkImport: async () => ({ customerLoaded: async () => undefined, end: async () => undefined }),
        refreshStatistics: async () => undefined,
      };
      const holidays = { importHolidays: async () => ({ created: 0, replaced: 0 }) };
      const writer = new LoadImportFile(customers as never, holidays as never, customers as never);
      const file = written(text);
      const checkedFile = await new CheckImportFile(customers as never, sqliteImportScratches).check(file);
      for await (const summary of (await writer.loadChecked(checkedFile)).customers) expect(summary.customerId).toMatch(/^\d+$/);
      checkedFile.customers.close();
      return { count, readWith: checkedFile.readWith };
    };
    const plain = await records(JSON.stringify(sample));
    expect(plain.count).toBeGreaterThan(40);
    expect(plain.readWith).toBe('scan');
    const odd = `\uFEFF${JSON.stringify(sample, null, 1).replaceAll('\n ', '\n\u00a0')}`;
    expect(await records(odd)).toEqual({ count: plain.count, readWith: 'stream-json' });
  });
});
