import { DynamicModule, Module } from '@nestjs/common';
import {
  ApiClientRepository,
  DeliveryRepository,
  EventRepository,
  PreferenceRepository,
  WebhookRepository,
} from '@curbside/persistence';
import { Notifier, type NotifierOptions } from './notifier';
import { WebhookService } from './webhook.service';

/** The notifier and the webhook service, over the persistence the core provides. */
@Module({})
export class NotificationsModule {
  static forRoot(options: NotifierOptions): DynamicModule {
    return {
      module: NotificationsModule,
      providers: [
        {
          provide: Notifier,
          useFactory: (events, deliveries, preferences, webhooks) => new Notifier(events, deliveries, preferences, webhooks, options),
          inject: [EventRepository, DeliveryRepository, PreferenceRepository, WebhookRepository],
        },
        {
          provide: WebhookService,
          useFactory: (webhooks, clients) => new WebhookService(webhooks, clients),
          inject: [WebhookRepository, ApiClientRepository],
        },
      ],
      exports: [Notifier, WebhookService],
    };
  }
}
