import { LINES_OF_BUSINESS, type LineOfBusiness, type Service } from '@curbside/domain';

/**
 * The line of business of a service as one of the filter's values. Imported services write it
 * as people do ("Residential", "Roll-Off"); the filter and the roll-off rule of ETA use the
 * published values (RESIDENTIAL, COMMERCIAL, ROLLOFF), so case and punctuation are ignored.
 */
export function lineOfBusinessOf(service: Pick<Service, 'lineOfBusiness'>): LineOfBusiness | null {
  const letters = (service.lineOfBusiness ?? '').toUpperCase().replace(/[^A-Z]/g, '');
  return LINES_OF_BUSINESS.find((line) => line === letters) ?? null;
}
