import { SingleBar } from 'cli-progress';
import { Command, CommandRunner, Option } from 'nest-commander';
import { ImportSummary } from '@curbside/persistence';
import { ImportService } from '../import.service';
import { output } from '../output';

interface ImportOptions {
  dryRun?: boolean;
  json?: boolean;
}

@Command({
  name: 'import',
  arguments: '<file>',
  description: 'load an import file (CONTRACT §3): checked whole first, then one transaction per customer; streamed, so any size',
})
export class ImportCommand extends CommandRunner {
  constructor(private readonly imports: ImportService) {
    super();
  }

  async run([file]: string[], options: ImportOptions): Promise<void> {
    const importFile = await this.imports.check(file);

    if (options.dryRun) {
      const plan = await this.imports.plan(importFile.customers);
      if (options.json) return output.json({ dry_run: true, customers: plan, holidays: importFile.holidays.length });
      output.line(`${file} is valid. Nothing was written (dry run). It would load ${importFile.holidays.length} holiday(s) and:`);
      output.table(plan.map((p) => ({ customer: p.customerId, action: p.exists ? 'replace by id' : 'create', ...stringify(p.records) })));
      return;
    }

    const progress = !options.json && process.stderr.isTTY ? new SingleBar({ format: 'importing [{bar}] {value}/{total} customers', stream: process.stderr }) : null;
    progress?.start(importFile.customers.length, 0);
    const { holidays, customers: summaries } = await this.imports.loadChecked(file, importFile, () => progress?.increment());
    progress?.stop();

    if (options.json) return output.json({ customers: summaries.map(toJson), holidays });
    output.line(`Imported ${summaries.length} customer(s) and the holiday calendar (+${holidays.created} ~${holidays.replaced}) from ${file}.`);
    output.table(summaries.map(toRow));
  }

  @Option({ flags: '--dry-run', description: 'check the file and show what it would load, without writing' })
  parseDryRun(): boolean {
    return true;
  }

  @Option({ flags: '--json', description: 'print the summary as JSON' })
  parseJson(): boolean {
    return true;
  }
}

function toJson(summary: ImportSummary) {
  return { customer_id: summary.customerId, customer_created: summary.customerCreated, resources: summary.resources };
}

function toRow(summary: ImportSummary): Record<string, string> {
  const counts = Object.entries(summary.resources).map(([resource, count]) => [resource, `+${count.created} ~${count.replaced}`]);
  return { customer: summary.customerId, action: summary.customerCreated ? 'created' : 'updated', ...Object.fromEntries(counts) };
}

function stringify(counts: Record<string, number>): Record<string, string> {
  return Object.fromEntries(Object.entries(counts).map(([key, value]) => [key, String(value)]));
}
