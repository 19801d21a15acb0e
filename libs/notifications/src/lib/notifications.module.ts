import { DynamicModule, Module } from '@nestjs/common';
import {
  ApiClientRepository,
  DeliveryRepository,
  EventRepository,
  PreferenceRepository,
  SigningKeyRepository,
  WebhookRepository,
} from '@curbside/persistence';
import { UnsubscribeTokens } from './consent/unsubscribe-tokens';
import { Notifier, type NotifierOptions } from './notifier';
import { DeliveryPlanner } from './plan';
import { WebhookService } from './webhook.service';

/** The notifier, the delivery planner (for the notices' use cases) and the webhook service, over the persistence the core provides. */
@Module({})
export class NotificationsModule {
  static forRoot(options: NotifierOptions): DynamicModule {
    return {
      module: NotificationsModule,
      providers: [
        {
          provide: UnsubscribeTokens,
          useFactory: (keys: SigningKeyRepository) => new UnsubscribeTokens(keys),
          inject: [SigningKeyRepository],
        },
        {
          provide: Notifier,
          useFactory: (events, deliveries, preferences, webhooks, tokens) => new Notifier(events, deliveries, preferences, webhooks, tokens, options),
          inject: [EventRepository, DeliveryRepository, PreferenceRepository, WebhookRepository, UnsubscribeTokens],
        },
        {
          provide: DeliveryPlanner,
          useFactory: (tokens) => new DeliveryPlanner(options, tokens),
          inject: [UnsubscribeTokens],
        },
        {
          provide: WebhookService,
          useFactory: (webhooks, clients) => new WebhookService(webhooks, clients),
          inject: [WebhookRepository, ApiClientRepository],
        },
      ],
      exports: [Notifier, DeliveryPlanner, WebhookService, UnsubscribeTokens],
    };
  }
}
