import type { INestApplicationContext } from '@nestjs/common';
import { CustomerImport } from '@curbside/application';
import { CommandRunnerService } from 'nest-commander';
import { loadConfig } from '@curbside/config';
import { emptyBundle } from '@curbside/domain';
import { CustomerRepository } from '@curbside/persistence';
import { testDatabases, type TestDatabase } from '@curbside/testing';
import { createCliApp } from '../../src/cli-app';
import { CliFailure, EXIT } from '../../src/cli-failure';
import { CustomerVersionCommand } from './customer-version.command';

/*
 * A team's own command added to the admin CLI without editing it (createCliApp's `extension`):
 * it runs beside the house's commands, with their libs injected, and fails as they do.
 */
describe.each(testDatabases())('a team\u2019s CLI command (createCliApp extension) on $name', (kind) => {
  let database: TestDatabase;
  let app: INestApplicationContext;
  const failures: unknown[] = [];
  let written: string[] = [];
  let version = -1;

  beforeAll(async () => {
    database = await kind.create();
    app = await createCliApp(loadConfig({ DATABASE_URL: database.url, LOG_LEVEL: 'silent' }), (error) => failures.push(error), {
      commands: [CustomerVersionCommand],
    });
    await app.get(CustomerImport).importBundle(emptyBundle('1000001'));
    version = (await app.get(CustomerRepository).findVersioned('1000001'))?.dataVersion ?? -1;
  });
  afterAll(async () => {
    await app?.close();
    await database?.drop();
  });

  /** Runs `curbside <args>` in this process; what it wrote to stdout, and what it threw to `report`. */
  async function cli(...args: string[]): Promise<{ stdout: string; failure: unknown }> {
    failures.length = 0;
    written = [];
    const write = process.stdout.write.bind(process.stdout);
    process.stdout.write = ((chunk: string) => written.push(String(chunk)) > 0) as typeof process.stdout.write;
    try {
      await app.get(CommandRunnerService).run(['node', 'curbside', ...args]);
    } finally {
      process.stdout.write = write;
    }
    return { stdout: written.join(''), failure: failures[0] };
  }

  it('answers a line, and JSON with --json', async () => {
    expect(await cli('customer-version', '1000001')).toEqual({ stdout: `Customer 1000001: data version ${version}.\n`, failure: undefined });
    const { stdout } = await cli('customer-version', '1000001', '--json');
    expect(JSON.parse(stdout)).toEqual({ customer_id: '1000001', data_version: version });
  });

  it('fails as the house\u2019s commands fail: bad input exit 3, not found exit 4, nothing on stdout', async () => {
    const bad = await cli('customer-version', '12x');
    expect(bad.stdout).toBe('');
    expect(bad.failure).toBeInstanceOf(CliFailure);
    expect(bad.failure).toMatchObject({ exitCode: EXIT.invalidInput, message: 'customerId must be 1 to 18 digits: "12x"' });
    expect((await cli('customer-version', '4242')).failure).toMatchObject({ exitCode: EXIT.notFound });
  });

  it('stands beside the house\u2019s commands', async () => {
    const { stdout } = await cli('clients', 'list', '--json');
    expect(JSON.parse(stdout)).toEqual(expect.anything());
  });
});
