import { DynamicModule, Module } from '@nestjs/common';
import type { ModuleMetadata } from '@nestjs/common';
import { AuthModule } from '@curbside/auth';
import type { Config } from '@curbside/config';
import { CoreModule } from '@curbside/core';
import { ActivitiesModule } from './activities/activities.module';
import { CasesModule } from './cases/cases.module';
import { ContactsModule } from './contacts/contacts.module';
import { HealthModule } from './health/health.module';
import { InvoicesModule } from './invoices/invoices.module';
import { OAuthModule } from './oauth/oauth.module';
import { PlatformModule } from './platform/platform.module';
import { trackingIdOf } from './platform/request-tracking';
import { PreferencesModule } from './preferences/preferences.module';
import { ServicesModule } from './services/services.module';
import { TicketsModule } from './tickets/tickets.module';

export type ModuleImports = NonNullable<ModuleMetadata['imports']>;

@Module({})
export class AppModule {
  /** The whole API for one configuration; `extraImports` lets tests add modules of their own. */
  static forRoot(config: Config, extraImports: ModuleImports = []): DynamicModule {
    return {
      module: AppModule,
      imports: [
        CoreModule.forRoot(config, { requestId: trackingIdOf }),
        AuthModule.forRoot({ tokenSigningKey: config.tokenSigningKey, tokenTtlSeconds: config.tokenTtlSeconds }),
        PlatformModule,
        HealthModule,
        OAuthModule,
        TicketsModule,
        PreferencesModule,
        InvoicesModule,
        CasesModule,
        ContactsModule,
        ServicesModule,
        ActivitiesModule,
        ...extraImports,
      ],
    };
  }
}
