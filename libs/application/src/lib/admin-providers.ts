import type { Provider, Type } from '@nestjs/common';
import { AccessTokens, ApiClientRegistry } from './api-clients/api-client-ports';
import { IssueAccessToken } from './api-clients/issue-access-token';

/**
 * The operator's use case that needs a feature's work, with its ports wired to the services the
 * door passes (the auth lib's `ClientService` and `TokenService`): the application names the
 * ports and never imports the features.
 */
export function adminProviders(features: { clients: Type<ApiClientRegistry>; tokens: Type<AccessTokens> }): Provider[] {
  return [{ provide: ApiClientRegistry, useExisting: features.clients }, { provide: AccessTokens, useExisting: features.tokens }, IssueAccessToken];
}
