import { DynamicModule, Injectable, Module, type ModuleMetadata, type Provider } from '@nestjs/common';
import type { Command } from 'commander';
import { InjectCommander } from 'nest-commander';
import { adminProviders, ApplicationModule, noticeProviders } from '@curbside/application';
import { AuthModule, ClientService, TokenService } from '@curbside/auth';
import { Config } from '@curbside/config';
import { RuntimeModule, type LoggerOptions } from '@curbside/runtime';
import { NotificationsModule, notifierOptionsOf } from '@curbside/notifications';
import { ClientsCommand, ClientsCreateCommand, ClientsListCommand, ClientsRevokeCommand } from './commands/clients.command';
import { DbCommand, DbMigrateCommand } from './commands/db.command';
import { DeliveriesCommand, DeliveriesListCommand, DeliveriesReplayCommand } from './commands/deliveries.command';
import { ExportCommand } from './commands/export.command';
import { FeedsCommand, FeedsRevokeCommand } from './commands/feeds.command';
import { ImportCommand } from './commands/import.command';
import { KeysCommand, KeysRotateCommand } from './commands/keys.command';
import { AlertsCommand, AlertsCreateCommand, AlertsListCommand } from './commands/alerts.command';
import { NoticesCommand, NoticesExplainCommand, NoticesRunCommand } from './commands/notices.command';
import { ResidentsCommand, ResidentsLinkCommand, ResidentsRevokeCommand } from './commands/residents.command';
import { SeedCommand } from './commands/seed.command';
import { TicketsCommand, TicketsSetStatusCommand } from './commands/tickets.command';
import { TokensCommand, TokensIssueCommand } from './commands/tokens.command';
import { SuppressionsCommand, SuppressionsDeleteCommand, SuppressionsListCommand } from './commands/suppressions.command';
import { MessagesCheckCommand, MessagesCommand, MessagesListCommand } from './commands/messages.command';
import { WebhooksCommand, WebhooksCreateCommand, WebhooksDeleteCommand, WebhooksListCommand } from './commands/webhooks.command';

const COMMANDS = [
  DbCommand,
  DbMigrateCommand,
  ImportCommand,
  ExportCommand,
  ClientsCommand,
  ClientsCreateCommand,
  ClientsListCommand,
  ClientsRevokeCommand,
  TokensCommand,
  TokensIssueCommand,
  KeysCommand,
  KeysRotateCommand,
  FeedsCommand,
  FeedsRevokeCommand,
  ResidentsCommand,
  ResidentsLinkCommand,
  ResidentsRevokeCommand,
  SeedCommand,
  TicketsCommand,
  TicketsSetStatusCommand,
  DeliveriesCommand,
  DeliveriesListCommand,
  DeliveriesReplayCommand,
  SuppressionsCommand,
  SuppressionsListCommand,
  SuppressionsDeleteCommand,
  MessagesCommand,
  MessagesListCommand,
  MessagesCheckCommand,
  WebhooksCommand,
  WebhooksCreateCommand,
  WebhooksListCommand,
  WebhooksDeleteCommand,
  NoticesCommand,
  NoticesRunCommand,
  NoticesExplainCommand,
  AlertsCommand,
  AlertsCreateCommand,
  AlertsListCommand,
];

/** Names the program in every usage line (`curbside clients create [options]`), not the script's file name. */
@Injectable()
class ProgramName {
  constructor(@InjectCommander() program: Command) {
    program.name('curbside');
  }
}

/**
 * A team's own commands (docs/extending.md): command classes in the house's shape (nest-commander's
 * `CommandRunner`, `CliFailure` for an expected failure, `output` for results), and the modules
 * that provide what they inject. The shipped CLI has none.
 */
export interface CliExtension {
  commands?: Provider[];
  imports?: NonNullable<ModuleMetadata['imports']>;
}

/** The operator's tool: the same use cases, persistence and auth libs as the API, behind commands. */
@Module({})
export class AdminCliModule {
  /** `logTo`: where log lines go (stderr: stdout is for the commands' results). */
  static register(config: Config, extension: CliExtension = {}, logTo: LoggerOptions['destination'] = 'stderr'): DynamicModule {
    const notifier = notifierOptionsOf(config);
    return {
      module: AdminCliModule,
      imports: [
        RuntimeModule.forRoot(config, { destination: logTo }),
        NotificationsModule.forRoot(notifier),
        AuthModule.forRoot({ tokenSigningKey: config.tokenSigningKey, tokenTtlSeconds: config.tokenTtlSeconds }),
        ApplicationModule,
        ...(extension.imports ?? []),
      ],
      providers: [
        ProgramName,
        ...COMMANDS,
        ...noticeProviders(notifier),
        ...adminProviders({ clients: ClientService, tokens: TokenService }),
        ...(extension.commands ?? []),
      ],
    };
  }
}
