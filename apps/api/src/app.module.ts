import { DynamicModule, Module } from '@nestjs/common';
import type { ModuleMetadata } from '@nestjs/common';
import { ApplicationModule } from '@curbside/application';
import { AuthModule } from '@curbside/auth';
import type { Config } from '@curbside/config';
import { RuntimeModule, MetricsModule } from '@curbside/runtime';
import type { Logger } from 'pino';
import { AccountModule } from './account/account.module';
import { ActivitiesModule } from './activities/activities.module';
import { CasesModule } from './cases/cases.module';
import { MessagesModule } from './messages.module';
import { ConsentModule } from './consent/consent.module';
import { ContactsModule } from './contacts/contacts.module';
import { HealthModule } from './health/health.module';
import { InvoicesModule } from './invoices/invoices.module';
import { LanguageModule } from './language/language.module';
import { ListsModule } from './lists';
import { OAuthModule } from './oauth/oauth.module';
import { ClockModule } from './platform/lifecycle/clock';
import { PlatformModule } from './platform/platform.module';
import { ResponseCacheModule } from './platform/caching/response-cache';
import { RateLimitModule } from './platform/limits/rate-limits';
import { ShutdownModule } from './platform/lifecycle/shutdown';
import { PreferencesModule } from './preferences/preferences.module';
import { ServiceRequestsModule } from './service-requests/service-requests.module';
import { ServicesModule } from './services/services.module';
import { TicketsModule } from './tickets/tickets.module';
import { ResidentPageModule } from './resident-page/resident-page.module';

export type ModuleImports = NonNullable<ModuleMetadata['imports']>;

@Module({})
export class AppModule {
  /**
   * The whole API for one configuration; `extraImports` lets tests add modules of their own,
   * `logger` is the process's logger (the HTTP server's too), `now` fixes the clock.
   */
  static forRoot(config: Config, extraImports: ModuleImports = [], { logger, now }: { logger?: Logger; now?: () => Date } = {}): DynamicModule {
    return {
      module: AppModule,
      imports: [
        RuntimeModule.forRoot(config, { logger }),
        MetricsModule.forRoot({ port: config.metricsPort }),
        AuthModule.forRoot({ tokenSigningKey: config.tokenSigningKey, tokenTtlSeconds: config.tokenTtlSeconds }),
        ApplicationModule,
        ListsModule.forRoot({ maxItems: config.listMaxItems }),
        ClockModule.forRoot(config.timeZone, now),
        ResponseCacheModule.forRoot(config.responseCacheMaxBytes),
        PlatformModule,
        RateLimitModule.forRoot({
          perMinute: config.rateLimitPerMinute,
          tokenFailuresPer15Min: config.tokenFailuresPer15Min,
          tokenFailuresPerAddressPer15Min: config.tokenFailuresPerAddressPer15Min,
          tokenFailureWindowSeconds: config.tokenFailureWindowSeconds,
          introspectionsPerMinute: config.introspectionsPerMinute,
          redisUrl: config.redisUrl,
          redisKeyPrefix: config.redisKeyPrefix,
        }),
        ShutdownModule.forRoot({ drainMs: config.shutdownDrainMs, timeoutMs: config.shutdownTimeoutMs }),
        HealthModule,
        OAuthModule,
        TicketsModule,
        ServiceRequestsModule.forRoot({ extraPickupsPerMonth: config.extraPickupsPerMonth }),
        PreferencesModule,
        LanguageModule,
        InvoicesModule,
        CasesModule,
        ContactsModule,
        ServicesModule,
        ActivitiesModule,
        AccountModule,
        ConsentModule.forRoot({
          brandName: config.brandName,
          publicBaseUrl: config.publicBaseUrl,
          textProviderAuthToken: config.textProviderAuthToken,
        }),
        MessagesModule.forRoot(config.languages),
        ResidentPageModule.forRoot({
          brandName: config.brandName,
          brandColor: config.brandColor,
          publicBaseUrl: config.publicBaseUrl,
          extraPickupsPerMonth: config.extraPickupsPerMonth,
          languages: config.languages.offered,
        }),
        ...extraImports,
      ],
    };
  }
}
