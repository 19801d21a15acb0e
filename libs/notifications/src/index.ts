export { NotificationsModule } from './lib/notifications.module';
// The delivery use cases' ports, which the channels here implement: a team's own channel implements them too.
export { DeliveryFailure, type Channel, type DeliveryOutcome, type OutcomeListener } from '@curbside/application';
export { OutboxSubscriber, type OutboxSubscriberOptions } from './lib/outbox-subscriber';
export { Notifier, notifierOptionsOf, type NotifierOptions } from './lib/notifier';
export { UnsubscribeTokens, type UnsubscribeGrant } from './lib/consent/unsubscribe-tokens';
export { residentPageUrl, unsubscribeUrl } from './lib/sender';
export { escapeHtml, HOUSE_TEMPLATES, renderMessage, shortMessage, type Letterhead, type Message, type MessageTemplates } from './lib/templates';
export { WebhookService, WebhookError } from './lib/webhook.service';
export { verifyWebhookSignature, signWebhook, SIGNATURE_HEADER, EVENT_ID_HEADER, type VerifyOptions } from '@curbside/contract';
