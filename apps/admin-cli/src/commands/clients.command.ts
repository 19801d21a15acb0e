import { Command, CommandRunner, Option, SubCommand } from 'nest-commander';
import { ApiClient, ID_PATTERN } from '@curbside/domain';
import { ClientService } from '@curbside/auth';
import { CliFailure, EXIT } from '../cli-failure';
import { output } from '../output';

interface CreateOptions {
  name?: string;
  customers?: string[];
  allCustomers?: boolean;
  resourceServer?: boolean;
  json?: boolean;
}

@SubCommand({ name: 'create', description: 'register an API client; its secret is printed once and stored hashed' })
export class ClientsCreateCommand extends CommandRunner {
  constructor(private readonly clients: ClientService) {
    super();
  }

  async run(_: string[], options: CreateOptions): Promise<void> {
    if (!options.name?.trim()) throw new CliFailure('--name is required.', EXIT.usage);
    if (Boolean(options.customers) === Boolean(options.allCustomers)) {
      throw new CliFailure('Give exactly one of --customers <id>[,<id>...] and --all-customers.', EXIT.usage);
    }
    const customers = options.allCustomers ? 'all' : (options.customers ?? []);
    const created = await this.clients.create(options.name, customers, options.resourceServer === true);
    const result = { client_id: created.clientId, client_secret: created.clientSecret, customers: created.customers, resource_server: created.resourceServer };
    if (options.json) return output.json(result);
    output.line(`Client created. Store the secret now: it is not shown again.`);
    output.line(`  ClientId:      ${result.client_id}`);
    output.line(`  Client secret: ${result.client_secret}`);
    output.line(`  Customers:     ${describeCustomers(created.customers)}`);
    if (created.resourceServer) output.line('  Resource server: may introspect tokens (POST /oauth/introspect)');
  }

  @Option({ flags: '-n, --name <name>', description: 'who the client is, e.g. "Resident portal"' })
  parseName(value: string): string {
    return value;
  }

  @Option({ flags: '-c, --customers <ids>', description: 'comma-separated customer ids the client may access' })
  parseCustomers(value: string): string[] {
    const ids = value.split(',').map((id) => id.trim()).filter(Boolean);
    const invalid = ids.filter((id) => !ID_PATTERN.test(id));
    if (ids.length === 0 || invalid.length > 0) throw new CliFailure(`--customers needs customer ids (digits): "${value}"`, EXIT.usage);
    return ids;
  }

  @Option({ flags: '--all-customers', description: 'grant every customer, present and future' })
  parseAllCustomers(): boolean {
    return true;
  }

  @Option({ flags: '--resource-server', description: 'a service that accepts these tokens: it may introspect them (POST /oauth/introspect)' })
  parseResourceServer(): boolean {
    return true;
  }

  @Option({ flags: '--json', description: 'print {client_id, client_secret, customers, resource_server} as JSON' })
  parseJson(): boolean {
    return true;
  }
}

@SubCommand({ name: 'list', description: 'list API clients (never their secrets)' })
export class ClientsListCommand extends CommandRunner {
  constructor(private readonly clients: ClientService) {
    super();
  }

  async run(_: string[], options: { json?: boolean }): Promise<void> {
    const clients = await this.clients.list();
    if (options.json) return output.json(clients.map(toJson));
    if (clients.length === 0) return output.line('No clients yet: `clients create --name <name> --customers <ids>` registers one.');
    output.table(
      clients.map((client) => ({
        client_id: client.clientId,
        name: client.name,
        customers: describeCustomers(client.customers),
        created: client.createdAt,
        revoked: client.revokedAt ?? '-',
        resource_server: client.resourceServer ? 'yes' : 'no',
      })),
    );
  }

  @Option({ flags: '--json', description: 'print the clients as JSON' })
  parseJson(): boolean {
    return true;
  }
}

@SubCommand({ name: 'revoke', arguments: '<clientId>', description: "revoke a client: its tokens stop working at once" })
export class ClientsRevokeCommand extends CommandRunner {
  constructor(private readonly clients: ClientService) {
    super();
  }

  async run([clientId]: string[], options: { json?: boolean }): Promise<void> {
    const revoked = await this.clients.revoke(clientId);
    if (!revoked) throw new CliFailure(`There is no client ${clientId}.`, EXIT.notFound);
    if (options.json) return output.json({ client_id: clientId, revoked: true });
    output.line(`Client ${clientId} is revoked; its tokens no longer work.`);
  }

  @Option({ flags: '--json', description: 'print the result as JSON' })
  parseJson(): boolean {
    return true;
  }
}

@Command({
  name: 'clients',
  description: 'API clients (OAuth 2.0 client credentials) and their customer grants',
  subCommands: [ClientsCreateCommand, ClientsListCommand, ClientsRevokeCommand],
})
export class ClientsCommand extends CommandRunner {
  async run(): Promise<void> {
    this.command.help();
  }
}

function describeCustomers(customers: ApiClient['customers']): string {
  return customers === 'all' ? 'all' : customers.join(',');
}

function toJson(client: ApiClient) {
  return {
    client_id: client.clientId,
    name: client.name,
    customers: client.customers,
    created_at: client.createdAt,
    revoked_at: client.revokedAt,
    resource_server: client.resourceServer,
  };
}
