import type { Provider, Type } from '@nestjs/common';
import { AccessTokens, ApiClientRegistry } from './api-clients/api-client-ports';
import { CreateApiClient, IssueAccessToken, RevokeApiClient, RotateSigningKey } from './api-clients/api-clients';
import { WebhookRegistry } from './webhooks/webhook-registry';
import { CreateWebhook, DeleteWebhook } from './webhooks/webhooks';

/**
 * The operator's writes that need a feature's work, with their ports wired to the services the
 * door passes (the auth lib's `ClientService` and `TokenService`, the notifications lib's
 * `WebhookService`): the application names the ports and never imports the features.
 */
export function adminProviders(features: { clients: Type<ApiClientRegistry>; tokens: Type<AccessTokens>; webhooks: Type<WebhookRegistry> }): Provider[] {
  return [
    { provide: ApiClientRegistry, useExisting: features.clients },
    { provide: AccessTokens, useExisting: features.tokens },
    { provide: WebhookRegistry, useExisting: features.webhooks },
    CreateApiClient,
    RevokeApiClient,
    IssueAccessToken,
    RotateSigningKey,
    CreateWebhook,
    DeleteWebhook,
  ];
}
