import { chmod, mkdir, readFile, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import { Command, CommandRunner, Option } from 'nest-commander';
import { ClientService } from '@curbside/auth';
import { CustomerRepository } from '@curbside/persistence';
import { CliFailure, EXIT } from '../cli-failure';
import { buildDemoImportFile, DEMO_CUSTOMER_IDS } from '@curbside/demo';
import { ImportService } from '../import.service';
import { output } from '../output';

interface SeedOptions {
  demo?: boolean;
  ifEmpty?: boolean;
  credentialsFile?: string;
  json?: boolean;
}

interface DemoCredentials {
  client_id: string;
  client_secret: string;
}

/**
 * Loads the demo sandbox through the ordinary import path and registers a demo client for
 * it. With --credentials-file the client's id and secret are kept in a local file, so that a
 * sandbox started again can print them again (a convenience for the embedded demo only).
 */
@Command({ name: 'seed', description: 'load the demo sandbox (customers with data in every resource) and a demo client' })
export class SeedCommand extends CommandRunner {
  constructor(
    private readonly imports: ImportService,
    private readonly customers: CustomerRepository,
    private readonly clients: ClientService,
  ) {
    super();
  }

  async run(_: string[], options: SeedOptions): Promise<void> {
    if (!options.demo) throw new CliFailure('Only the demo sandbox can be seeded: pass --demo.', EXIT.usage);

    const alreadySeeded = options.ifEmpty && (await this.customers.exists(DEMO_CUSTOMER_IDS[0]));
    if (!alreadySeeded) {
      const bundles = this.imports.parse(JSON.stringify(buildDemoImportFile()), 'the demo sandbox');
      await this.imports.load(bundles);
    }
    const credentials = (await this.storedCredentials(options.credentialsFile)) ?? (await this.newDemoClient(options.credentialsFile));
    const result = { seeded: !alreadySeeded, customers: DEMO_CUSTOMER_IDS, ...credentials };

    if (options.json) return output.json(result);
    output.line(alreadySeeded ? 'The demo sandbox was already loaded.' : `Loaded the demo sandbox: customers ${DEMO_CUSTOMER_IDS.join(', ')}.`);
    output.line(`  ClientId:      ${credentials.client_id}`);
    output.line(`  Client secret: ${credentials.client_secret}`);
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

  @Option({ flags: '--if-empty', description: 'load the sandbox only when it is not loaded yet' })
  parseIfEmpty(): boolean {
    return true;
  }

  @Option({ flags: '--credentials-file <path>', description: 'keep the demo client id and secret in this file (mode 600)' })
  parseCredentialsFile(value: string): string {
    return value;
  }

  @Option({ flags: '--json', description: 'print {seeded, customers, client_id, client_secret} as JSON' })
  parseJson(): boolean {
    return true;
  }
}
