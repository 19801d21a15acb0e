import { chmod, mkdir, readFile, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import { Command, CommandRunner, Option } from 'nest-commander';
import { CheckImportFile, LoadImportFile } from '@curbside/application';
import { ClientService } from '@curbside/auth';
import { CustomerRepository, HolidayRepository } from '@curbside/persistence';
import { CliFailure, EXIT } from '../cli-failure';
import { buildDemoImportFile, DEMO_CUSTOMER_IDS } from '@curbside/demo';
import { output } from '../output';

interface SeedOptions {
  demo?: boolean;
  ifEmpty?: boolean;
  force?: boolean;
  credentialsFile?: string;
  json?: boolean;
}

interface DemoCredentials {
  client_id: string;
  client_secret: string;
}

/** What the database holds, as far as the demo sandbox is concerned. */
interface Contents {
  /** No customers and no holidays: the demo sandbox may go in whole. */
  empty: boolean;
  /** Customers other than the demo's, or a holiday calendar without the demo's customers: an operator's data. */
  ownData: boolean;
  demoCustomers: boolean;
  holidays: boolean;
}

/**
 * Loads the demo sandbox through the ordinary import path and registers a demo client for
 * it — only into an empty database, or over the demo sandbox itself: a database that holds an
 * operator's data is refused (`--if-empty` leaves it alone), unless `--force` loads the demo
 * customers anyway. The demo's holiday calendar never goes beside an operator's data nor over
 * a calendar already there, as it would move every customer's pickups. With --credentials-file the client's id and secret are kept in a local file, so that a
 * sandbox started again can print them again (a convenience for the embedded demo only).
 */
@Command({ name: 'seed', description: 'load the demo sandbox (customers with data in every resource) and a demo client' })
export class SeedCommand extends CommandRunner {
  constructor(
    private readonly checks: CheckImportFile,
    private readonly imports: LoadImportFile,
    private readonly customers: CustomerRepository,
    private readonly holidays: HolidayRepository,
    private readonly clients: ClientService,
  ) {
    super();
  }

  async run(_: string[], options: SeedOptions): Promise<void> {
    if (!options.demo) throw new CliFailure('Only the demo sandbox can be seeded: pass --demo.', EXIT.usage);

    const contents = await this.contents();
    const load = options.ifEmpty ? contents.empty : this.loadable(contents, options.force === true);
    if (load) await this.loadDemo(!contents.ownData && !contents.holidays);
    if (!load && !contents.demoCustomers) return this.reportNoDemo(options.json === true);

    const credentials = (await this.storedCredentials(options.credentialsFile)) ?? (await this.newDemoClient(options.credentialsFile));
    const result = { seeded: load, customers: DEMO_CUSTOMER_IDS, ...credentials };

    if (options.json) return output.json(result);
    output.line(load ? `Loaded the demo sandbox: customers ${DEMO_CUSTOMER_IDS.join(', ')}.` : 'The demo sandbox was already loaded.');
    output.line(`  ClientId:      ${credentials.client_id}`);
    output.line(`  Client secret: ${credentials.client_secret}`);
  }

  private async contents(): Promise<Contents> {
    const [otherCustomers, demoCustomers, holidays] = await Promise.all([
      this.customers.anyOtherThan(DEMO_CUSTOMER_IDS),
      this.customers.exists(DEMO_CUSTOMER_IDS[0]),
      this.holidays.any(),
    ]);
    const ownData = otherCustomers || (holidays && !demoCustomers);
    return { empty: !otherCustomers && !demoCustomers && !holidays, ownData, demoCustomers, holidays };
  }

  /** Without --if-empty: an empty database or the demo's own takes the sandbox; an operator's data only with --force. */
  private loadable(contents: Contents, force: boolean): boolean {
    if (!contents.ownData || force) return true;
    throw new CliFailure(
      'The database holds customers or holidays of its own: the demo sandbox goes only into an empty database (--force loads its customers anyway, never its holidays).',
      EXIT.invalidInput,
    );
  }

  private async loadDemo(withHolidays: boolean): Promise<void> {
    const file = this.checks.parse(JSON.stringify(buildDemoImportFile()), 'the demo sandbox');
    await this.imports.load(withHolidays ? file : { ...file, holidays: [] });
  }

  /** --if-empty on a database with an operator's data and no demo customers: nothing loaded, no demo client. */
  private reportNoDemo(json: boolean): void {
    if (json) return output.json({ seeded: false, customers: [] });
    output.line('The database holds data of its own: no demo sandbox loaded. Register a client with `clients create`.');
  }

  /** The saved demo client, if the file exists and the client still works. */
  private async storedCredentials(file: string | undefined): Promise<DemoCredentials | null> {
    if (!file) return null;
    const text = await readFile(file, 'utf8').catch(() => null);
    if (text === null) return null;
    const saved = JSON.parse(text) as DemoCredentials;
    const client = await this.clients.authenticate(saved.client_id, saved.client_secret);
    return client === null ? null : saved;
  }

  private async newDemoClient(file: string | undefined): Promise<DemoCredentials> {
    const created = await this.clients.create('Demo sandbox', DEMO_CUSTOMER_IDS);
    const credentials = { client_id: created.clientId, client_secret: created.clientSecret };
    if (file) {
      await mkdir(dirname(file), { recursive: true });
      await writeFile(file, `${JSON.stringify(credentials, null, 2)}\n`, { mode: 0o600 });
      await chmod(file, 0o600);
    }
    return credentials;
  }

  @Option({ flags: '--demo', description: 'the demo sandbox (required)' })
  parseDemo(): boolean {
    return true;
  }

  @Option({ flags: '--if-empty', description: 'load the sandbox only into an empty database (no customers, no holidays)' })
  parseIfEmpty(): boolean {
    return true;
  }

  @Option({ flags: '--force', description: 'load the demo customers into a database that holds data (never its holidays)' })
  parseForce(): boolean {
    return true;
  }

  @Option({ flags: '--credentials-file <path>', description: 'keep the demo client id and secret in this file (mode 600)' })
  parseCredentialsFile(value: string): string {
    return value;
  }

  @Option({ flags: '--json', description: 'print {seeded, customers, client_id, client_secret} as JSON (customers [] and no client when none is loaded)' })
  parseJson(): boolean {
    return true;
  }
}
