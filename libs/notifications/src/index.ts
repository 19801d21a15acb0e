export { NotificationsModule } from './lib/notifications.module';
export { Notifier, emailActivityIdOf, type NotifierOptions } from './lib/notifier';
export { WebhookService, WebhookError, isAcceptedWebhookUrl } from './lib/webhook.service';
export { verifyWebhookSignature, signWebhook, SIGNATURE_HEADER, EVENT_ID_HEADER, type VerifyOptions } from './lib/webhook-signature';
export { routeOf, matchingRecipients, type Audience, type EventRoute, type Recipient } from './lib/routing';
export { renderMessage, shortMessage, headline, type Message } from './lib/templates';
export { planDeliveries, webhookBody } from './lib/plan';
export { retryDelayMs } from './lib/backoff';
export { DeliveryFailure } from './lib/channels';
