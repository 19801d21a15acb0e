import { Injectable } from '@nestjs/common';
import { pickupCalendar, type ServiceNextPickup } from '@curbside/codecs';
import { type Holiday, type Id, isScheduledService, type LocalDate, nextPickup, type Pickup, type Service, serviceName } from '@curbside/domain';
import { HolidayRepository, PickupRepository, ServiceRepository } from '@curbside/persistence';
import { Clock } from '../platform';

/** One entry per active service with a schedule, in the order of `services` (by id). */
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

/** The iCalendar text of the customer's pickups in the next 12 weeks. */
export function calendarOf(customerId: Id, services: readonly Service[], holidays: readonly Holiday[], today: LocalDate): string {
  return pickupCalendar({
    calendarName: `Pickups of customer ${customerId}`,
    customerId,
    services: services.filter(isScheduledService).map((service) => ({ id: service.id, name: serviceName(service), schedule: service.schedule })),
    holidays,
    today,
  });
}

/**
 * Loads what the schedule rules need (services, the holiday calendar, pickup records) for one
 * customer, with "today" from the clock: next-pickup and the calendar feed answer from here.
 */
@Injectable()
export class PickupSchedules {
  constructor(
    private readonly services: ServiceRepository,
    private readonly pickups: PickupRepository,
    private readonly holidays: HolidayRepository,
    private readonly clock: Clock,
  ) {}

  async nextPickups(customerId: Id): Promise<ServiceNextPickup[]> {
    const today = this.clock.today();
    const [services, holidays, pickups] = await Promise.all([
      this.services.list(customerId),
      this.holidays.list(),
      this.pickups.list(customerId, { from: today, to: null }),
    ]);
    return nextPickupsOf(services, holidays, pickups, today);
  }

  async calendar(customerId: Id): Promise<string> {
    const [services, holidays] = await Promise.all([this.services.list(customerId), this.holidays.list()]);
    return calendarOf(customerId, services, holidays, this.clock.today());
  }
}
