import { Injectable } from '@nestjs/common';
import { customerCalendar } from '@curbside/codecs';
import { type Id, nextPickupsOf, type ServiceNextPickup } from '@curbside/domain';
import { HolidayRepository, PickupRepository, ServiceRepository } from '@curbside/persistence';
import { Clock } from '../platform';

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
    return customerCalendar(customerId, services, holidays, this.clock.today());
  }
}
