import { ResidentLinks } from '@curbside/application';
import { Notifier, UnsubscribeTokens, type NotifierOptions } from '@curbside/notifications';
import { TEST_OPTIONS } from '@curbside/notifications/testing';
import { CustomerRepository, DeliveryRepository, EventRepository, PreferenceRepository, WebhookRepository } from '@curbside/persistence';
import type { TestApp } from './test-app';

/**
 * A notifier on the test app's own repositories, as the notifier process builds one: emails only (to
 * `options.smtpUrl`), their links pointing at the test app, each email with a fresh link to the resident's page
 * (CONTRACT §12). The caller stops it.
 */
export function notifierOf(t: TestApp, options: Partial<NotifierOptions> & { smtpUrl: string }): Notifier {
  return new Notifier(
    t.app.get(EventRepository),
    t.app.get(DeliveryRepository),
    t.app.get(PreferenceRepository),
    t.app.get(WebhookRepository),
    t.app.get(UnsubscribeTokens),
    { ...TEST_OPTIONS, textProviderUrl: null, voiceProviderUrl: null, webhooksAllowLoopback: false, publicBaseUrl: t.url, ...options },
    t.app.get(CustomerRepository),
    t.app.get(ResidentLinks),
  );
}
