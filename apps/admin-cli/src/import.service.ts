import { Injectable } from '@nestjs/common';
import { CustomerBundle } from '@curbside/domain';
import { decodeImportFile, ImportFileError } from '@curbside/codecs';
import { CustomerRepository, ImportSummary } from '@curbside/persistence';
import { CliFailure, EXIT } from './cli-failure';

/** How an import went (or, for a dry run, would go) for one customer. */
export interface CustomerPlan {
  customerId: string;
  exists: boolean;
  records: Record<string, number>;
}

/**
 * Turns an import file's text into stored records: every record is checked before anything
 * is written, then each customer is loaded in a transaction of its own.
 */
@Injectable()
export class ImportService {
  constructor(private readonly customers: CustomerRepository) {}

  parse(text: string, source: string): CustomerBundle[] {
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

  async load(bundles: CustomerBundle[], onCustomerDone: (summary: ImportSummary) => void = () => undefined): Promise<ImportSummary[]> {
    const summaries: ImportSummary[] = [];
    for (const bundle of bundles) {
      const summary = await this.customers.importBundle(bundle);
      summaries.push(summary);
      onCustomerDone(summary);
    }
    return summaries;
  }
}

function recordCounts(bundle: CustomerBundle): Record<string, number> {
  const { customer: _customer, ...lists } = bundle;
  return Object.fromEntries(Object.entries(lists).map(([resource, records]) => [resource, records.length]));
}
