/** What the residents' doors need of the configuration (CONTRACT §10). */
export interface ConsentOptions {
  brandName: string;
  publicBaseUrl: string;
  /** Null: the inbound text door answers 404. */
  textProviderAuthToken: string | null;
}

export const CONSENT_OPTIONS = Symbol('CONSENT_OPTIONS');
