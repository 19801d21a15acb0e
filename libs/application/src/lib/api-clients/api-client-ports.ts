import type { ApiClient } from '@curbside/domain';

/*
 * The ports `IssueAccessToken` works through: the auth lib's work (`ClientService`,
 * `TokenService`: clients, signing keys), which the door wires
 * (`{ provide: ApiClientRegistry, useExisting: ClientService }`, and likewise `AccessTokens`).
 */

export abstract class ApiClientRegistry {
  abstract find(clientId: string): Promise<ApiClient | null>;
}

/** An access token as the token endpoint answers it (RFC 6749 §5.1). */
export interface IssuedToken {
  access_token: string;
  token_type: 'Bearer';
  expires_in: number;
}

export abstract class AccessTokens {
  abstract issue(clientId: string): Promise<IssuedToken>;
}
