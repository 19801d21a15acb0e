/**
 * The port the webhook use cases write through: delivery's work (the notifications lib's
 * `WebhookService` checks the URL, the event types and the client, and makes the secret), which
 * the door wires (`{ provide: WebhookRegistry, useExisting: WebhookService }`).
 */
export abstract class WebhookRegistry {
  /** Registers a webhook for a client; the secret is returned here and never again. */
  abstract create(clientId: string, url: string, events: readonly string[] | null): Promise<{ id: string; secret: string }>;
  /** False when there is no such webhook. */
  abstract delete(id: string): Promise<boolean>;
}
