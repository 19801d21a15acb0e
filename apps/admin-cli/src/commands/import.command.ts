import { Inject } from '@nestjs/common';
import { SingleBar } from 'cli-progress';
import { Command, CommandRunner, Option } from 'nest-commander';
import { ImportCount } from '@curbside/persistence';
import { CheckedFile, CheckImportFile, CustomerPlan, ImportSummary, LoadImportFile } from '@curbside/application';
import type { Config } from '@curbside/config';
import { CONFIG } from '@curbside/runtime';
import { output } from '../output';

interface ImportOptions {
  dryRun?: boolean;
  json?: boolean;
}

/** Up to this many customers the result is a table, one row per customer; beyond, one line of totals. */
const TABLE_ROWS = 40;

@Command({
  name: 'import',
  arguments: '<file>',
  description: 'load an import file (CONTRACT §3): checked whole first, then each customer all or nothing; streamed, so any size',
})
export class ImportCommand extends CommandRunner {
  constructor(
    private readonly checks: CheckImportFile,
    private readonly imports: LoadImportFile,
    @Inject(CONFIG) private readonly config: Config,
  ) {
    super();
  }

  async run([file]: string[], options: ImportOptions): Promise<void> {
    // A customer's language must be one the hauler offers (CONTRACT §11).
    const checked = await this.checks.check(file, { keepRecords: options.dryRun !== true, languages: this.config.languages.offered });
    try {
      if (options.dryRun) await this.dryRun(file, checked, options.json === true);
      else await this.load(file, checked, options.json === true);
    } finally {
      checked.customers.close();
    }
  }

  private async dryRun(file: string, checked: CheckedFile, json: boolean): Promise<void> {
    const plan = this.checks.plan(checked);
    if (json) return output.jsonStreamed({ dry_run: true, customers: [], holidays: checked.holidays.length }, 'customers', plan);
    const summary = new Summary();
    for await (const p of plan) {
      const records = Object.values(p.records).reduce((sum, n) => sum + n, 0);
      summary.add(p.exists, { created: records, replaced: 0 }, () => planRow(p));
    }
    output.line(`${file} is valid. Nothing was written (dry run). It would load ${checked.holidays.length} holiday(s) and:`);
    if (summary.rows !== null) output.table(summary.rows);
    else output.line(`${summary.customers} customers (${summary.updated} to replace by id, ${summary.customers - summary.updated} to create), ${summary.written.created} records.`);
  }

  private async load(file: string, checked: CheckedFile, json: boolean): Promise<void> {
    const progress = output.isTerminal('stderr') && !(json && output.isTerminal('stdout')) ? new SingleBar({ format: 'importing [{bar}] {value}/{total} customers | {eta_formatted} left', stream: process.stderr }) : null;
    const { holidays, customers } = await this.imports.loadChecked(checked);
    progress?.start(checked.customers.count, 0);
    const summaries = counted(customers, () => progress?.increment());
    try {
      if (json) return await output.jsonStreamed({ customers: [], holidays }, 'customers', mapped(summaries, toJson));
      const summary = new Summary();
      for await (const s of summaries) summary.add(!s.customerCreated, totals(s.resources), () => toRow(s));
      progress?.stop();
      output.line(`Imported ${summary.customers} customer(s) and the holiday calendar (+${holidays.created} ~${holidays.replaced}) from ${file}.`);
      if (summary.rows !== null) output.table(summary.rows);
      else output.line(`${summary.customers - summary.updated} created, ${summary.updated} updated; records +${summary.written.created} ~${summary.written.replaced}.`);
    } finally {
      progress?.stop();
    }
  }

  @Option({ flags: '--dry-run', description: 'check the file and show what it would load, without writing' })
  parseDryRun(): boolean {
    return true;
  }

  @Option({ flags: '--json', description: 'print the summary as JSON (every customer, written as it is loaded)' })
  parseJson(): boolean {
    return true;
  }
}

/**
 * The totals of a run, and its table rows while there are at most TABLE_ROWS customers: beyond
 * that the rows are dropped (`rows` is null), so a file of any size keeps nothing per customer.
 */
class Summary {
  customers = 0;
  updated = 0;
  readonly written: ImportCount = { created: 0, replaced: 0 };
  rows: Record<string, string>[] | null = [];

  add(updated: boolean, written: ImportCount, row: () => Record<string, string>): void {
    this.customers++;
    if (updated) this.updated++;
    this.written.created += written.created;
    this.written.replaced += written.replaced;
    this.rows?.push(row());
    if (this.customers > TABLE_ROWS) this.rows = null;
  }
}

function totals(resources: Record<string, ImportCount>): ImportCount {
  const counts = Object.values(resources);
  return { created: counts.reduce((sum, c) => sum + c.created, 0), replaced: counts.reduce((sum, c) => sum + c.replaced, 0) };
}

async function* counted<T>(items: AsyncIterable<T>, onEach: () => void): AsyncGenerator<T> {
  for await (const item of items) {
    onEach();
    yield item;
  }
}

async function* mapped<T, U>(items: AsyncIterable<T>, map: (item: T) => U): AsyncGenerator<U> {
  for await (const item of items) yield map(item);
}

function toJson(summary: ImportSummary) {
  return { customer_id: summary.customerId, customer_created: summary.customerCreated, resources: summary.resources };
}

function toRow(summary: ImportSummary): Record<string, string> {
  const counts = Object.entries(summary.resources).map(([resource, count]) => [resource, `+${count.created} ~${count.replaced}`]);
  return { customer: summary.customerId, action: summary.customerCreated ? 'created' : 'updated', ...Object.fromEntries(counts) };
}

function planRow(p: CustomerPlan): Record<string, string> {
  const counts = Object.entries(p.records).map(([key, value]) => [key, String(value)]);
  return { customer: p.customerId, action: p.exists ? 'replace by id' : 'create', ...Object.fromEntries(counts) };
}
