export { NotificationsModule } from './lib/notifications.module';
export { DeliveryFailure, type Channel } from './lib/channels';
export { OutboxSubscriber, type OutboxSubscriberOptions } from './lib/outbox-subscriber';
export { Notifier, notifierOptionsOf, type DeliveryOutcome, type NotifierOptions, type OutcomeListener } from './lib/notifier';
export { UnsubscribeTokens, type UnsubscribeGrant } from './lib/consent/unsubscribe-tokens';
export { unsubscribeUrl } from './lib/sender';
export { escapeHtml, HOUSE_TEMPLATES, renderMessage, shortMessage, type Letterhead, type Message, type MessageTemplates } from './lib/templates';
export { WebhookService, WebhookError } from './lib/webhook.service';
export { verifyWebhookSignature, signWebhook, SIGNATURE_HEADER, EVENT_ID_HEADER, type VerifyOptions } from '@curbside/contract';
