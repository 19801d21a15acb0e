/** What the service-requests module reads from the configuration. */
export interface ServiceRequestOptions {
  /** CONTRACT §9: extra pickups a service may book per calendar month (`EXTRA_PICKUPS_PER_MONTH`). */
  extraPickupsPerMonth: number;
}

export const SERVICE_REQUEST_OPTIONS = Symbol('SERVICE_REQUEST_OPTIONS');
