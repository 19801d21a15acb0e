import { DynamicModule, Module } from '@nestjs/common';
import { NoticeRun, NoticeScheduler, RouteAlerts } from '@curbside/application';
import {
  ApiClientRepository,
  DeliveryRepository,
  EventRepository,
  HolidayRepository,
  NoticeRepository,
  PreferenceRepository,
  SigningKeyRepository,
  WebhookRepository,
} from '@curbside/persistence';
import { UnsubscribeTokens } from './consent/unsubscribe-tokens';
import { Notifier, type NotifierOptions } from './notifier';
import { WebhookService } from './webhook.service';

/** The notifier, the notices (daily run, its scheduler, route alerts) and the webhook service, over the persistence the core provides. */
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
          provide: NoticeRun,
          useFactory: (notices, holidays, tokens) => new NoticeRun(notices, holidays, options, tokens),
          inject: [NoticeRepository, HolidayRepository, UnsubscribeTokens],
        },
        {
          provide: NoticeScheduler,
          useFactory: (run, notices) => new NoticeScheduler(run, notices, options),
          inject: [NoticeRun, NoticeRepository],
        },
        {
          provide: RouteAlerts,
          useFactory: (notices, holidays) => new RouteAlerts(notices, holidays),
          inject: [NoticeRepository, HolidayRepository],
        },
        {
          provide: WebhookService,
          useFactory: (webhooks, clients) => new WebhookService(webhooks, clients),
          inject: [WebhookRepository, ApiClientRepository],
        },
      ],
      exports: [Notifier, NoticeRun, NoticeScheduler, RouteAlerts, WebhookService, UnsubscribeTokens],
    };
  }
}
