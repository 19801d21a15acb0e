/** What AuthModule needs from the configuration (CONTRACT §1). */
export interface AuthOptions {
  /** Unset: a key is generated once and stored in the database (and can be rotated). */
  tokenSigningKey: string | null;
  tokenTtlSeconds: number;
  /** The time tokens are issued and checked at; tests pass a clock they control. */
  clock?: () => Date;
}

export const AUTH_OPTIONS = Symbol('AUTH_OPTIONS');
