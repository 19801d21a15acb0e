import { LINES_OF_BUSINESS, type Holiday, type LineOfBusiness, type Pickup, type ServiceSchedule } from './pickups';
import type { Service } from './customer';
import { nextPickup, type ScheduledPickup } from './schedules';
import type { LocalDate } from './values';

/*
 * What every door asks of a service (CONTRACT §6, §8, §9): whether it is picked up, the name its
 * customer knows it by, its line of business, its next pickup. One rule each.
 */

/** Only active services with a schedule are picked up (restated in SQL by the notices' `scheduled`: notice.repository.ts). */
export const isScheduledService = <S extends Pick<Service, 'status' | 'schedule'>>(service: S): service is S & { schedule: ServiceSchedule } =>
  service.status === 'Active' && service.schedule !== null;

/** The name a customer knows a service by: the published name, else the catalog name. */
export const serviceName = (service: Pick<Service, 'id' | 'name'> & { catalog: Pick<Service['catalog'], 'name'> }): string =>
  service.name ?? service.catalog.name ?? `Service ${service.id}`;

/**
 * The line of business of a service as one of the filter's values. Imported services write it
 * as people do ("Residential", "Roll-Off"); the filter and the roll-off rule of ETA use the
 * published values (RESIDENTIAL, COMMERCIAL, ROLLOFF), so case and punctuation are ignored.
 */
export function lineOfBusinessOf(service: Pick<Service, 'lineOfBusiness'>): LineOfBusiness | null {
  const letters = (service.lineOfBusiness ?? '').toUpperCase().replace(/[^A-Z]/g, '');
  return LINES_OF_BUSINESS.find((line) => line === letters) ?? null;
}

/** An active service with a schedule, the name its customer knows it by, and its next pickup (null: none within a year). */
export interface ServiceNextPickup {
  service: Service & { schedule: ServiceSchedule };
  name: string;
  next: ScheduledPickup | null;
}

/** One entry per active service with a schedule, in the order of `services` (by id); `pickups` are the customer's records. */
export function nextPickupsOf(services: readonly Service[], holidays: readonly Holiday[], pickups: readonly Pickup[], today: LocalDate): ServiceNextPickup[] {
  return services.filter(isScheduledService).map((service) => ({
    service,
    name: serviceName(service),
    next: nextPickup(
      service.schedule,
      holidays,
      pickups.filter((pickup) => pickup.serviceId === service.id),
      today,
    ),
  }));
}
