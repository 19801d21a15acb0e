export { NotificationsModule } from './lib/notifications.module';
export { Notifier, type DeliveryOutcome, type NotifierOptions, type OutcomeListener } from './lib/notifier';
export { WebhookService, WebhookError } from './lib/webhook.service';
export { NoticeRun, NoticeScheduler, RouteAlerts, type NoticeRunResult } from './lib/notices';
export { verifyWebhookSignature, signWebhook, SIGNATURE_HEADER, EVENT_ID_HEADER, type VerifyOptions } from '@curbside/contract';
