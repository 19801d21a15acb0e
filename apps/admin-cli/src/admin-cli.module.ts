import { DynamicModule, Injectable, Module } from '@nestjs/common';
import type { Command } from 'commander';
import { InjectCommander } from 'nest-commander';
import { adminProviders, ApplicationModule, noticeProviders } from '@curbside/application';
import { AuthModule, ClientService, TokenService } from '@curbside/auth';
import { Config } from '@curbside/config';
import { CoreModule } from '@curbside/core';
import { NotificationsModule, notifierOptionsOf, WebhookService } from '@curbside/notifications';
import { ClientsCommand, ClientsCreateCommand, ClientsListCommand, ClientsRevokeCommand } from './commands/clients.command';
import { DbCommand, DbMigrateCommand } from './commands/db.command';
import { DeliveriesCommand, DeliveriesListCommand, DeliveriesReplayCommand } from './commands/deliveries.command';
import { ExportCommand } from './commands/export.command';
import { ImportCommand } from './commands/import.command';
import { KeysCommand, KeysRotateCommand } from './commands/keys.command';
import { AlertsCommand, AlertsCreateCommand, AlertsListCommand } from './commands/alerts.command';
import { NoticesCommand, NoticesRunCommand } from './commands/notices.command';
import { SeedCommand } from './commands/seed.command';
import { TicketsCommand, TicketsSetStatusCommand } from './commands/tickets.command';
import { TokensCommand, TokensIssueCommand } from './commands/tokens.command';
import { SuppressionsCommand, SuppressionsDeleteCommand, SuppressionsListCommand } from './commands/suppressions.command';
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
  SeedCommand,
  TicketsCommand,
  TicketsSetStatusCommand,
  DeliveriesCommand,
  DeliveriesListCommand,
  DeliveriesReplayCommand,
  SuppressionsCommand,
  SuppressionsListCommand,
  SuppressionsDeleteCommand,
  WebhooksCommand,
  WebhooksCreateCommand,
  WebhooksListCommand,
  WebhooksDeleteCommand,
  NoticesCommand,
  NoticesRunCommand,
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

/** The operator's tool: the same use cases, persistence and auth libs as the API, behind commands. */
@Module({})
export class AdminCliModule {
  static register(config: Config): DynamicModule {
    const notifier = notifierOptionsOf(config);
    return {
      module: AdminCliModule,
      imports: [
        CoreModule.forRoot(config, { destination: 'stderr' }),
        NotificationsModule.forRoot(notifier),
        AuthModule.forRoot({ tokenSigningKey: config.tokenSigningKey, tokenTtlSeconds: config.tokenTtlSeconds }),
        ApplicationModule,
      ],
      providers: [
        ProgramName,
        ...COMMANDS,
        ...noticeProviders(notifier),
        ...adminProviders({ clients: ClientService, tokens: TokenService, webhooks: WebhookService }),
      ],
    };
  }
}
