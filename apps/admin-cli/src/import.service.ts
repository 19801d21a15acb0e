import { Injectable } from '@nestjs/common';
import { CustomerBundle, ImportFile } from '@curbside/domain';
import { decodeImportFile, ImportFileError } from '@curbside/codecs';
import { CustomerRepository, HolidayRepository, ImportCount, ImportSummary } from '@curbside/persistence';
import { CliFailure, EXIT } from './cli-failure';

/** How an import went (or, for a dry run, would go) for one customer. */
export interface CustomerPlan {
  customerId: string;
  exists: boolean;
  records: Record<string, number>;
}

/** What an import did: the holiday calendar's counts, then each customer's. */
export interface ImportResult {
  holidays: ImportCount;
  customers: ImportSummary[];
}

/**
 * Turns an import file's text into stored records: every record is checked before anything
 * is written, then each customer is loaded in a transaction of its own.
 */
@Injectable()
export class ImportService {
  constructor(
    private readonly customers: CustomerRepository,
    private readonly holidays: HolidayRepository,
  ) {}

  parse(text: string, source: string): ImportFile {
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch (error) {
      throw new CliFailure(`${source} is not valid JSON: ${(error as Error).message}`, EXIT.invalidInput);
    }
    try {
      return decodeImportFile(json);
    } catch (error) {
      if (!(error instanceof ImportFileError)) throw error;
      const details = error.issues.map((issue) => {
        const customer = issue.customerId === null ? '' : `customer ${issue.customerId}, `;
        return `${customer}${issue.record}, ${issue.field}: ${issue.message}`;
      });
      const count = error.issues.length === 1 ? '1 problem' : `${error.issues.length} problems`;
      throw new CliFailure(`${source} has ${count}; nothing was imported.`, EXIT.invalidInput, details);
    }
  }

  async plan(bundles: CustomerBundle[]): Promise<CustomerPlan[]> {
    return Promise.all(
      bundles.map(async (bundle) => ({
        customerId: bundle.customer.id,
        exists: await this.customers.exists(bundle.customer.id),
        records: recordCounts(bundle),
      })),
    );
  }

  /** Loads the holiday calendar (one transaction), then each customer (one transaction each). */
  async load(file: ImportFile, onCustomerDone: (summary: ImportSummary) => void = () => undefined): Promise<ImportResult> {
    const holidays = await this.holidays.importHolidays(file.holidays);
    const customers: ImportSummary[] = [];
    for (const bundle of file.customers) {
      const summary = await this.customers.importBundle(bundle);
      customers.push(summary);
      onCustomerDone(summary);
    }
    return { holidays, customers };
  }
}

function recordCounts(bundle: CustomerBundle): Record<string, number> {
  const { customer: _customer, ...lists } = bundle;
  return Object.fromEntries(Object.entries(lists).map(([resource, records]) => [resource, records.length]));
}
