import { Command, CommandRunner } from 'nest-commander';
import { ID_PATTERN } from '@curbside/domain';
import { encodeImportFile } from '@curbside/codecs';
import { CustomerRepository, HolidayRepository } from '@curbside/persistence';
import { CliFailure, EXIT } from '../cli-failure';
import { output } from '../output';

@Command({
  name: 'export',
  arguments: '<customerId>',
  description: "print one customer's records and the holiday calendar in the import-file format (import -> export is lossless)",
})
export class ExportCommand extends CommandRunner {
  constructor(
    private readonly customers: CustomerRepository,
    private readonly holidays: HolidayRepository,
  ) {
    super();
  }

  async run([customerId]: string[]): Promise<void> {
    if (!ID_PATTERN.test(customerId)) throw new CliFailure(`"${customerId}" is not a customer id (1 to 18 digits).`, EXIT.invalidInput);
    const bundle = await this.customers.exportBundle(customerId);
    if (bundle === null) throw new CliFailure(`There is no customer ${customerId}.`, EXIT.notFound);
    // The holiday calendar belongs to every customer: an export carries it, so import -> export is lossless.
    output.json(encodeImportFile({ customers: [bundle], holidays: await this.holidays.list() }));
  }
}
