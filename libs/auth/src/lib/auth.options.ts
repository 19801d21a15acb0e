/** What AuthModule needs from the configuration (CONTRACT §1). */
export interface AuthOptions {
  /** Unset: a key is generated once and stored in the database. */
  tokenSigningKey: string | null;
  tokenTtlSeconds: number;
}

export const AUTH_OPTIONS = Symbol('AUTH_OPTIONS');
