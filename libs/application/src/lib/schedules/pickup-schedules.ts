import { Injectable } from '@nestjs/common';
import { customerCalendar } from '@curbside/codecs';
import type { Writer } from '@curbside/messages';
import { addDays, type Id, isScheduledService, type LocalDate, nextPickupsOf, scheduledPickups, type ScheduledPickup, serviceName, type ServiceNextPickup } from '@curbside/domain';

/** One active service and its pickups in a span of days, holiday moves applied. */
export interface UpcomingPickups {
  serviceId: Id;
  name: string;
  pickups: ScheduledPickup[];
}
import { HolidayRepository, PickupRepository, ServiceRepository, Traced } from '@curbside/persistence';

/**
 * Loads what the schedule rules need (services, the holiday calendar, pickup records) for one
 * customer and answers through them: next pickups, and the calendar feed. `today` is the
 * caller's (the API's clock), so every door and test decides what day it is.
 */
@Injectable()
export class PickupSchedules {
  constructor(
    private readonly services: ServiceRepository,
    private readonly pickups: PickupRepository,
    private readonly holidays: HolidayRepository,
  ) {}

  @Traced()
  async nextPickups(customerId: Id, today: LocalDate): Promise<ServiceNextPickup[]> {
    const [services, holidays, pickups] = await Promise.all([
      this.services.list(customerId),
      this.holidays.list(),
      this.pickups.list(customerId, { from: today, to: null }),
    ]);
    return nextPickupsOf(services, holidays, pickups, today);
  }

  /** Each active service's pickups from `today` for `days` days (a resident's page shows 28). */
  @Traced()
  async upcoming(customerId: Id, today: LocalDate, days: number): Promise<UpcomingPickups[]> {
    const until = addDays(today, days - 1);
    const [services, holidays] = await Promise.all([this.services.list(customerId), this.holidays.list()]);
    return services
      .filter(isScheduledService)
      .map((service) => ({ serviceId: service.id, name: serviceName(service), pickups: scheduledPickups(service.schedule, holidays, today, until) }));
  }

  @Traced()
  async calendar(customerId: Id, today: LocalDate, words: Writer): Promise<string> {
    const [services, holidays] = await Promise.all([this.services.list(customerId), this.holidays.list()]);
    return customerCalendar(customerId, services, holidays, today, words);
  }
}
