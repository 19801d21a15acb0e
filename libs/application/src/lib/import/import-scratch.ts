import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { SeenCustomerIds } from '@curbside/codecs';
import type { BundleResource, Customer } from '@curbside/domain';
import { loadSqliteDriver } from '@curbside/persistence';

/** A customer of a checked import file: its header and how many records each of its lists has. */
export interface CheckedCustomer {
  customer: Customer;
  records: Record<BundleResource, number>;
}

/** Customers read back per query: a page, so the scratch's connection is free between pages. */
const PAGE = 500;

/**
 * What an import keeps per customer between its two passes (each customer's header and record
 * counts, and the ids seen, to find one given twice), in a scratch SQLite file rather than on the
 * heap: a file of a million customers needs as little memory as one of ten thousand (issue 21).
 * One transaction, no journal, no sync: the file is thrown away when the import ends.
 */
export class ImportScratch implements SeenCustomerIds {
  private readonly directory;
  private readonly db;
  private readonly insertId;
  private readonly selectId;
  private readonly insertCustomer;
  private readonly selectCustomers;
  /** How many customers were added. */
  count = 0;

  /** `parent`: where its directory is made (the system's temporary directory). */
  constructor(parent = tmpdir()) {
    this.directory = mkdtempSync(path.join(parent, 'curbside-import-'));
    this.db = new (loadSqliteDriver())(path.join(this.directory, 'scratch.sqlite'));
    this.db.pragma('journal_mode = OFF');
    this.db.pragma('synchronous = OFF');
    this.db.exec('CREATE TABLE ids (id TEXT PRIMARY KEY, position INTEGER NOT NULL) WITHOUT ROWID');
    this.db.exec('CREATE TABLE customers (position INTEGER PRIMARY KEY, checked TEXT NOT NULL)');
    this.db.exec('BEGIN');
    this.insertId = this.db.prepare<[string, number]>('INSERT OR IGNORE INTO ids (id, position) VALUES (?, ?)');
    this.selectId = this.db.prepare<[string], { position: number }>('SELECT position FROM ids WHERE id = ?');
    this.insertCustomer = this.db.prepare<[number, string]>('INSERT INTO customers (position, checked) VALUES (?, ?)');
    this.selectCustomers = this.db.prepare<[number, number], { checked: string }>(
      'SELECT checked FROM customers WHERE position >= ? ORDER BY position LIMIT ?',
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

  /** Closes the scratch file and removes it. */
  close(): void {
    if (this.db.open) this.db.close();
    rmSync(this.directory, { recursive: true, force: true });
  }
}
