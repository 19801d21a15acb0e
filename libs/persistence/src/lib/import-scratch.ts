import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { BundleResource, Customer } from '@curbside/domain';
import type { RecordBatch } from './repositories/customer.repository';
import { loadSqliteDriver } from './sqlite-driver';

/** A customer of a checked import file: its header and how many records each of its lists has. */
export interface CheckedCustomer {
  customer: Customer;
  records: Record<BundleResource, number>;
}

/** Customers read back per query: a page, so the scratch's connection is free between pages. */
const PAGE = 500;
/** Records of batches read back per query: bounds what a page holds (a batch holds at most a few thousand). */
const PAGE_RECORDS = 10_000;

/** Stored batches as read back: whose they are (the customer's position) and how many records of the file end with them. */
interface StoredBatches {
  position: number;
  customer: number;
  through: number;
  batches: string;
}

/**
 * What an import keeps per customer between its two passes (each customer's header and record
 * counts, its records as the first pass decoded them, and the ids seen, to find one given twice),
 * in a scratch SQLite file rather than on the heap: a file of a million customers needs as little
 * memory as one of ten thousand, and the second pass neither parses nor decodes the
 * file again; the scratch takes about the file's size on disk.
 * One transaction, no journal, no sync: the file is thrown away when the import ends.
 * It is the application's `ImportScratch` port (CheckImportFile keeps in it what LoadImportFile writes), and the codecs' `SeenCustomerIds`.
 */
export class SqliteImportScratch {
  private readonly directory;
  private readonly db;
  private readonly insertId;
  private readonly selectId;
  private readonly insertCustomer;
  private readonly selectCustomers;
  private readonly insertBatches;
  private readonly selectBatches;
  /** How many customers were added. */
  count = 0;
  /** Records in the batches added. */
  private records = 0;
  /** The page of batches being given back by `batchesOf`, and where in it. */
  private page: StoredBatches[] = [];
  private pageIndex = 0;
  private pageEnd = { position: 0, through: 0 };

  /** `parent`: where its directory is made (the system's temporary directory). */
  constructor(parent = tmpdir()) {
    this.directory = mkdtempSync(path.join(parent, 'curbside-import-'));
    this.db = new (loadSqliteDriver())(path.join(this.directory, 'scratch.sqlite'));
    // Large pages: a customer's records are one text value of kilobytes, which SQLite otherwise spreads
    // over a chain of 4 KiB overflow pages, one write and one read each (52 MB of records written and
    // read back: 137 ms in 4 KiB pages, 64 ms in 64 KiB).
    this.db.pragma('page_size = 65536');
    this.db.pragma('journal_mode = OFF');
    this.db.pragma('synchronous = OFF');
    this.db.exec('CREATE TABLE ids (id TEXT PRIMARY KEY, position INTEGER NOT NULL) WITHOUT ROWID');
    this.db.exec('CREATE TABLE customers (position INTEGER PRIMARY KEY, checked TEXT NOT NULL)');
    this.db.exec(
      'CREATE TABLE batches (position INTEGER PRIMARY KEY, customer INTEGER NOT NULL, through INTEGER NOT NULL, batches TEXT NOT NULL)',
    );
    this.db.exec('BEGIN');
    this.insertId = this.db.prepare<[string, number]>('INSERT OR IGNORE INTO ids (id, position) VALUES (?, ?)');
    this.selectId = this.db.prepare<[string], { position: number }>('SELECT position FROM ids WHERE id = ?');
    this.insertCustomer = this.db.prepare<[number, string]>('INSERT INTO customers (position, checked) VALUES (?, ?)');
    this.selectCustomers = this.db.prepare<[number, number], { checked: string }>(
      'SELECT checked FROM customers WHERE position >= ? ORDER BY position LIMIT ?',
    );
    this.insertBatches = this.db.prepare<[number, number, string]>('INSERT INTO batches (customer, through, batches) VALUES (?, ?, ?)');
    this.selectBatches = this.db.prepare<[number], StoredBatches>(
      'SELECT position, customer, through, batches FROM batches WHERE position > ? ORDER BY position',
    );
  }

  firstIndex(id: string, index: number): number | undefined {
    if (this.insertId.run(id, index).changes === 1) return undefined;
    return this.selectId.get(id)?.position;
  }

  add(customer: CheckedCustomer): void {
    this.insertCustomer.run(this.count++, JSON.stringify(customer));
  }

  /** The customers added, in order, read a page at a time. */
  *customers(): Generator<CheckedCustomer> {
    for (let from = 0; from < this.count; from += PAGE) {
      for (const row of this.selectCustomers.all(from, PAGE)) yield JSON.parse(row.checked) as CheckedCustomer;
    }
  }

  /** Keeps batches of decoded records (`records` in all) of the customer at `customer` (its position), after those added before. */
  addBatches(customer: number, batches: readonly RecordBatch[], records: number): void {
    this.records += records;
    this.insertBatches.run(customer, this.records, JSON.stringify(batches));
  }

  /**
   * The batches of the customer at `customer`, in the order added, read a page at a time. Ask for
   * the customers in order, each once, and take each one's batches to the end before the next's.
   */
  *batchesOf(customer: number): Generator<RecordBatch> {
    for (const text of this.entriesOf(customer)) yield* JSON.parse(text) as RecordBatch[];
  }

  /**
   * The batches of a small customer (added in one entry), taken now and decoded each time they are
   * iterated: a group read ahead holds their text, and their records live only while being written
   * (short-lived objects are what a young-generation GC frees cheaply). Asked for as `batchesOf`.
   */
  keptBatchesOf(customer: number): Iterable<RecordBatch> {
    const texts = [...this.entriesOf(customer)];
    return {
      *[Symbol.iterator]() {
        for (const text of texts) yield* JSON.parse(text) as RecordBatch[];
      },
    };
  }

  private *entriesOf(customer: number): Generator<string> {
    for (;;) {
      if (this.pageIndex === this.page.length) this.readPage();
      const next = this.page.at(this.pageIndex);
      if (next === undefined || next.customer !== customer) return;
      this.pageIndex++;
      yield next.batches;
    }
  }

  /**
   * The next batches, PAGE_RECORDS records' worth (at least one entry, while any is left). Read by
   * stepping and stopping: a condition on `through` in the query would not stop SQLite's scan,
   * which would read every later entry for every page (quadratic in the file's size).
   */
  private readPage(): void {
    const limit = this.pageEnd.through + PAGE_RECORDS;
    this.page = [];
    for (const entry of this.selectBatches.iterate(this.pageEnd.position)) {
      if (this.page.length > 0 && entry.through > limit) break;
      this.page.push(entry);
    }
    this.pageIndex = 0;
    const last = this.page.at(-1);
    if (last !== undefined) this.pageEnd = { position: last.position, through: last.through };
  }

  /** Closes the scratch file and removes it. */
  close(): void {
    if (this.db.open) this.db.close();
    rmSync(this.directory, { recursive: true, force: true });
  }
}

/** Opens a scratch for each import (the application's `ImportScratches` port). */
export const sqliteImportScratches = { open: (): SqliteImportScratch => new SqliteImportScratch() };
