import { Command, CommandRunner, Option } from 'nest-commander';
import { ID_PATTERN } from '@curbside/domain';
import { CustomerRepository } from '@curbside/persistence';
import { CliFailure, EXIT } from '../../src/cli-failure';
import { output } from '../../src/output';

interface VersionOptions {
  json?: boolean;
}

/**
 * The worked example of a team's own admin-CLI command (docs/extending.md, "A new CLI command"):
 * it checks its arguments (exit 3, nothing done), asks the libs (here a repository; a write would
 * call a use case), answers on stdout (a line, or JSON with --json) and fails as `CliFailure`
 * (one line, its exit code, no stack trace).
 */
@Command({ name: 'customer-version', arguments: '<customerId>', description: "print a customer's data version (a team's example command)" })
export class CustomerVersionCommand extends CommandRunner {
  constructor(private readonly customers: CustomerRepository) {
    super();
  }

  async run([customerId]: string[], options: VersionOptions): Promise<void> {
    if (!ID_PATTERN.test(customerId)) throw new CliFailure(`customerId must be 1 to 18 digits: "${customerId}"`, EXIT.invalidInput);
    const found = await this.customers.findVersioned(customerId);
    if (found === null) throw new CliFailure(`There is no customer ${customerId}.`, EXIT.notFound);
    if (options.json) return output.json({ customer_id: customerId, data_version: found.dataVersion });
    output.line(`Customer ${customerId}: data version ${found.dataVersion}.`);
  }

  @Option({ flags: '--json', description: 'print {customer_id, data_version} as JSON' })
  parseJson(): boolean {
    return true;
  }
}
