import { DynamicModule, Module } from '@nestjs/common';
import { ResidentLinks } from '@curbside/application';
import {
  ApiClientRepository,
  CustomerRepository,
  DeliveryRepository,
  EventRepository,
  PreferenceRepository,
  SigningKeyRepository,
  WebhookRepository,
} from '@curbside/persistence';
import { UnsubscribeTokens } from './consent/unsubscribe-tokens';
import { Notifier, type NotifierOptions } from './notifier';
import { WebhookService } from './webhook.service';

/** The notifier and the webhook service, over the persistence the core provides. */
@Module({})
export class NotificationsModule {
  static forRoot(options: NotifierOptions): DynamicModule {
    return {
      module: NotificationsModule,
      providers: [
        ResidentLinks,
        {
          provide: UnsubscribeTokens,
          useFactory: (keys: SigningKeyRepository) => new UnsubscribeTokens(keys),
          inject: [SigningKeyRepository],
        },
        {
          provide: Notifier,
          useFactory: (events, deliveries, preferences, webhooks, tokens, customers, pageLinks) =>
            new Notifier(events, deliveries, preferences, webhooks, tokens, options, customers, pageLinks),
          inject: [EventRepository, DeliveryRepository, PreferenceRepository, WebhookRepository, UnsubscribeTokens, CustomerRepository, ResidentLinks],
        },
        {
          provide: WebhookService,
          useFactory: (webhooks, clients) => new WebhookService(webhooks, clients, options.webhooksAllowLoopback),
          inject: [WebhookRepository, ApiClientRepository],
        },
      ],
      exports: [Notifier, WebhookService, UnsubscribeTokens],
    };
  }
}
