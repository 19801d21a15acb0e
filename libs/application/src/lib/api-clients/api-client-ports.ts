import type { ApiClient, Id } from '@curbside/domain';

/*
 * The ports the API clients' use cases write through: the auth lib's work (`ClientService`,
 * `TokenService`: secrets, hashes, signing keys), which the door wires
 * (`{ provide: ApiClientRegistry, useExisting: ClientService }`, and likewise `AccessTokens`).
 */

/** A just-registered client; the only time its secret is ever visible. */
export interface RegisteredClient {
  clientId: string;
  clientSecret: string;
  customers: 'all' | Id[];
  resourceServer: boolean;
}

export abstract class ApiClientRegistry {
  /** `resourceServer`: the client may introspect tokens. */
  abstract create(name: string, customers: 'all' | Id[], resourceServer?: boolean): Promise<RegisteredClient>;
  abstract find(clientId: string): Promise<ApiClient | null>;
  /** False when there is no such client. */
  abstract revoke(clientId: string): Promise<boolean>;
}

/** An access token as the token endpoint answers it (RFC 6749 §5.1). */
export interface IssuedToken {
  access_token: string;
  token_type: 'Bearer';
  expires_in: number;
}

export interface SigningKeyRotation {
  kid: string;
  previousKid: string;
  previousRetiresAt: Date;
}

export abstract class AccessTokens {
  abstract issue(clientId: string): Promise<IssuedToken>;
  /** Refuses (throws) when the key is configured rather than stored. */
  abstract rotate(): Promise<SigningKeyRotation>;
}
