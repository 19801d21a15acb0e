/** One problem with one input value: `field` is its full JSON path, e.g. `preferences[0].channels[1].name`. */
export interface FieldIssue {
  field: string;
  message: string;
}

/** One problem in an import file, named by customer, record and field. */
export interface ImportIssue extends FieldIssue {
  /** The customer the record belongs to, when it has a readable id. */
  customerId: string | null;
  /** The record, e.g. `tickets[3] (id 5001)`. */
  record: string;
}

const SHOWN_IN_MESSAGE = 5;

function summarise<T>(issues: T[], describe: (issue: T) => string): string {
  const shown = issues.slice(0, SHOWN_IN_MESSAGE).map(describe).join('; ');
  const more = issues.length > SHOWN_IN_MESSAGE ? ` (and ${issues.length - SHOWN_IN_MESSAGE} more)` : '';
  const count = issues.length === 1 ? '1 problem' : `${issues.length} problems`;
  return `${count}: ${shown}${more}`;
}

/** A wire value that cannot be read; `issues` lists every problem found, each with its field path. */
export class DecodeError extends Error {
  override readonly name = 'DecodeError';

  constructor(readonly issues: FieldIssue[]) {
    super(summarise(issues, (issue) => `${issue.field}: ${issue.message}`));
  }
}

/** An import file that cannot be loaded; `issues` lists every problem found in the whole file. */
export class ImportFileError extends Error {
  override readonly name = 'ImportFileError';

  constructor(readonly issues: ImportIssue[]) {
    super(
      summarise(issues, (issue) => {
        const customer = issue.customerId === null ? '' : `customer ${issue.customerId}, `;
        return `${customer}${issue.record}, ${issue.field}: ${issue.message}`;
      }),
    );
  }
}
