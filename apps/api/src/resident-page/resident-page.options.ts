/** What a resident's page needs from the configuration (CONTRACT §11, §12). */
export interface ResidentPageOptions {
  brandName: string;
  /** The accent colour (`BRAND_COLOR`, `#rrggbb`). */
  brandColor: string;
  publicBaseUrl: string;
  extraPickupsPerMonth: number;
  /** The offered languages (`LANGUAGES`), the hauler's default first. */
  languages: readonly string[];
}

export const RESIDENT_PAGE_OPTIONS = Symbol('RESIDENT_PAGE_OPTIONS');
