import { BundleResource, ImportFile } from '@curbside/domain';
import { decodeImportFile, ImportFileError, type ImportFileOptions, ImportFileReader, type ImportPiece, importPieces, importRecordLists, NotJson, NotScanned, scannedPieces } from '@curbside/codecs';
import { CustomerRepository } from '@curbside/persistence';
import { Injectable } from '@nestjs/common';
import { ImportScratch, ImportScratches } from './import-scratch';

/** Records written per statement batch of a streamed import: bounds memory, and amortises each batch's lookups. */
export const RECORDS_PER_BATCH = 2_000;

/** How an import went (or, for a dry run, would go) for one customer. */
export interface CustomerPlan {
  customerId: string;
  exists: boolean;
  records: Record<string, number>;
}

/** An import file checked by streaming through it: what the second pass writes. Close it when done. */
export interface CheckedFile {
  holidays: ImportFile['holidays'];
  /** Each customer's header, record counts and decoded records, in file order, kept off the heap. */
  customers: ImportScratch;
  /** How the file was read without a problem: with the cheap scan, or with stream-json. */
  readWith: 'scan' | 'stream-json';
  /** Whether the decoded records were kept: only such a file can be loaded. */
  recordsKept: boolean;
}

/** What `check` keeps: the decoded records unless the file is only to be planned (a dry run); and the languages a customer may name. */
export interface CheckOptions extends ImportFileOptions {
  keepRecords?: boolean;
}

type ReadPieces = (file: string, lists: ReadonlySet<string>) => AsyncGenerator<ImportPiece>;

/** An import file that cannot be loaded (unreadable, not JSON, or records the codecs refuse): nothing was written. */
export class ImportRejected extends Error {
  constructor(
    message: string,
    /** One line per problem, every problem of the file. */
    readonly details: string[] = [],
  ) {
    super(message);
    this.name = 'ImportRejected';
  }
}

/**
 * The first pass over an import file (CONTRACT §3; the CLI's `import` and `seed`): every record
 * is checked before anything is written, and what the second pass (`LoadImportFile`) writes is
 * kept in the import's scratch; or, for a dry run, what loading would do, customer by customer.
 */
@Injectable()
export class CheckImportFile {
  constructor(
    private readonly customers: CustomerRepository,
    private readonly scratches: ImportScratches,
  ) {}

  /** `options.languages`: the hauler's (`LANGUAGES`); a customer's `language` must be one of them (CONTRACT §11). */
  parse(text: string, source: string, options: ImportFileOptions = {}): ImportFile {
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch (error) {
      throw notJson(source, error as Error);
    }
    return decoded(source, () => decodeImportFile(json, options));
  }

  /**
   * The first pass over an import file, streamed (memory flat in the file's size): every record
   * checked as decodeImportFile checks it, every problem of the whole file reported at once.
   * Keeps each customer's header, record counts and decoded records (in the scratch), and the
   * holiday calendar. A well-formed file is read with the cheap scan; any other is read again
   * with stream-json, whose messages (for JSON errors and for the records alike) are the ones
   * the CLI has always given (stream-json takes a little more than JSON: a BOM).
   */
  async check(file: string, { keepRecords = true, ...options }: CheckOptions = {}): Promise<CheckedFile> {
    const kinds = importRecordLists();
    return decodedAsync(file, async () => {
      try {
        return await checkedPieces(file, scannedPieces, kinds, keepRecords, this.scratches, options);
      } catch (error) {
        if (!(error instanceof NotScanned || error instanceof ImportFileError)) throw error;
      }
      return checkedPieces(file, importPieces, kinds, keepRecords, this.scratches, options);
    });
  }

  /** What loading each customer of a checked file would do, customer by customer. */
  async *plan(checked: CheckedFile): AsyncGenerator<CustomerPlan> {
    for (const { customer, records } of checked.customers.customers()) {
      yield { customerId: customer.id, exists: await this.customers.exists(customer.id), records };
    }
  }
}

/**
 * A customer's decoded records, in batches of one list of at most RECORDS_PER_BATCH records, in
 * file order, kept in the scratch as they fill: all of a small customer's batches in one entry,
 * a large one's in entries of about RECORDS_PER_BATCH records. What the second pass writes.
 */
class RecordBatcher {
  private customer = -1;
  /** The customer's batches not kept yet, the last one being filled. */
  private batches: { kind: BundleResource; records: unknown[] }[] = [];
  private records = 0;

  constructor(private readonly scratch: ImportScratch) {}

  add(customer: number, kind: BundleResource, record: unknown): void {
    if (this.customer !== customer) {
      this.flush();
      this.customer = customer;
    }
    const last = this.batches.at(-1);
    if (last === undefined || last.kind !== kind || last.records.length === RECORDS_PER_BATCH) {
      if (this.records >= RECORDS_PER_BATCH) this.flush();
      this.batches.push({ kind, records: [record] });
    } else last.records.push(record);
    this.records++;
  }

  /** Keeps the batches not kept yet. */
  flush(): void {
    if (this.batches.length > 0) this.scratch.addBatches(this.customer, this.batches, this.records);
    this.batches = [];
    this.records = 0;
  }
}

/** Checks the pieces of an import file, read with `readPieces`, as they come; throws ImportFileError listing every problem. */
async function checkedPieces(
  file: string,
  readPieces: ReadPieces,
  kinds: Map<string, BundleResource>,
  keepRecords: boolean,
  scratches: ImportScratches,
  options: ImportFileOptions,
): Promise<CheckedFile> {
  const scratch = scratches.open();
  try {
    const reader = new ImportFileReader(scratch, options);
    const batcher = new RecordBatcher(scratch);
    const readWith = readPieces === scannedPieces ? 'scan' : 'stream-json';
    const checked: CheckedFile = { holidays: [], customers: scratch, readWith, recordsKept: keepRecords };
    const counts = new Map<number, Record<string, number>>();
    for await (const piece of readPieces(file, new Set(kinds.keys()))) {
      if (piece.type === 'record') {
        const kind = kinds.get(piece.list) as BundleResource;
        const record = reader.record(piece.customer, piece.list, piece.index, piece.value);
        // A record with a problem fails the file: nothing of it is written.
        if (record !== undefined && keepRecords) batcher.add(piece.customer, kind, record);
        const count = counts.get(piece.customer) ?? {};
        count[kind] = (count[kind] ?? 0) + 1;
        counts.set(piece.customer, count);
      } else if (piece.type === 'customer') {
        batcher.flush();
        const customer = reader.customer(piece.customer, piece.shell);
        const records = Object.fromEntries([...kinds.values()].map((kind) => [kind, counts.get(piece.customer)?.[kind] ?? 0]));
        scratch.add({ customer, records: records as Record<BundleResource, number> });
        counts.delete(piece.customer);
      } else checked.holidays = reader.file(piece.shell);
    }
    reader.finish();
    return checked;
  } catch (error) {
    scratch.close();
    throw error;
  }
}

const notJson = (source: string, error: Error): ImportRejected => new ImportRejected(`${source} is not valid JSON: ${error.message}`);

/** An ImportFileError as the CLI reports it: every problem, nothing imported. */
function importFailure(source: string, error: ImportFileError): ImportRejected {
  const details = error.issues.map((issue) => {
    const customer = issue.customerId === null ? '' : `customer ${issue.customerId}, `;
    return `${customer}${issue.record}, ${issue.field}: ${issue.message}`;
  });
  const count = error.issues.length === 1 ? '1 problem' : `${error.issues.length} problems`;
  return new ImportRejected(`${source} has ${count}; nothing was imported.`, details);
}

function decoded<T>(source: string, decode: () => T): T {
  try {
    return decode();
  } catch (error) {
    throw error instanceof ImportFileError ? importFailure(source, error) : error;
  }
}

async function decodedAsync<T>(source: string, decode: () => Promise<T>): Promise<T> {
  try {
    return await decode();
  } catch (error) {
    if (error instanceof ImportFileError) throw importFailure(source, error);
    if (error instanceof NotJson) throw notJson(source, error);
    const code = (error as NodeJS.ErrnoException).code;
    if (code !== undefined) throw new ImportRejected(`Cannot read ${source}: ${code}`);
    throw error;
  }
}
