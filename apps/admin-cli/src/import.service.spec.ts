import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { CliFailure } from './cli-failure';
import * as importStream from './import-stream';
import { ImportService } from './import.service';

jest.mock('./import-stream', () => {
  const actual = jest.requireActual<typeof import('./import-stream')>('./import-stream');
  return { ...actual, scannedPieces: jest.fn(actual.scannedPieces), importPieces: jest.fn(actual.importPieces) };
});
const scannedPieces = jest.mocked(importStream.scannedPieces);
const importPieces = jest.mocked(importStream.importPieces);

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any -- tests edit raw JSON freely

const sample = JSON.parse(readFileSync(path.join(__dirname, '../../../libs/codecs/src/testing/sample-import.json'), 'utf8')) as Json;

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

/** What check gives: the checked file, or the failure exactly as the CLI prints it. */
async function checked(service: ImportService, file: string): Promise<unknown> {
  try {
    return { checked: await service.check(file) };
  } catch (error) {
    if (!(error instanceof CliFailure)) throw error;
    return { message: error.message, details: error.details, exitCode: error.exitCode };
  }
}

describe('ImportService.check: the scan and stream-json agree', () => {
  const directory = mkdtempSync(path.join(tmpdir(), 'curbside-import-check-'));
  afterAll(() => rmSync(directory, { recursive: true, force: true }));
  const service = new ImportService(undefined as never, undefined as never);

  /** check's outcome, and whether it read the file with stream-json; then the outcome of stream-json alone, which must be the same. */
  async function bothPaths(text: string): Promise<{ outcome: unknown; streamed: boolean }> {
    const file = path.join(directory, 'import.json');
    writeFileSync(file, text);
    importPieces.mockClear();
    const outcome = await checked(service, file);
    const streamed = importPieces.mock.calls.length > 0;
    scannedPieces.mockImplementationOnce(async function* () {
      yield* [];
      throw new importStream.NotScanned('read with stream-json only');
    });
    expect(await checked(service, file)).toEqual(outcome);
    return { outcome, streamed };
  }

  it.each([
    ['the sample', JSON.stringify(sample)],
    ['the sample, pretty printed', JSON.stringify(sample, null, 2)],
    ['thousands of tickets with tricky strings', edited(manyTickets)],
    ['no customers', '{"customers":[]}'],
  ])('reads a good file (%s) with the scan alone, to the same result', async (_, text) => {
    const { outcome, streamed } = await bothPaths(text);
    expect(outcome).toHaveProperty('checked');
    expect(streamed).toBe(false);
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
    const { outcome } = await bothPaths(text);
    expect(outcome).toHaveProperty('message');
  });

  it('reads the same where JSON.parse and stream-json build different objects (a __proto__ member)', async () => {
    const text = JSON.stringify(sample).replace('{"id":"5001",', '{"__proto__":{"id":"1"},"id":"5001",');
    expect(text).toContain('__proto__');
    await bothPaths(text);
  });
});
